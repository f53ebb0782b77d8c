import assert from 'node:assert/strict';
import { test } from 'node:test';
import { db, equitiesHub, near, type EquitiesHub } from './equities-hub.ts';

interface Related {
  basis: string;
  sector: { code: string; name: string };
  items: { symbol: string; code: string; price: number; change: number | null; tradingDate: string; marketCap: number }[];
}

/** Independently: common shares of the three markets, by shares × latest close, largest first. */
async function ranked(hub: EquitiesHub, where: { sector33?: string; segment?: string }, exclude: Set<string>) {
  let query = db(hub)
    .selectFrom('equity_issue as i')
    .innerJoin('equity_bar as b', 'b.code', 'i.code')
    .select(['i.code', 'i.shares_outstanding', 'b.close'])
    .where('b.date', '=', '2026-06-19')
    .where('i.security_type', '=', 'common');
  if (where.sector33 !== undefined) query = query.where('i.sector33_code', '=', where.sector33);
  if (where.segment !== undefined) query = query.where('i.segment', '=', where.segment);
  const rows = await query.execute();
  return rows
    .filter((r) => !exclude.has(r.code))
    .map((r) => ({ code: r.code, cap: (r.shares_outstanding ?? Number.NaN) * r.close }))
    .sort((a, b) => b.cap - a.cap || (a.code < b.code ? -1 : 1));
}

test('related stocks', async (t) => {
  const hub = await equitiesHub(t);
  const sizes = await db(hub)
    .selectFrom('equity_issue')
    .select(['sector33_code', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('sector33_code')
    .execute();

  await t.test('peers come from the same 33-sector, largest market cap first, the stock itself excluded', async () => {
    const big = sizes.reduce((a, b) => (Number(b.n) > Number(a.n) ? b : a));
    const member = await db(hub)
      .selectFrom('equity_issue')
      .select(['code', 'ticker'])
      .where('sector33_code', '=', big.sector33_code)
      .orderBy('code')
      .executeTakeFirstOrThrow();
    const { status, body } = await hub.json(`/market/jp/equities/${member.ticker}/related-stocks?limit=12`);
    assert.equal(status, 200);
    const related = body.data as Related;
    const expected = (await ranked(hub, { sector33: big.sector33_code }, new Set([member.code]))).slice(0, 12);
    assert.equal(related.basis, 'sector33');
    assert.equal(related.sector.code, big.sector33_code);
    assert.deepEqual(
      related.items.map((i) => i.symbol),
      expected.map((e) => e.code),
    );
    related.items.forEach((item, i) => {
      assert.ok(near(item.marketCap, expected[i]?.cap ?? Number.NaN));
    });
    assert.ok(related.items.every((i) => i.tradingDate === '2026-06-19' && i.code === i.symbol.slice(0, 4)));

    const fallback = await hub.json(`/market/jp/equities/${member.code}/related-stocks`);
    assert.equal((fallback.body.data as Related).items.length, 6, 'limit defaults to 6');
  });

  await t.test('a small sector is filled from the same market segment with basis sector33_segment', async () => {
    const air = await db(hub).selectFrom('equity_issue').select(['code', 'segment']).where('sector33_code', '=', '5150').orderBy('code').execute();
    assert.ok(air.length >= 1 && air.length < 6, 'Air Transportation is smaller than the default limit');
    const subject = air[0];
    assert.ok(subject !== undefined);
    const { body } = await hub.json(`/market/jp/equities/${subject.code}/related-stocks`);
    const related = body.data as Related;
    assert.equal(related.basis, 'sector33_segment');
    const sectorPeers = await ranked(hub, { sector33: '5150' }, new Set([subject.code]));
    const fill = await ranked(hub, { segment: subject.segment }, new Set([subject.code, ...sectorPeers.map((p) => p.code)]));
    assert.deepEqual(
      related.items.map((i) => i.symbol),
      [...sectorPeers, ...fill].slice(0, 6).map((p) => p.code),
    );
  });

  await t.test('preferred shares are never peers', async () => {
    const preferred = await db(hub)
      .selectFrom('equity_issue')
      .select(['code', 'sector33_code'])
      .where('security_type', '=', 'preferred')
      .executeTakeFirstOrThrow();
    const peer = await db(hub)
      .selectFrom('equity_issue')
      .select('code')
      .where('sector33_code', '=', preferred.sector33_code)
      .where('code', '!=', preferred.code)
      .executeTakeFirstOrThrow();
    const { body } = await hub.json(`/market/jp/equities/${peer.code}/related-stocks?limit=12`);
    assert.ok(!(body.data as Related).items.some((i) => i.symbol === preferred.code));
  });

  await t.test('limit is 1 to 12', async () => {
    for (const limit of ['0', '13', 'x']) {
      const { status, body } = await hub.json(`/market/jp/equities/7203/related-stocks?limit=${limit}`);
      assert.equal(status, 400);
      assert.match(String(body.error?.message), /limit/);
    }
  });
});

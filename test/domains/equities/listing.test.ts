import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SECTORS_33 } from '../../../src/domains/equities/sectors.ts';
import { runDemoGenerators } from '../../../src/ingest/demo/framework.ts';
import { equitiesDemoGenerator } from '../../../src/ingest/demo/equities.ts';
import { db, equitiesHub, near } from './equities-hub.ts';

interface Summary {
  symbol: string;
  code: string;
  name: string;
  sector: { code: string; name: string };
  segment: string;
}

test('equity list, profile, corporate actions and sectors', async (t) => {
  const hub = await equitiesHub(t);
  const issues = await db(hub).selectFrom('equity_issue').selectAll().orderBy('code').execute();
  assert.equal(issues.length, 200, 'the small scale has 200 stocks');

  await t.test('paging with the cursor walks every issue once, in code order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { status, body } = await hub.json(`/market/jp/equities?limit=100${cursor === null ? '' : `&cursor=${cursor}`}`);
      assert.equal(status, 200);
      seen.push(...(body.data as Summary[]).map((s) => s.symbol));
      cursor = body.meta.nextCursor as string | null;
    } while (cursor !== null);
    assert.deepEqual(
      seen,
      issues.map((i) => i.code),
    );
  });

  await t.test('filters: sector33, segment and q by code prefix or name', async () => {
    const bySector = (await hub.json('/market/jp/equities?sector33=3700&limit=100')).body.data as Summary[];
    assert.deepEqual(
      bySector.map((s) => s.symbol),
      issues.filter((i) => i.sector33_code === '3700').map((i) => i.code),
    );
    const growth = (await hub.json('/market/jp/equities?segment=growth&limit=100')).body.data as Summary[];
    assert.deepEqual(
      growth.map((s) => s.symbol),
      issues.filter((i) => i.segment === 'growth').map((i) => i.code),
    );
    const toyota = (await hub.json('/market/jp/equities?q=7203')).body.data as Summary[];
    assert.deepEqual(
      toyota.map((s) => s.code),
      ['7203'],
    );
    const named = (await hub.json('/market/jp/equities?q=yamato%20MOTOR')).body.data as Summary[];
    assert.ok(named.some((s) => s.code === '7203'));
    const bad = await hub.json('/market/jp/equities?segment=Prime');
    assert.equal(bad.status, 400);
    assert.match(String(bad.body.error?.message), /segment/);
    const market = await hub.json('/market/us/equities');
    assert.equal(market.body.error?.code, 'MARKET_NOT_SUPPORTED');
  });

  await t.test('the profile computes market cap from shares and the latest close', async () => {
    const { body } = await hub.json('/market/jp/equities/7203');
    const profile = body.data as { sharesOutstanding: number; price: number; change: number; marketCap: number; tradingDate: string };
    const [latest, previous] = await db(hub).selectFrom('equity_bar').selectAll().where('code', '=', '72030').orderBy('date', 'desc').limit(2).execute();
    const issue = issues.find((i) => i.code === '72030');
    assert.ok(latest !== undefined && previous !== undefined && issue?.shares_outstanding != null);
    assert.equal(profile.price, latest.close);
    assert.equal(profile.tradingDate, latest.date);
    assert.equal(profile.change, latest.close - previous.close);
    assert.ok(near(profile.marketCap, issue.shares_outstanding * latest.close));
    assert.equal(body.meta.classification, 'RAW+COMPUTED');
  });

  await t.test('a preferred share answers to its 5-character code only', async () => {
    const preferred = issues.find((i) => i.security_type === 'preferred');
    assert.ok(preferred !== undefined);
    assert.ok(preferred.code.endsWith('5'));
    const { status, body } = await hub.json(`/market/jp/equities/${preferred.code}`);
    assert.equal(status, 200);
    assert.equal((body.data as { securityType: string }).securityType, 'preferred');
    const ticker = await hub.json(`/market/jp/equities/${preferred.ticker}`);
    assert.equal(ticker.status, 404, 'the 4-character ticker names the common share');
  });

  await t.test('corporate actions list the stored splits and reverse splits', async () => {
    const action = await db(hub).selectFrom('equity_action').selectAll().where('kind', '=', 'reverse_split').executeTakeFirstOrThrow();
    const { body } = await hub.json(`/market/jp/equities/${action.code}/corporate-actions`);
    assert.deepEqual(body.data, [{ effectiveDate: action.effective_date, type: 'reverse_split', ratio: action.ratio, adjustmentFactor: 1 / action.ratio }]);
    assert.equal(body.meta.classification, 'RAW');
  });

  await t.test('sectors: all 33 with the market-cap weighted change of the latest session', async () => {
    const { body } = await hub.json('/market/jp/sectors');
    const sectors = body.data as { code: string; stockCount: number; changePercent: number | null; marketCap: number | null }[];
    assert.deepEqual(
      sectors.map((s) => s.code),
      SECTORS_33.map((s) => s.code),
    );
    assert.equal(
      sectors.reduce((n, s) => n + s.stockCount, 0),
      200,
    );
    const bars = await db(hub).selectFrom('equity_bar').selectAll().where('date', 'in', ['2026-06-18', '2026-06-19']).execute();
    const actions = await db(hub).selectFrom('equity_action').selectAll().where('effective_date', '=', '2026-06-19').execute();
    const close = new Map(bars.map((b) => [`${b.code}${b.date}`, b.close]));
    for (const sector of sectors) {
      let today = 0;
      let before = 0;
      for (const issue of issues.filter((i) => i.sector33_code === sector.code)) {
        const now = close.get(`${issue.code}2026-06-19`);
        const then = close.get(`${issue.code}2026-06-18`);
        if (now === undefined || then === undefined || issue.shares_outstanding === null) continue;
        const ratio = actions.find((a) => a.code === issue.code)?.ratio ?? 1;
        today += issue.shares_outstanding * now;
        before += (issue.shares_outstanding * then) / ratio;
      }
      assert.ok(sector.changePercent !== null && near(sector.changePercent, (today / before - 1) * 100, 1e-9), sector.code);
    }
  });

  await t.test('seeding again replaces the demo rows; clear removes exactly them', async () => {
    const tables = ['equity_issue', 'equity_bar', 'equity_session', 'equity_action', 'equity_statement'] as const;
    const count = async () =>
      Promise.all(
        tables.map(async (table) =>
          Number(
            (
              await db(hub)
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const before = await count();
    await runDemoGenerators(db(hub), [equitiesDemoGenerator], { until: '2026-06-19', scale: 'small' });
    assert.deepEqual(await count(), before);
    await db(hub)
      .transaction()
      .execute((trx) => equitiesDemoGenerator.clear(trx));
    assert.deepEqual(await count(), [0, 0, 0, 0, 0]);
  });
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { etfHub, monthsBefore, round } from './etf-fixture.ts';

interface NavRow {
  fund_code: string;
  date: string;
  nav: number;
  total_net_assets: number | null;
  units_outstanding: number | null;
}

async function navsByFund(db: import('kysely').Kysely<import('../../../src/store/schema.ts').Database>): Promise<Map<string, NavRow[]>> {
  const rows = await db.selectFrom('etf_nav').select(['fund_code', 'date', 'nav', 'total_net_assets', 'units_outstanding']).execute();
  const byFund = new Map<string, NavRow[]>();
  for (const row of rows) byFund.set(row.fund_code, [...(byFund.get(row.fund_code) ?? []), row]);
  for (const list of byFund.values()) list.sort((a, b) => a.date.localeCompare(b.date));
  return byFund;
}

test('ETF rankings and market figures', async (t) => {
  const { hub, call } = await etfHub(t);
  await t.test('top performance ranks funds by NAV change over each period, best to worst', async () => {
    const db = hub.runtime.store.db;
    const byFund = await navsByFund(db);
    const names = new Map((await db.selectFrom('etf_fund').select(['code', 'name']).execute()).map((f) => [f.code, f.name]));
    for (const [period, months] of [
      ['1M', 1],
      ['6M', 6],
      ['1Y', 12],
    ] as const) {
      const expected = [...byFund]
        .flatMap(([code, navs]) => {
          const latest = navs[navs.length - 1];
          if (latest === undefined) return [];
          const start = monthsBefore(latest.date, months);
          const base = navs.filter((n) => n.date <= start).pop();
          if (base === undefined) return [];
          return [{ code, latest: latest.nav, change: (latest.nav / base.nav - 1) * 100 }];
        })
        .sort((a, b) => b.change - a.change)
        .slice(0, 10);
      const { body } = await call(`/etf/top-performance?period=${period}`);
      const data = body.data as { etfCode: string; etfName: string; currentNav: number; changePercent: number }[];
      assert.deepEqual(
        data,
        expected.map((e) => ({ etfCode: e.code, etfName: names.get(e.code), currentNav: e.latest, changePercent: round(e.change, 2) })),
        period,
      );
      for (let i = 1; i < data.length; i++) assert.ok((data[i - 1]?.changePercent ?? 0) >= (data[i]?.changePercent ?? 0));
    }
    // 518A listed in September 2025: ranked over one and six months, not over a year.
    assert.ok(((await call('/etf/top-performance?period=1Y')).body.data as { etfCode: string }[]).every((r) => r.etfCode !== '518A'));
  });

  await t.test('top net flow ranks the latest day’s units created or redeemed × NAV', async () => {
    const byFund = await navsByFund(hub.runtime.store.db);
    const flows = [...byFund].flatMap(([code, navs]) => {
      const current = navs[navs.length - 1];
      const previous = navs[navs.length - 2];
      if (current?.units_outstanding == null || previous?.units_outstanding == null || current.total_net_assets === null) return [];
      const netflow = (current.units_outstanding - previous.units_outstanding) * current.nav;
      return [{ etfCode: code, netflow, pct: (netflow / current.total_net_assets) * 100 }];
    });
    const positive = flows
      .filter((f) => f.netflow > 0)
      .sort((a, b) => b.netflow - a.netflow)
      .slice(0, 10);
    const negative = flows
      .filter((f) => f.netflow < 0)
      .sort((a, b) => a.netflow - b.netflow)
      .slice(0, 10);
    assert.ok(positive.length > 0 && negative.length > 0, 'the demo has inflows and outflows on its last day');
    for (const [type, expected] of [
      ['positive', positive],
      ['negative', negative],
    ] as const) {
      const data = (await call(`/etf/top-netflow?type=${type}`)).body.data as { etfCode: string; netflow: number; netflowAumPercentage: number }[];
      assert.deepEqual(
        data.map((d) => d.etfCode),
        expected.map((e) => e.etfCode),
        type,
      );
      data.forEach((d, i) => {
        const e = expected[i];
        assert.ok(e !== undefined);
        assert.ok(Math.abs(d.netflow - e.netflow) <= 0.5, `${d.etfCode} netflow`);
        assert.equal(d.netflowAumPercentage, round(e.pct, 2));
      });
    }
  });

  await t.test('heatmap: the day’s change, trading value and its share, from the last two sessions', async () => {
    const db = hub.runtime.store.db;
    const prices = await db.selectFrom('etf_price').select(['fund_code', 'date', 'close', 'volume']).orderBy('date').execute();
    const data = (await call('/etf/heatmap')).body.data as Record<string, number | string>[];
    const listed = new Set(prices.map((p) => p.fund_code));
    assert.deepEqual(data.map((d) => d.code).sort(), [...listed].sort());
    let totalTradingValue = 0;
    const expectations = new Map<string, { close: number; change: number; pct: number; tradingValue: number }>();
    for (const code of listed) {
      const own = prices.filter((p) => p.fund_code === code);
      const last = own[own.length - 1];
      const previous = own[own.length - 2];
      assert.ok(last !== undefined && previous !== undefined && last.volume !== null);
      const tradingValue = last.close * last.volume;
      totalTradingValue += tradingValue;
      expectations.set(code, {
        close: last.close,
        change: last.close - previous.close,
        pct: ((last.close - previous.close) / previous.close) * 100,
        tradingValue,
      });
    }
    for (const item of data) {
      const e = expectations.get(String(item.code));
      assert.ok(e !== undefined);
      assert.equal(item.closePrice, e.close);
      assert.equal(item.priceFluctuation, round(e.change, 4));
      assert.equal(item.priceFluctuationPercent, round(e.pct, 2));
      assert.ok(Math.abs(Number(item.tradingValue) - e.tradingValue) < 1e-3);
      assert.ok(Math.abs(Number(item.contributionValue) - (e.tradingValue * e.pct) / 100) < 1e-3);
      assert.equal(item.contributionArea, round(e.tradingValue / totalTradingValue, 5));
    }
    const areas = data.reduce((sum, d) => sum + Number(d.contributionArea), 0);
    assert.ok(Math.abs(areas - 1) < 1e-3);
  });

  await t.test('the list shows each fund’s latest close (null for open-end funds) and latest net assets', async () => {
    const db = hub.runtime.store.db;
    const data = (await call('/etf')).body.data as { etfCode: string; price: number | null; aum: number | null; country: string }[];
    const byFund = await navsByFund(db);
    assert.ok(data.some((d) => d.etfCode === '1305') && data.some((d) => d.etfCode === 'VESAF'));
    for (const item of data) {
      const lastPrice = await db
        .selectFrom('etf_price')
        .select('close')
        .where('fund_code', '=', item.etfCode)
        .orderBy('date', 'desc')
        .limit(1)
        .executeTakeFirst();
      assert.equal(item.price, lastPrice?.close ?? null, item.etfCode);
      const navs = byFund.get(item.etfCode) ?? [];
      assert.equal(item.aum, navs[navs.length - 1]?.total_net_assets ?? null);
      if (item.country === 'vn') assert.equal(item.price, null);
    }
  });

  await t.test('rankings follow the stored history: a revised NAV moves the fund at the next request', async () => {
    const db = hub.runtime.store.db;
    const latest = await db
      .selectFrom('etf_nav')
      .select(['date', 'nav'])
      .where('fund_code', '=', '1343')
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const base = await db
      .selectFrom('etf_nav')
      .select('nav')
      .where('fund_code', '=', '1343')
      .where('date', '<=', monthsBefore(latest.date, 1))
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('etf_nav')
      .set({ nav: base.nav * 1.5 })
      .where('fund_code', '=', '1343')
      .where('date', '=', latest.date)
      .execute();
    await hub.changed('etf');
    const [top] = (await call('/etf/top-performance?period=1M')).body.data as { etfCode: string; currentNav: number; changePercent: number }[];
    assert.deepEqual(top, { etfCode: '1343', etfName: 'NEXT FUNDS REIT INDEX ETF', currentNav: base.nav * 1.5, changePercent: 50 });
  });
});

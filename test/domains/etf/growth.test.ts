import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dmy, etfHub, monthsBefore, round } from './etf-fixture.ts';

interface Point {
  date: string;
  growthRate: number;
  nav: number;
  isFilledFromPreviousDate?: boolean;
  actualDataDate?: string;
}
interface Series {
  etfCode: string;
  data: Record<string, Point[]>;
}
interface Growth {
  etf1: Series;
  etf2: Series;
  vnIndex: Series;
  periodAvailability: Record<string, boolean>;
  startDate: string;
}

const PERIODS = [
  ['1M', 1],
  ['3M', 3],
  ['6M', 6],
  ['1Y', 12],
  ['3Y', 36],
] as const;

/** The expected series: on each grid date the last value on or before it, rebased at the first grid date. */
function expectedPoints(series: { date: string; value: number }[], grid: string[]): Point[] {
  const points: Point[] = [];
  let base: number | undefined;
  for (const date of grid) {
    const actual = series.filter((p) => p.date <= date).pop();
    if (actual === undefined) continue;
    base ??= actual.value;
    const point: Point = { date: dmy(date), growthRate: round((actual.value / base - 1) * 100, 2), nav: actual.value };
    if (actual.date !== date) Object.assign(point, { isFilledFromPreviousDate: true, actualDataDate: dmy(actual.date) });
    points.push(point);
  }
  return points;
}

test('ETF growth, performance and composition', async (t) => {
  const { hub, call } = await etfHub(t);
  await t.test('NAV growth of a fund and the VN-Index: rebased to 0 at each window’s start, gaps filled from the previous date and flagged', async () => {
    const db = hub.runtime.store.db;
    const fund = (await db.selectFrom('etf_nav').select(['date', 'nav']).where('fund_code', '=', 'VNDAF').orderBy('date').execute()).map((r) => ({
      date: r.date,
      value: r.nav,
    }));
    const index = (await db.selectFrom('instrument_close').select(['date', 'close']).where('instrument', '=', 'index:VNINDEX').orderBy('date').execute()).map(
      (r) => ({ date: r.date, value: r.close }),
    );
    const { status, body } = await call('/etf/nav-growth/VNDAF');
    assert.equal(status, 200);
    const growth = body.data as Growth;
    assert.equal(growth.etf1.etfCode, 'VNDAF');
    assert.deepEqual(growth.etf2, { etfCode: '', data: {} });
    assert.equal(growth.vnIndex.etfCode, 'VNINDEX');
    assert.equal(growth.startDate, dmy(fund[0]?.date ?? ''));
    const latest = fund[fund.length - 1]?.date ?? '';
    const allDates = [...new Set([...fund, ...index].map((p) => p.date))].sort();
    let filled = 0;
    for (const [period, months] of PERIODS) {
      const start = monthsBefore(latest, months);
      const available = (fund[0]?.date ?? '9999') <= start;
      assert.equal(growth.periodAvailability[period], available, period);
      if (!available) {
        assert.equal(growth.etf1.data[period], undefined);
        continue;
      }
      const anchor = allDates.filter((d) => d <= start).pop() ?? start;
      const grid = allDates.filter((d) => d >= anchor && d <= latest);
      const fundPoints = growth.etf1.data[period] ?? [];
      assert.deepEqual(fundPoints, expectedPoints(fund, grid), period);
      assert.deepEqual(growth.vnIndex.data[period], expectedPoints(index, grid), period);
      assert.equal(fundPoints[0]?.growthRate, 0);
      filled += fundPoints.filter((p) => p.isFilledFromPreviousDate === true).length;
    }
    // VNDAF deals on Mondays, Wednesdays and Fridays: the index's other sessions are filled.
    assert.ok(filled > 0);
    assert.deepEqual(growth.periodAvailability, { '1M': true, '3M': true, '6M': true, '1Y': true, '3Y': true });
  });

  await t.test('comparing two funds: one grid, availability and start date from the younger fund', async () => {
    const db = hub.runtime.store.db;
    const growth = (await call('/etf/compare/nav-growth?code1=1306&code2=518A')).body.data as Growth;
    const first518 = await db.selectFrom('etf_nav').select('date').where('fund_code', '=', '518A').orderBy('date').limit(1).executeTakeFirstOrThrow();
    assert.equal(growth.startDate, dmy(first518.date));
    assert.equal(growth.etf1.etfCode, '1306');
    assert.equal(growth.etf2.etfCode, '518A');
    assert.deepEqual(growth.periodAvailability, { '1M': true, '3M': true, '6M': true, '1Y': false, '3Y': false });
    for (const period of ['1M', '3M', '6M']) {
      const a = growth.etf1.data[period] ?? [];
      const b = growth.etf2.data[period] ?? [];
      assert.deepEqual(
        a.map((p) => p.date),
        b.map((p) => p.date),
        period,
      );
      assert.equal(a[0]?.growthRate, 0);
      assert.equal(b[0]?.growthRate, 0);
    }
    assert.equal(growth.etf1.data['1Y'], undefined);
  });

  await t.test('detail: cumulative returns per period and the daily net-flow series from stored NAVs and units', async () => {
    const db = hub.runtime.store.db;
    const navs = await db.selectFrom('etf_nav').selectAll().where('fund_code', '=', '1306').orderBy('date').execute();
    const detail = (await call('/etf/1306/detail')).body.data as {
      currentPrice: number;
      change: number;
      changePct: number;
      lastUpdateDate: string;
      totalAssetValue: number;
      performance: { periodAvailability: Record<string, boolean>; periods: Record<string, { date: string; nav: number; cumulativeReturn: number }[]> };
      netflow: { data: { date: string; aum: number; netflow: number; netflowAumPct: number }[]; periodAvailability: Record<string, boolean> };
      sectorWeight: { sector: string | null; weight: number; month: number; year: number }[];
      equityHoldings: Record<string, string>;
    };
    const latest = navs[navs.length - 1];
    assert.ok(latest !== undefined);
    assert.equal(detail.totalAssetValue, latest.total_net_assets);
    const prices = await db.selectFrom('etf_price').select(['date', 'close']).where('fund_code', '=', '1306').orderBy('date', 'desc').limit(2).execute();
    assert.equal(detail.currentPrice, prices[0]?.close);
    assert.equal(detail.lastUpdateDate, prices[0]?.date);
    assert.equal(detail.changePct, round((((prices[0]?.close ?? 0) - (prices[1]?.close ?? 0)) / (prices[1]?.close ?? 1)) * 100, 2));

    for (const [period, months] of PERIODS) {
      const start = monthsBefore(latest.date, months);
      assert.equal(detail.performance.periodAvailability[period], true);
      const anchor = navs.filter((n) => n.date <= start).pop();
      assert.ok(anchor !== undefined);
      const expected = navs
        .filter((n) => n.date >= anchor.date)
        .map((n) => ({ date: dmy(n.date), nav: n.nav, cumulativeReturn: round((n.nav / anchor.nav - 1) * 100, 2) }));
      assert.deepEqual(detail.performance.periods[period], expected, period);
    }

    const sixMonths = monthsBefore(latest.date, 6);
    const expectedFlows = navs.flatMap((n, i) => {
      const previous = navs[i - 1];
      if (previous === undefined || n.date <= sixMonths || n.units_outstanding === null || previous.units_outstanding === null || n.total_net_assets === null)
        return [];
      const netflow = (n.units_outstanding - previous.units_outstanding) * n.nav;
      return [{ date: n.date, aum: n.total_net_assets, netflow: round(netflow, 0), netflowAumPct: round((netflow / n.total_net_assets) * 100, 3) }];
    });
    assert.deepEqual(detail.netflow.data, expectedFlows);
    assert.ok(expectedFlows.some((f) => f.netflow > 0) && expectedFlows.some((f) => f.netflow < 0));
    // A day without creations or redemptions has a net flow of 0 (it is a figure, not a gap).
    assert.ok(expectedFlows.some((f) => f.netflow === 0));
    assert.deepEqual(detail.netflow.periodAvailability, { '1M': true, '3M': true, '6M': true });

    // Sector weights and valuation yields from the latest holdings snapshot.
    const snapshot = await db.selectFrom('etf_holding').selectAll().where('fund_code', '=', '1306').orderBy('fund_date', 'desc').execute();
    const fundDate = snapshot[0]?.fund_date ?? '';
    const holdings = snapshot.filter((h) => h.fund_date === fundDate);
    const total = holdings.reduce((s, h) => s + h.shares * (h.price ?? 0), 0);
    const financials = holdings.filter((h) => h.sector === 'Financials').reduce((s, h) => s + h.shares * (h.price ?? 0), 0);
    const financialsWeight = detail.sectorWeight.find((w) => w.sector === 'Financials');
    assert.equal(financialsWeight?.weight, round(financials / total, 4));
    assert.equal(financialsWeight?.month, Number(fundDate.slice(5, 7)));
    const earnings = holdings.reduce((s, h) => s + h.shares * (h.eps ?? 0), 0);
    assert.equal(detail.equityHoldings.PE, (earnings / total).toFixed(4));
  });

  await t.test('composition: stock and bond sums from the holdings, others the rest of net assets, weights against net assets', async () => {
    const db = hub.runtime.store.db;
    for (const code of ['VESAF', 'VCBF-TBF']) {
      const rows = await db.selectFrom('etf_holding').selectAll().where('fund_code', '=', code).orderBy('fund_date', 'desc').execute();
      const fundDate = rows[0]?.fund_date ?? '';
      const holdings = rows.filter((h) => h.fund_date === fundDate);
      const nav = await db
        .selectFrom('etf_nav')
        .selectAll()
        .where('fund_code', '=', code)
        .where('date', '<=', fundDate)
        .orderBy('date', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      const total = nav.total_net_assets ?? 0;
      const sum = (cls: string) => holdings.filter((h) => h.asset_class === cls).reduce((s, h) => s + h.shares * (h.price ?? 0), 0);
      const composition = (await call(`/etf/${code}/composition`)).body.data as {
        assetAllocation: Record<string, number | string>;
        portfolio: { symbol: string; weightPercent: number; volume: number; price: number; month: string }[];
        sectorAllocation: { sectorName: string; value: number; percent: number }[];
      };
      const allocation = composition.assetAllocation;
      assert.equal(allocation.total, total);
      assert.equal(allocation.stock, sum('stock'));
      assert.equal(allocation.bond, sum('bond'));
      assert.equal(allocation.others, total - sum('stock') - sum('bond'));
      assert.equal(allocation.stockPercent, round((sum('stock') / total) * 100, 2));
      assert.equal(allocation.month, fundDate.slice(0, 7));
      assert.equal(composition.portfolio.length, holdings.length);
      for (const item of composition.portfolio) {
        const holding = holdings.find((h) => h.symbol === item.symbol);
        assert.ok(holding !== undefined);
        assert.equal(item.volume, holding.shares);
        assert.equal(item.weightPercent, round(((holding.shares * (holding.price ?? 0)) / total) * 100, 2));
      }
      const sectorSum = composition.sectorAllocation.reduce((s, x) => s + x.value, 0);
      assert.ok(Math.abs(sectorSum - sum('stock') - sum('bond')) < 1e-3);
      if (code === 'VCBF-TBF') assert.ok(Number(allocation.bond) > 0);
    }
    const compared = (await call('/etf/compare/fund-composition?codes=VESAF,1570')).body.data as {
      fundCode: string;
      assetAllocation: unknown;
      portfolio: unknown[];
    }[];
    assert.deepEqual(
      compared.map((c) => c.fundCode),
      ['VESAF', '1570'],
    );
    assert.equal(compared[1]?.assetAllocation, null, 'a fund without holdings has no allocation');
    assert.deepEqual(compared[1]?.portfolio, []);
  });

  await t.test('holdings: shares, value and units outstanding as decimal strings from the latest snapshot', async () => {
    const db = hub.runtime.store.db;
    const holdings = (await call('/etf/1306/holdings')).body.data as {
      id: number;
      code: string;
      sharesAmount: string;
      stockPrice: number;
      value: string;
      sharesOutstanding: string;
      fundDate: string;
    }[];
    assert.ok(holdings.length > 0);
    const fundDate = holdings[0]?.fundDate ?? '';
    const nav = await db
      .selectFrom('etf_nav')
      .selectAll()
      .where('fund_code', '=', '1306')
      .where('date', '<=', fundDate)
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    for (const h of holdings) {
      const row = await db.selectFrom('etf_holding').selectAll().where('id', '=', h.id).executeTakeFirstOrThrow();
      assert.equal(h.sharesAmount, row.shares.toFixed(6));
      assert.match(h.value, /^\d+\.\d{6}$/);
      assert.equal(Number(h.value), Number((row.shares * (row.price ?? 0)).toFixed(6)));
      assert.equal(h.sharesOutstanding, (nav.units_outstanding ?? 0).toFixed(6));
    }
    const later = await db.selectFrom('etf_holding').select('fund_date').where('fund_code', '=', '1306').where('fund_date', '>', fundDate).executeTakeFirst();
    assert.equal(later, undefined, 'the latest snapshot is served');
  });
});

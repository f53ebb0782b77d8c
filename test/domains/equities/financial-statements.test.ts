import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EquityStatementRow } from '../../../src/store/tables/equities.tables.ts';
import { db, equitiesHub, type EquitiesHub } from './equities-hub.ts';

interface Row {
  key: string;
  values: Record<string, number | null>;
  children: Row[];
}
interface Statement {
  statement: string;
  columns: { key: string; label: string; periodType: string; periodEnd: string }[];
  rows: Row[];
  dataAsOf: string | null;
}

const INCOME = {
  netSales: 'net_sales',
  costOfSales: 'cost_of_sales',
  sellingGeneralAdministrative: 'sga_expenses',
  operatingProfit: 'operating_profit',
  ordinaryProfit: 'ordinary_profit',
  netIncome: 'net_income',
} as const;

const flatten = (rows: Row[]): Row[] => rows.flatMap((r) => [r, ...flatten(r.children)]);

/** The disclosure served per period: the latest one. */
async function servedByPeriod(hub: EquitiesHub, code: string): Promise<Map<string, EquityStatementRow>> {
  const rows = await db(hub).selectFrom('equity_statement').selectAll().where('code', '=', code).orderBy('disclosed_on').execute();
  return new Map(rows.map((r) => [r.period_end, r]));
}

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const yearBefore = (date: string) => lastDayOf(Number(date.slice(0, 4)) - 1, Number(date.slice(5, 7)));

/**
 * Independently of the service: TTM = YTD now + last full year − YTD a year ago (the
 * telescoped sum of four quarters), and null unless all four quarters were disclosed.
 */
function expectedTtm(served: Map<string, EquityStatementRow>, figure: (typeof INCOME)[keyof typeof INCOME]): number | null {
  const periods = [...served.values()].sort((a, b) => (a.period_end < b.period_end ? -1 : 1));
  const latest = periods.at(-1);
  if (latest === undefined) return null;
  const find = (fiscalYearEnd: string, quarter: number) => periods.find((p) => p.fiscal_year_end === fiscalYearEnd && p.fiscal_quarter === quarter);
  const chain: (EquityStatementRow | undefined)[] = [];
  for (let k = 0, fy = latest.fiscal_year_end, q = latest.fiscal_quarter; k < 5; k++) {
    chain.push(find(fy, q));
    q -= 1;
    if (q === 0) {
      q = 4;
      fy = yearBefore(fy);
    }
  }
  // Four stand-alone quarters need their own YTD figures and, unless the oldest is a first quarter, the one before it.
  const needed = chain.slice(0, latest.fiscal_quarter === 4 ? 4 : 5);
  if (needed.some((p) => p === undefined || p[figure] === null)) return null;
  if (latest.fiscal_quarter === 4) return latest[figure];
  const lastYear = find(yearBefore(latest.fiscal_year_end), 4);
  const sameQuarterLastYear = find(yearBefore(latest.fiscal_year_end), latest.fiscal_quarter);
  const now = latest[figure];
  const full = lastYear?.[figure];
  const then = sameQuarterLastYear?.[figure];
  if (now === null || full === undefined || full === null || then === undefined || then === null) return null;
  return now + full - then;
}

test('equity financial statements', async (t) => {
  const hub = await equitiesHub(t);
  const codes = (await db(hub).selectFrom('equity_issue').select('code').orderBy('code').execute()).map((r) => r.code);

  await t.test('TTM comes from YTD figures, across fiscal-year boundaries, and is null when a quarter is missing', async () => {
    let acrossBoundary = 0;
    let withGap = 0;
    for (const code of codes) {
      const served = await servedByPeriod(hub, code);
      if (served.size === 0) continue;
      const { status, body } = await hub.json(`/market/jp/equities/${code}/financial-statements`);
      assert.equal(status, 200);
      const statement = body.data as Statement;
      assert.equal(statement.columns[0]?.key, 'ttm');
      const rows = flatten(statement.rows);
      for (const [key, figure] of Object.entries(INCOME)) {
        const row = rows.find((r) => r.key === key);
        assert.ok(row !== undefined, key);
        const expected = expectedTtm(served, figure);
        assert.equal(row.values.ttm, expected, `${code} ${key} TTM`);
      }
      const latest = [...served.values()].sort((a, b) => (a.period_end < b.period_end ? -1 : 1)).at(-1);
      const ttm = rows.find((r) => r.key === 'netSales')?.values.ttm;
      if (latest !== undefined && latest.fiscal_quarter !== 4 && ttm !== null) acrossBoundary++;
      if (ttm === null) withGap++;
      assert.equal(body.meta.classification, 'RAW+COMPUTED');
    }
    assert.ok(acrossBoundary > 0, 'some TTM spans two fiscal years');
    assert.ok(withGap > 0, 'some TTM is null for a missing quarter');
  });

  await t.test('the income statement has TTM and 3 fiscal years; operating expenses are the sum of their children', async () => {
    const { body } = await hub.json('/market/jp/equities/7203/financial-statements?statement=income-statement');
    const statement = body.data as Statement;
    const served = await servedByPeriod(hub, '72030');
    const annual = [...served.values()].filter((p) => p.fiscal_quarter === 4).sort((a, b) => (a.period_end < b.period_end ? 1 : -1));
    assert.deepEqual(
      statement.columns.map((c) => c.key),
      ['ttm', ...annual.slice(0, 3).map((p) => p.period_end)],
    );
    const expenses = statement.rows.find((r) => r.key === 'operatingExpenses');
    assert.ok(expenses !== undefined);
    for (const column of statement.columns) {
      const sum: number = expenses.children.reduce((s: number, c) => s + (c.values[column.key] ?? Number.NaN), 0);
      assert.equal(expenses.values[column.key], sum);
    }
    for (const period of annual.slice(0, 3)) {
      const sales = statement.rows.find((r) => r.key === 'netSales')?.values[period.period_end];
      assert.equal(sales, period.net_sales);
    }
  });

  await t.test('the balance sheet has 4 fiscal years, amounts as at year end, never summed over quarters', async () => {
    const { body } = await hub.json('/market/jp/equities/72030/financial-statements?statement=balance-sheet');
    const statement = body.data as Statement;
    const served = await servedByPeriod(hub, '72030');
    const annual = [...served.values()]
      .filter((p) => p.fiscal_quarter === 4)
      .sort((a, b) => (a.period_end < b.period_end ? 1 : -1))
      .slice(0, 4);
    assert.deepEqual(
      statement.columns.map((c) => [c.key, c.periodType]),
      annual.map((p) => [p.period_end, 'annual']),
    );
    const rows = flatten(statement.rows);
    for (const period of annual) {
      assert.equal(rows.find((r) => r.key === 'totalAssets')?.values[period.period_end], period.total_assets);
      assert.equal(rows.find((r) => r.key === 'netAssets')?.values[period.period_end], period.net_assets);
    }
    for (const parent of statement.rows.filter((r) => r.children.length > 0)) {
      for (const column of statement.columns) {
        assert.equal(
          parent.values[column.key],
          parent.children.reduce((s: number, c) => s + (c.values[column.key] ?? Number.NaN), 0),
        );
      }
    }
    assert.equal(body.meta.classification, 'RAW');
  });

  await t.test('a statement not collected yet has empty columns and rows', async () => {
    const collected = new Set((await db(hub).selectFrom('equity_statement').select('code').distinct().execute()).map((r) => r.code));
    const missing = codes.find((c) => !collected.has(c));
    assert.ok(missing !== undefined);
    const { status, body } = await hub.json(`/market/jp/equities/${missing}/financial-statements?statement=balance-sheet`);
    assert.equal(status, 200);
    const statement = body.data as Statement;
    assert.deepEqual(statement.columns, []);
    assert.deepEqual(statement.rows, []);
  });

  await t.test('a restated year serves the later disclosure and says was_restated', async () => {
    const twice = await db(hub)
      .selectFrom('equity_statement')
      .select(['code', 'period_end'])
      .groupBy(['code', 'period_end'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .executeTakeFirstOrThrow();
    const served = await servedByPeriod(hub, twice.code);
    const { body } = await hub.json(`/market/jp/equities/${twice.code}/financial-statements`);
    const statement = body.data as Statement;
    assert.equal(body.meta.was_restated, true);
    const cost = flatten(statement.rows).find((r) => r.key === 'costOfSales');
    assert.equal(cost?.values[twice.period_end], served.get(twice.period_end)?.cost_of_sales);
    const plain = await hub.json('/market/jp/equities/7203/financial-statements');
    assert.equal(plain.body.meta.was_restated, false);
  });

  await t.test('statement must be one of the two kinds', async () => {
    const { status, body } = await hub.json('/market/jp/equities/7203/financial-statements?statement=cash-flow');
    assert.equal(status, 400);
    assert.match(String(body.error?.message), /statement/);
  });
});

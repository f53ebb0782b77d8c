import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { EtfRepo } from '../../../src/domains/etf/etf.repo.ts';

test("a Tokyo holding whose common share is in the issue list reads with that issue's sector and class stock; the publisher's own sector and class stay; others stay unknown", async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const db = hub.runtime.store.db;
  await db
    .insertInto('equity_issue')
    .values({
      code: '72030',
      ticker: '7203',
      name: 'トヨタ自動車',
      search_name: 'トヨタ自動車',
      sector33_code: '3700',
      sector33_name: 'Transportation Equipment',
      segment: 'prime',
      source: 'test',
      security_type: 'common',
      shares_outstanding: null,
      shares_as_of: null,
      listed_on: null,
      fiscal_year_end_month: null,
    } as never)
    .execute();
  const holding = (id: number, symbol: string, exchange: string | null, sector: string | null, assetClass: string | null) => ({
    id,
    fund_code: '2081',
    fund_date: '2026-08-12',
    symbol,
    name: symbol,
    isin: null,
    exchange,
    currency: 'JPY',
    sector,
    asset_class: assetClass,
    shares: 100,
    price: 1000,
    eps: null,
    bps: null,
    sps: null,
    cfps: null,
    source: 'test',
  });
  await db
    .insertInto('etf_holding')
    .values([
      holding(1, '7203', 'TSE', null, null),
      // Another exchange's code that happens to match is not the Tokyo issue.
      holding(2, '7203', 'XHKG', null, null),
      holding(3, '8306', 'TSE', null, null),
      holding(4, '7203', 'TSE', 'Autos', 'bond'),
    ])
    .execute();
  const rows = (await new EtfRepo(db).latestHoldingsOf(['2081'])).get('2081') ?? [];
  assert.deepEqual(
    rows.map((row) => [row.id, row.sector, row.asset_class]),
    [
      [1, 'Transportation Equipment', 'stock'],
      [2, null, null],
      [3, null, null],
      [4, 'Autos', 'bond'],
    ],
  );
  const stored = await db.selectFrom('etf_holding').select(['sector', 'asset_class']).where('id', '=', 1).executeTakeFirstOrThrow();
  assert.deepEqual([stored.sector, stored.asset_class], [null, null], 'the store keeps the PCF line as published');
});

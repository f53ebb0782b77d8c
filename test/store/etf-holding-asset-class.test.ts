import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import { earlierStore } from '../helpers/earlier-store.ts';

test('migration 0021: a holding may have no asset class; the classes the PCF importer invented become null, the others stay', async (t) => {
  const earlier = await earlierStore(t, '0021');
  const old = earlier.db as unknown as Kysely<{ etf_holding: Record<string, string | number | null> }>;
  const holding = (id: number, assetClass: string, source: string) => ({
    id,
    fund_code: '2080',
    fund_date: '2026-08-21',
    symbol: `13${id}`,
    name: 'HOLDING',
    isin: null,
    exchange: 'TSE',
    currency: 'JPY',
    sector: null,
    asset_class: assetClass,
    shares: 100,
    price: 1000,
    eps: null,
    bps: null,
    sps: null,
    cfps: null,
    source,
  });
  await old
    .insertInto('etf_holding')
    .values([holding(1, 'stock', 'JPX ETF PCF (ICE Data Services)'), holding(2, 'bond', 'demo'), holding(3, 'stock', 'demo')])
    .execute();
  const store = await earlier.upgrade();
  const rows = await store.db.selectFrom('etf_holding').select(['id', 'asset_class']).orderBy('id').execute();
  assert.deepEqual(
    rows.map((row) => [row.id, row.asset_class]),
    [
      [1, null],
      [2, 'bond'],
      [3, 'stock'],
    ],
  );
  await store.db
    .insertInto('etf_holding')
    .values({ ...holding(4, 'stock', 'test'), asset_class: null })
    .execute();
  const added = await store.db.selectFrom('etf_holding').select('asset_class').where('id', '=', 4).executeTakeFirstOrThrow();
  assert.equal(added.asset_class, null, 'the column takes null');
});

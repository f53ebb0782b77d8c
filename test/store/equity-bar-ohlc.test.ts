import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import { earlierStore } from '../helpers/earlier-store.ts';

test('migration 0029: an equity bar keeps an open, high and low; bars stored before have none', async (t) => {
  const earlier = await earlierStore(t, '0029');
  const old = earlier.db as unknown as Kysely<{ equity_bar: Record<string, string | number | null> }>;
  await old.insertInto('equity_bar').values({ code: '72030', date: '2026-06-18', close: 2850, volume: 1000, trading_value: 2850000, source: 'demo' }).execute();
  const store = await earlier.upgrade();
  await store.db
    .insertInto('equity_bar')
    .values({ code: '72030', date: '2026-06-19', open: 2860, high: 2900.5, low: 2840, close: 2880, volume: 1200, trading_value: 3456000, source: 'J-Quants' })
    .execute();
  const rows = await store.db.selectFrom('equity_bar').select(['date', 'open', 'high', 'low', 'close']).orderBy('date').execute();
  assert.deepEqual(
    rows.map((row) => [
      row.date,
      row.open === null ? null : Number(row.open),
      row.high === null ? null : Number(row.high),
      row.low === null ? null : Number(row.low),
      Number(row.close),
    ]),
    [
      ['2026-06-18', null, null, null, 2850],
      ['2026-06-19', 2860, 2900.5, 2840, 2880],
    ],
  );
});

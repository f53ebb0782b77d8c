import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { addDays } from '../../src/kernel/dates.ts';
import { insertRows, RECORD_BATCH_ROWS } from '../../src/store/loader.ts';

const days = (count: number, value: (i: number) => number, source: string) =>
  Array.from({ length: count }, (_, i) => ({ date: addDays('2000-01-01', i), value: value(i), source }));

test('the loader writes every row of a stream larger than a batch, keeps or replaces stored keys as asked, and rolls back with its transaction', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  const read = async () =>
    db
      .selectFrom('crypto_fear_greed')
      .select(['date', 'value', 'source'])
      .orderBy('date')
      .execute()
      .then((rows) => rows.map((row) => ({ ...row })));

  // More rows than SQLite's parameter limit allows in one statement, and than one PostgreSQL batch.
  const count = 25_000;
  async function* stream() {
    yield* days(count, (i) => i % 100, 'first');
  }
  const written = await db.transaction().execute((trx) => insertRows(trx, 'crypto_fear_greed', stream()));
  assert.equal(written, count);
  const stored = await read();
  assert.equal(stored.length, count);
  assert.deepEqual(stored[count - 1], { date: addDays('2000-01-01', count - 1), value: (count - 1) % 100, source: 'first' });

  // keep: 'stored' leaves the stored rows and adds only new keys, a key repeated in the stream once.
  const overlapping = [...days(10, () => 1, 'second').slice(5), ...days(10, () => 1, 'second').slice(5)].map((row, i) => ({
    ...row,
    date: addDays(row.date, count - 5 + (i % 5)),
  }));
  const added = await db.transaction().execute((trx) => insertRows(trx, 'crypto_fear_greed', overlapping, { onConflict: { key: ['date'], keep: 'stored' } }));
  const afterKeep = await read();
  assert.equal(afterKeep.length, count + 5);
  assert.equal(added, 5);
  assert.equal(afterKeep.find((row) => row.date === addDays('2000-01-01', count - 1))?.source, 'first', 'a stored row stays');
  assert.equal(afterKeep.at(-1)?.source, 'second', 'a new key is added');

  // keep: 'new' replaces the stored figure.
  await db.transaction().execute((trx) =>
    insertRows(
      trx,
      'crypto_fear_greed',
      days(RECORD_BATCH_ROWS, () => 77, 'third'),
      { onConflict: { key: ['date'], keep: 'new' } },
    ),
  );
  const afterReplace = await read();
  assert.equal(afterReplace.length, count + 5);
  assert.deepEqual(afterReplace[0], { date: '2000-01-01', value: 77, source: 'third' });
  assert.equal(afterReplace[RECORD_BATCH_ROWS]?.source, 'first');

  // A failure after the loader wrote leaves the store as it was.
  await assert.rejects(
    db.transaction().execute(async (trx) => {
      await insertRows(
        trx,
        'crypto_fear_greed',
        days(30, () => 5, 'fourth').map((row) => ({ ...row, date: addDays(row.date, 50_000) })),
      );
      throw new Error('after the write');
    }),
    /after the write/,
  );
  assert.deepEqual(await read(), afterReplace);
});

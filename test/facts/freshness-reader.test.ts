import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../helpers/app.ts';
import { countQueries, queriesOf } from '../helpers/query-counter.ts';
import { FreshnessReader } from '../../src/facts/freshness-reader.ts';

test('the freshness of the facts is read from the store once per data version, and judged against the clock at each look', async (t) => {
  const hub = await createTestHub(t, { now: '2026-06-19T08:00:00.000Z' });
  const db = hub.runtime.store.db;
  const counted = countQueries(db);
  const reader = new FreshnessReader({ db: counted.db, versions: hub.runtime.versions, clock: hub.clock });
  const release = (id: string, knowledgeAt: string) => ({
    id,
    dataset: 'fx',
    source: 'test',
    file_name: `${id}.csv`,
    content_hash: id,
    knowledge_at: knowledgeAt,
    loaded_at: knowledgeAt,
  });
  await db.insertInto('release').values(release('r1', '2026-06-18T18:00:00.000Z')).execute();
  await db
    .insertInto('release_fact')
    .values({
      release_id: 'r1',
      fact: 'instrument_close:fx:EUR/USD',
      table_name: 'instrument_close',
      rows: 1,
      first_period: '2026-06-18',
      last_period: '2026-06-18',
    })
    .execute();
  await hub.changed('instruments');

  assert.equal(await queriesOf(counted, () => reader.current()), 1);
  // Thursday's rate: Friday's is due, with two business days' margin (Monday, Tuesday).
  const [first] = await reader.current();
  assert.deepEqual(
    { name: first?.name, stale: first?.stale, dueAt: first?.dueAt },
    { name: 'fx.close:EUR/USD', stale: false, dueAt: '2026-06-24T00:00:00.000Z' },
  );
  assert.equal(await queriesOf(counted, () => reader.current()), 0, 'no new data: nothing is read');

  // The clock alone turns it stale, with no read.
  hub.clock.set('2026-06-24T00:00:01.000Z');
  assert.equal(await queriesOf(counted, async () => assert.equal((await reader.current())[0]?.stale, true)), 0);

  // A new release of the day after, once announced, is read: the fact is fresh again.
  await db.insertInto('release').values(release('r2', '2026-06-22T18:00:00.000Z')).execute();
  await db
    .insertInto('release_fact')
    .values({
      release_id: 'r2',
      fact: 'instrument_close:fx:EUR/USD',
      table_name: 'instrument_close',
      rows: 1,
      first_period: '2026-06-22',
      last_period: '2026-06-22',
    })
    .execute();
  await hub.changed('instruments');
  assert.equal(await queriesOf(counted, () => reader.current()), 1);
  const [after] = await reader.current();
  assert.deepEqual(
    { lastPeriod: after?.lastPeriod, stale: after?.stale, ageSeconds: after?.ageSeconds },
    { lastPeriod: '2026-06-22', stale: false, ageSeconds: 30 * 3600 + 1 },
  );
});

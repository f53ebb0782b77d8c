import { test } from 'node:test';
import assert from 'node:assert/strict';
import { latestReleaseFacts } from '../../src/store/release-facts.ts';
import { earlierStore } from '../helpers/earlier-store.ts';

test('a store from before release_fact learns what its macro and close releases wrote, so their facts have a source and a latest period', async (t) => {
  const earlier = await earlierStore(t, '0020');
  const db = earlier.db;
  const release = (id: string, knowledgeAt: string) => ({
    id,
    dataset: 'cao-gdp',
    source: 'Cabinet Office',
    file_name: null,
    content_hash: id,
    knowledge_at: knowledgeAt,
    loaded_at: knowledgeAt,
    origin: 'sync' as const,
    source_id: 'cao-gdp',
    archive_hashes: '["abc"]',
  });
  await db
    .insertInto('release')
    .values([release('rel_a', '2025-12-08T05:00:00.000Z'), release('rel_b', '2026-02-16T05:00:00.000Z')])
    .execute();
  await db
    .insertInto('macro_observation')
    .values([
      { series: 'jp.gdp.real', period: '2025-Q2', value: 1, marker: null, release_id: 'rel_a', knowledge_at: '2025-12-08T05:00:00.000Z' },
      { series: 'jp.gdp.real', period: '2025-Q3', value: 2, marker: null, release_id: 'rel_a', knowledge_at: '2025-12-08T05:00:00.000Z' },
      { series: 'jp.gdp.real', period: '2025-Q4', value: 3, marker: null, release_id: 'rel_b', knowledge_at: '2026-02-16T05:00:00.000Z' },
    ])
    .execute();
  await db
    .insertInto('instrument_close')
    .values({ instrument: 'fx:USD/JPY', date: '2026-02-13', close: 153.2, source: 'ECB', release_id: 'rel_b', knowledge_at: '2026-02-16T05:00:00.000Z' })
    .execute();

  const store = await earlier.upgrade();
  const facts = await store.db
    .selectFrom('release_fact')
    .select(['release_id', 'fact', 'table_name', 'rows', 'first_period', 'last_period'])
    .orderBy('release_id')
    .orderBy('fact')
    .execute();
  assert.deepEqual(
    facts.map((fact) => ({ ...fact, rows: Number(fact.rows) })),
    [
      { release_id: 'rel_a', fact: 'macro_observation:jp.gdp.real', table_name: 'macro_observation', rows: 2, first_period: '2025-Q2', last_period: '2025-Q3' },
      {
        release_id: 'rel_b',
        fact: 'instrument_close:fx:USD/JPY',
        table_name: 'instrument_close',
        rows: 1,
        first_period: '2026-02-13',
        last_period: '2026-02-13',
      },
      { release_id: 'rel_b', fact: 'macro_observation:jp.gdp.real', table_name: 'macro_observation', rows: 1, first_period: '2025-Q4', last_period: '2025-Q4' },
    ],
  );
  const newest = await latestReleaseFacts(store.db, ['macro_observation:jp.gdp.real'], '2026-01-31');
  assert.deepEqual(
    newest.map((fact) => [fact.releaseId, fact.lastPeriod, fact.archiveHashes]),
    [['rel_a', '2025-Q3', ['abc']]],
  );
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../../helpers/app.ts';
import { runDemoGenerators } from '../../../src/ingest/demo/framework.ts';
import { calendarDemoGenerator } from '../../../src/ingest/demo/calendar.ts';

const TABLES = ['calendar_event'] as const;

test('the demo is deterministic, labelled demo, and clear removes exactly what generate wrote', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  const snapshot = async () => Promise.all(TABLES.map((table) => db.selectFrom(table).selectAll().execute()));
  const options = { until: '2026-06-19', scale: 'small' } as const;

  await runDemoGenerators(db, [calendarDemoGenerator], options);
  const first = await snapshot();
  assert.ok(first.every((rows) => rows.length > 0));
  assert.ok(first.flat().every((row) => /demo/.test(String((row as { source?: string }).source ?? 'demo'))));
  await runDemoGenerators(db, [calendarDemoGenerator], options);
  const sorted = (rows: unknown[][]) => rows.map((list) => list.map((row) => JSON.stringify(row)).sort());
  assert.deepEqual(sorted(await snapshot()), sorted(first), 'same arguments, same data, nothing left over');

  await db.transaction().execute((trx) => calendarDemoGenerator.clear(trx));
  assert.ok((await snapshot()).every((rows) => rows.length === 0));
});

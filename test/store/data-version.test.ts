import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestHub } from '../helpers/app.ts';
import { readVersions } from '../../src/store/data-version.ts';
import { VERSION_KEYS, type VersionKey } from '../../src/kernel/data-versions.ts';
import { onVersionedCommit, writeVersioned } from '../../src/store/versioned-write.ts';
import { importFile } from '../../src/ingest/source.ts';
import { dailyQuotesImporter } from '../../src/ingest/importers/equities/daily-quotes.ts';
import { runDemoGenerators } from '../../src/ingest/demo/framework.ts';
import { calendarDemoGenerator } from '../../src/ingest/demo/calendar.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/equities/${name}`, import.meta.url));
const at = { knowledgeAt: new Date('2024-08-01T00:00:00Z'), loadedAt: new Date('2024-08-01T00:00:00Z') };

test('versions start at 0 and each versioned write bumps the keys it changed once, in its transaction', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  const heard: (readonly VersionKey[])[] = [];
  const stop = onVersionedCommit(db, (changed) => heard.push(changed));
  t.after(stop);

  assert.deepEqual(await readVersions(db), Object.fromEntries(VERSION_KEYS.map((key) => [key, 0])));
  await writeVersioned(db, async () => ({ result: undefined, changed: ['equities', 'news', 'equities'] }));
  await writeVersioned(db, async () => ({ result: undefined, changed: ['equities'] }));
  const versions = await readVersions(db);
  assert.equal(versions.equities, 2, 'a key named twice in one write is bumped once');
  assert.equal(versions.news, 1);
  assert.equal(versions.macro, 0);

  await assert.rejects(
    writeVersioned(db, async () => {
      throw new Error('failed midway');
    }),
    /failed midway/,
  );
  await writeVersioned(db, async () => ({ result: undefined, changed: [] }));
  assert.deepEqual(await readVersions(db), versions, 'a failed write and a write that changed nothing bump nothing');
  assert.deepEqual(heard, [['equities', 'news', 'equities'], ['equities']], 'listeners hear committed changes only');
});

test('an import bumps the keys its importer declares, an unchanged one nothing; the demo seed bumps its generators', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  assert.equal((await importFile(db, dailyQuotesImporter, fixture('daily_quotes.json'), at)).status, 'loaded');
  assert.equal((await readVersions(db)).equities, 1);
  assert.equal((await importFile(db, dailyQuotesImporter, fixture('daily_quotes.json'), at)).status, 'unchanged');
  assert.equal((await readVersions(db)).equities, 1, 'loading the same content again adds nothing and bumps nothing');
  await runDemoGenerators(db, [calendarDemoGenerator], { until: '2026-06-19', scale: 'small' });
  const versions = await readVersions(db);
  assert.equal(versions.calendar, 1);
  assert.equal(versions.equities, 1);
});

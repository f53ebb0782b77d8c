import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { fixture } from '../domains/macro/helpers.ts';
import { demoGenerators } from '../../src/ingest/demo/index.ts';
import { importFile } from '../../src/ingest/source.ts';
import { tiborJbaImporter } from '../../src/ingest/importers/macro/tibor-jba.ts';
import { latestReleaseFacts } from '../../src/store/release-facts.ts';

const at = (iso: string) => ({ knowledgeAt: new Date(iso), loadedAt: new Date(iso) });

test("an imported file's release names each fact it wrote with its periods; the newest release known by a day is the one asOf names", async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  const first = await importFile(db, tiborJbaImporter, fixture('jba-tibor-2026-06.csv'), at('2026-06-05T02:30:00.000Z'));
  const facts = await db.selectFrom('release_fact').selectAll().where('release_id', '=', first.releaseId).orderBy('fact').execute();
  assert.deepEqual(
    facts.map((fact) => fact.fact),
    ['macro_observation:jp.tibor.1m', 'macro_observation:jp.tibor.1w', 'macro_observation:jp.tibor.3m', 'macro_observation:jp.tibor.6m'],
  );
  for (const fact of facts) {
    assert.ok(Number(fact.rows) > 0);
    assert.match(fact.first_period ?? '', /^2026-/);
    assert.ok((fact.last_period ?? '') >= (fact.first_period ?? ''));
  }
  const corrected = await importFile(db, tiborJbaImporter, fixture('jba-tibor-2026-06-corrected.csv'), at('2026-06-08T02:30:00.000Z'));
  const newest = await latestReleaseFacts(db, ['macro_observation:jp.tibor.*']);
  assert.deepEqual(new Set(newest.map((fact) => fact.releaseId)), new Set([corrected.releaseId]));
  assert.equal(newest[0]?.origin, 'import');
  assert.equal(newest[0]?.knowledgeAt, '2026-06-08T02:30:00.000Z');
  const known = await latestReleaseFacts(db, ['macro_observation:jp.tibor.3m'], '2026-06-07');
  assert.deepEqual(
    known.map((fact) => [fact.fact, fact.releaseId]),
    [['macro_observation:jp.tibor.3m', first.releaseId]],
  );
  assert.deepEqual(await latestReleaseFacts(db, ['macro_observation:jp.tibor.3m'], '2026-06-04'), [], 'nothing was known before the first release');
  assert.deepEqual(await latestReleaseFacts(db, ['macro_observation:us.cpi']), []);
});

test('the demo seed names its facts as demo releases, one per generator, and `fdh demo remove` takes them away with the data', async (t) => {
  const hub = await createTestHub(t, { seed: demoGenerators, until: '2026-06-18' });
  const db = hub.runtime.store.db;
  const closes = await latestReleaseFacts(db, [
    'instrument_close:index:N225',
    'etf_nav',
    'equity_bar',
    're_ward:vn.boundary',
    'calendar_event:us',
    'etf_fund:trust_fee',
  ]);
  assert.deepEqual(closes.map((fact) => fact.fact).sort(), [
    'calendar_event:us',
    'equity_bar',
    'etf_fund:trust_fee',
    'etf_nav',
    'instrument_close:index:N225',
    're_ward:vn.boundary',
  ]);
  for (const fact of closes) {
    assert.equal(fact.origin, 'demo');
    assert.equal(fact.publisher, 'demo');
  }
  assert.equal(closes.find((fact) => fact.fact === 'equity_bar')?.lastPeriod, '2026-06-18');
  const { removeDemo } = await import('../../src/cli/commands/demo.ts');
  await removeDemo(db);
  assert.deepEqual(await db.selectFrom('release_fact').select('fact').execute(), []);
});

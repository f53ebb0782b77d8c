import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { runCli } from '../../helpers/cli.ts';
import { signIn, signInAs } from '../../helpers/dashboard.ts';
import { startPublisherDouble } from '../../helpers/publisher-double.ts';
import { testStore } from '../../helpers/stores.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import type { SourceStatus } from '../../../src/ingest/sync/source-status.ts';

/**
 * The recorded ESRI sample is the 2015 Q3 second preliminary estimate (its quarters end at
 * 2015-Q3), served where the source's default release (2025/qe253_2) is read: a source left on a
 * fixed release. Q4's first estimate is due 45 days after Q4 ends, with five days' margin.
 */
const LOADED_AT = '2016-01-15T01:00:00.000Z';
const BEFORE_DUE = '2016-02-19T12:00:00.000Z';
const DUE = '2016-02-20T00:00:00.000Z';
/** Past the due date by less than the quarter of the cadence. */
const AFTER_DUE = '2016-03-01T00:00:00.000Z';
const GDP = ['macro:jp.gdp.nominal', 'macro:jp.gdp.real'];

function sourcesFile(t: TestContext, baseUrl: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-freshness-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'sources.json');
  // ESRI's GDP and the JPX ETF list (reference data: its facts have no due date).
  writeFileSync(file, JSON.stringify({ publishers: { cao: { baseUrl, minRequestIntervalMs: 0 }, jpx: { baseUrl, minRequestIntervalMs: 0 } } }));
  return file;
}

async function scrape(app: { inject: (options: { method: 'GET'; url: string }) => Promise<{ body: string }> }): Promise<string> {
  return (await app.inject({ method: 'GET', url: '/metrics' })).body;
}

/** The value of one sample line, e.g. `fdh_fact_stale{fact="macro:jp.gdp.real"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const staleOf = (statuses: SourceStatus[], id: string) => statuses.find((status) => status.id === id)?.staleFacts;

test('a source left on an old release turns stale once its next figure is past due: in status, the Sources API, /metrics and /readyz (still ready); reference facts never do', async (t) => {
  const double = await startPublisherDouble({ publishers: ['cao', 'jpx'] });
  t.after(() => double.close());
  const hub = await createTestHub(t, { now: LOADED_AT, env: { FDH_SOURCES_FILE: sourcesFile(t, double.baseUrl), FDH_DEMO: 'off' } });
  const sync = await SyncService.open(hub.runtime);
  t.after(() => sync.close());
  const outcomes = await sync.run(['cao-gdp', 'jpx-etf-list']);
  assert.deepEqual(outcomes.map((outcome) => [outcome.sourceId, outcome.status]).sort(), [
    ['cao-gdp', 'succeeded'],
    ['jpx-etf-list', 'succeeded'],
  ]);
  const { accountId } = await signIn(hub, 'admin@example.com', { role: 'admin' });
  // Signed in anew at each look: the clock moves by weeks, past a session's lifetime.
  const listed = async () => {
    const reply = await (await signInAs(hub, 'admin@example.com', accountId)).get('/api/v1/admin/sources');
    assert.equal(reply.statusCode, 200, reply.body);
    return reply.json().data as SourceStatus[];
  };
  const ready = async () => {
    const reply = await hub.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(reply.statusCode, 200, 'stale facts never fail readiness');
    return reply.json() as { status: string; stale: { count: number; facts: string[]; sources: string[] } };
  };

  // Before the due date: nothing is stale, wherever it is shown.
  hub.clock.set(BEFORE_DUE);
  assert.deepEqual(staleOf(await sync.statuses(), 'cao-gdp'), []);
  assert.deepEqual(staleOf(await listed(), 'cao-gdp'), []);
  let metrics = await scrape(hub.app);
  for (const fact of GDP) {
    assert.equal(sample(metrics, `fdh_fact_stale{fact="${fact}"}`), 0, fact);
    assert.equal(sample(metrics, `fdh_fact_due_timestamp_seconds{fact="${fact}"}`), Date.parse(DUE) / 1000, fact);
    assert.equal(sample(metrics, `fdh_fact_age_seconds{fact="${fact}"}`), (Date.parse(BEFORE_DUE) - Date.parse(LOADED_AT)) / 1000, fact);
  }
  assert.equal(sample(metrics, 'fdh_source_stale_facts{source="cao-gdp"}'), 0);
  assert.deepEqual((await ready()).stale, { count: 0, facts: [], sources: [] });

  // Past the due date by less than a quarter: both GDP series are stale, the source with them.
  hub.clock.set(AFTER_DUE);
  const ageSeconds = (Date.parse(AFTER_DUE) - Date.parse(LOADED_AT)) / 1000;
  const expected = GDP.map((fact) => ({ fact, lastPeriod: '2015-Q3', dueAt: DUE, ageSeconds }));
  assert.deepEqual(staleOf(await sync.statuses(), 'cao-gdp'), expected);
  assert.deepEqual(staleOf(await listed(), 'cao-gdp'), expected, 'the Sources page shows them');
  metrics = await scrape(hub.app);
  for (const fact of GDP) {
    assert.equal(sample(metrics, `fdh_fact_stale{fact="${fact}"}`), 1, fact);
    assert.equal(sample(metrics, `fdh_fact_age_seconds{fact="${fact}"}`), ageSeconds, fact);
  }
  assert.equal(sample(metrics, 'fdh_source_stale_facts{source="cao-gdp"}'), 2);
  const readiness = await ready();
  assert.equal(readiness.status, 'ready');
  assert.deepEqual(readiness.stale, { count: 2, facts: GDP, sources: ['cao-gdp'] });

  // Years on, the ETF list's reference facts are still not stale and have no due date.
  hub.clock.set('2030-01-01T00:00:00.000Z');
  assert.deepEqual(staleOf(await sync.statuses(), 'jpx-etf-list'), []);
  metrics = await scrape(hub.app);
  for (const fact of ['etf.name', 'etf.manager', 'etf.index']) {
    assert.equal(sample(metrics, `fdh_fact_stale{fact="${fact}"}`), 0, fact);
    assert.equal(sample(metrics, `fdh_fact_due_timestamp_seconds{fact="${fact}"}`), undefined, fact);
    assert.ok((sample(metrics, `fdh_fact_age_seconds{fact="${fact}"}`) ?? 0) > 0, fact);
  }
  assert.deepEqual((await ready()).stale.sources, ['cao-gdp']);
});

test('fdh sync status names the stale facts of a source with their latest period and due date, as text and JSON', {
  skip: testStore === 'sqlite' ? false : 'runs fdh on the embedded store',
}, async (t) => {
  const double = await startPublisherDouble({ publishers: ['cao', 'jpx'] });
  t.after(() => double.close());
  const file = sourcesFile(t, double.baseUrl);
  const dir = mkdtempSync(join(tmpdir(), 'fdh-freshness-cli-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const env = { FDH_DATA_DIR: join(dir, 'data'), FDH_SOURCES_FILE: file, FDH_DEMO: 'off' };
  const run = await runCli(['sync', 'run', 'cao-gdp', 'jpx-etf-list'], env);
  assert.equal(run.code, 0, run.stderr);

  // The CLI reads the system clock: the 2015 estimate is long past due.
  const text = await runCli(['sync', 'status'], env);
  assert.equal(text.code, 0, text.stderr);
  const block = (id: string) => text.stdout.split('\n\n').find((part) => part.startsWith(`${id} `)) ?? '';
  for (const fact of GDP)
    assert.match(block('cao-gdp'), new RegExp(`\\n  STALE +${fact.replaceAll('.', '\\.')}: latest 2015-Q3, next was due ${DUE.replaceAll('.', '\\.')}(\\n|$)`));
  assert.doesNotMatch(block('jpx-etf-list'), /STALE/);
  const json = JSON.parse((await runCli(['sync', 'status', '--json'], env)).stdout) as SourceStatus[];
  assert.deepEqual(
    staleOf(json, 'cao-gdp')?.map(({ fact, lastPeriod, dueAt }) => ({ fact, lastPeriod, dueAt })),
    GDP.map((fact) => ({ fact, lastPeriod: '2015-Q3', dueAt: DUE })),
  );
  assert.deepEqual(staleOf(json, 'jpx-etf-list'), []);
});

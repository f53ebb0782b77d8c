import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Fault } from '../../helpers/publisher-double.ts';
import { RATES_PATH, syncSetup, TEST_SOURCES_MODULE, writeSourcesFile } from './helpers.ts';
import { startPublisherDouble, SYNC_FIXTURES } from '../../helpers/publisher-double.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';

const SAMPLE = readFileSync(join(SYNC_FIXTURES, 'ecb-test', 'eurofxref-hist.csv'), 'utf8');
/** The sample with one more day on top: what a good fetch brings after the first, fetched once that day's rates are out. */
const NEXT_DAY_PUBLISHED = '2026-06-22T15:00:00.000Z';
const NEXT_DAY = SAMPLE.replace(/\n/, `\n2026-06-22,1.2000${SAMPLE.split('\n')[1]?.replace(/^[^,]+,[^,]+/, '') ?? ''}\n`);

test('fdh sync fetches, archives and imports a source as a release of origin sync; a failure of any kind imports nothing; a good fetch recovers', async (t) => {
  const { hub, double, sync } = await syncSetup(t);
  const key = await hub.key();
  const eurUsd = async () => {
    const answer = await hub.get('/openapi/v1/fx/table?pairs=EUR/USD', key);
    return answer.statusCode === 200 ? (answer.json().data.rows[0]?.lastPrice as number) : answer.statusCode;
  };
  assert.equal(await eurUsd(), 400, 'an empty store knows no pair');

  const [first] = await sync.run(['ecb-test-rates']);
  assert.equal(first?.status, 'succeeded', JSON.stringify(first));
  assert.equal(await eurUsd(), 1.1423, 'the endpoint shows the fetched figure');
  const request = double.requests[0];
  assert.match(String(request?.headers['user-agent']), /^financial-data-hub\/\d+\.\d+\.\d+$/);
  assert.match(String(request?.headers['accept-encoding']), /gzip/);
  const release = await hub.runtime.store.db.selectFrom('release').selectAll().executeTakeFirstOrThrow();
  assert.equal(release.origin, 'sync');
  assert.equal(release.source_id, 'ecb-test-rates');
  const [hash] = JSON.parse(release.archive_hashes ?? '[]') as string[];
  const archived = join(hub.dataDir, 'archive', hash ?? '');
  assert.equal(readFileSync(archived, 'utf8'), SAMPLE, 'the archive holds the payload as it arrived, decompressed');
  const sidecar = JSON.parse(readFileSync(`${archived}.json`, 'utf8')) as { url: string; status: number; fetchedAt: string; headers: Record<string, string> };
  assert.equal(sidecar.url, `${double.baseUrl}${RATES_PATH}`);
  assert.equal(sidecar.status, 200);
  assert.ok(sidecar.headers.etag !== undefined);

  double.setBody(RATES_PATH, NEXT_DAY);
  hub.clock.set(NEXT_DAY_PUBLISHED);
  // Faults of the transfer are retried (here once more), a bad 200 is not: each fault is served as often as it is asked.
  const faults: [Fault, RegExp][] = [
    [{ kind: 'status', status: 503 }, /HTTP 503 \(gave up after 2 attempts\)/],
    [{ kind: 'hang' }, /no complete answer in time/],
    [{ kind: 'cut' }, /connection was cut after \d+ bytes of \d+/],
    [{ kind: 'truncated-gzip' }, /gzip body is broken/],
    [{ kind: 'html-200' }, /eurofxref-hist\.csv: line 1: expected the ECB header/],
    [{ kind: 'body', body: 'KEY,FREQ,CURRENCY,OBS_VALUE\nEXR.D.USD.EUR.SP00.A,D,USD,1.2\n' }, /expected the ECB header/],
  ];
  for (const [index, [fault, reason]] of faults.entries()) {
    double.fail(fault, { times: fault.kind === 'html-200' || fault.kind === 'body' ? 1 : 2 });
    const [outcome] = await sync.run(['ecb-test']);
    assert.equal(outcome?.status, 'failed', fault.kind);
    assert.match(outcome?.status === 'failed' ? outcome.error : '', reason, fault.kind);
    assert.equal(await eurUsd(), 1.1423, `${fault.kind}: every answer unchanged`);
    const [status] = (await sync.statuses()).filter((s) => s.id === 'ecb-test-rates');
    assert.match(status?.lastError ?? '', reason, `${fault.kind}: the status says why`);
    assert.equal(status?.consecutiveFailures, index + 1);
  }
  assert.equal((await hub.runtime.store.db.selectFrom('release').select('id').execute()).length, 1, 'no failure left a release');

  const [recovered] = await sync.run(['ecb-test-rates']);
  assert.equal(recovered?.status, 'succeeded');
  assert.equal(await eurUsd(), 1.2, 'the next good fetch recovers by itself');
  const [status] = (await sync.statuses()).filter((s) => s.id === 'ecb-test-rates');
  assert.equal(status?.consecutiveFailures, 0);
  assert.equal(status?.lastError, null);
  assert.ok((status?.lastRowsAdded ?? 0) > 0);

  const before = double.requests.length;
  const [unchanged] = await sync.run(['ecb-test-rates']);
  assert.deepEqual(unchanged, { sourceId: 'ecb-test-rates', status: 'succeeded', payloads: 0, releaseIds: [], rowsAdded: 0 }, 'a 304 imports nothing');
  assert.ok(double.requests.at(-1)?.headers['if-none-match'] !== undefined, 'the run asked conditionally');
  assert.equal(double.requests.length, before + 1);
  assert.equal((await hub.runtime.store.db.selectFrom('release').select('id').execute()).length, 2);
});

test('a 429 with Retry-After is waited for; a Retry-After past the limit fails the run with the reason', async (t) => {
  const { double, sync } = await syncSetup(t);
  double.fail({ kind: 'rate-limited', retryAfterSeconds: 1 });
  const [outcome] = await sync.run(['ecb-test-rates']);
  assert.equal(outcome?.status, 'succeeded');
  const [limited, retried] = double.requests;
  assert.ok((retried?.at ?? 0) - (limited?.at ?? 0) >= 990, `waited ${(retried?.at ?? 0) - (limited?.at ?? 0)} ms for Retry-After: 1`);

  double.setBody(RATES_PATH, NEXT_DAY);
  double.fail({ kind: 'rate-limited', retryAfterSeconds: 60 });
  const [refused] = await sync.run(['ecb-test-rates']);
  assert.equal(refused?.status, 'failed');
  assert.match(refused?.status === 'failed' ? refused.error : '', /asks to wait 60 s, more than the 3 s allowed/);
});

test('a source whose credential is missing is skipped with one line naming the variable; given, it is sent and never kept', async (t) => {
  const { hub, double, sync } = await syncSetup(t);
  // Only the test publisher's sources: the shipped catalogue's would ask the real publishers.
  const outcomes = await sync.run(['ecb-test']);
  const keyed = outcomes.find((o) => o.sourceId === 'ecb-test-keyed');
  assert.deepEqual(keyed, { sourceId: 'ecb-test-keyed', status: 'skipped', reason: 'skipped: SYNC_TEST_API_KEY not set (any value: the double ignores it)' });
  assert.equal(double.requests.filter((r) => r.query.has('api_key')).length, 0);

  const secret = 'sekrit-value-123';
  const { SyncService } = await import('../../../src/ingest/sync/sync.service.ts');
  const withKey = await SyncService.open({ ...hub.runtime, env: { SYNC_TEST_API_KEY: secret } });
  t.after(() => withKey.close());
  double.setBody(RATES_PATH, NEXT_DAY);
  hub.clock.set(NEXT_DAY_PUBLISHED);
  const [ran] = await withKey.run(['ecb-test-keyed']);
  assert.equal(ran?.status, 'succeeded');
  assert.equal(double.requests.at(-1)?.query.get('api_key'), secret);
  const release = await hub.runtime.store.db.selectFrom('release').select('archive_hashes').where('source_id', '=', 'ecb-test-keyed').executeTakeFirstOrThrow();
  const [hash] = JSON.parse(release.archive_hashes ?? '[]') as string[];
  const sidecar = readFileSync(join(hub.dataDir, 'archive', `${hash}.json`), 'utf8');
  assert.match(sidecar, /api_key=\*\*\*/);
  assert.ok(!sidecar.includes(secret), 'the archive never keeps the key');
  const validators = async (sourceId: string) =>
    (await hub.runtime.store.db.selectFrom('sync_source').select('validators').where('source_id', '=', sourceId).executeTakeFirstOrThrow()).validators ?? '';
  assert.match(await validators('ecb-test-keyed'), /api_key=\*\*\*/);
  assert.ok(!(await validators('ecb-test-keyed')).includes(secret), 'nor the validators store');
  assert.ok(!hub.logs.join('').includes(secret), 'nor does the log');

  // A key in the URL's path, as ECOS takes it: masked wherever the URL is kept or shown.
  const pathKey = 'sekrit-path-key-456';
  const withPathKey = await SyncService.open({ ...hub.runtime, env: { SYNC_TEST_PATH_KEY: pathKey } });
  t.after(() => withPathKey.close());
  const [pathRun] = await withPathKey.run(['ecb-test-path-keyed']);
  assert.equal(pathRun?.status, 'succeeded', JSON.stringify(pathRun));
  assert.equal(double.requests.at(-1)?.path, `/stats/${pathKey}/eurofxref/eurofxref-hist.csv`, 'the key is sent');
  // The same bytes as an earlier fetch: the payload's sidecar now tells of this one.
  const archive = join(hub.dataDir, 'archive');
  const pathSidecar = readdirSync(archive)
    .filter((name) => name.endsWith('.json'))
    .map((name) => readFileSync(join(archive, name), 'utf8'))
    .join('\n');
  assert.match(pathSidecar, /\/stats\/\*\*\*\/eurofxref\/eurofxref-hist\.csv/);
  assert.ok(!pathSidecar.includes(pathKey), 'the archive never keeps a key of the path');
  const kept = await validators('ecb-test-path-keyed');
  assert.match(kept, /\/stats\/\*\*\*\/eurofxref\/eurofxref-hist\.csv/);
  assert.ok(!kept.includes(pathKey), 'nor the validators store');
  const [unchanged] = await withPathKey.run(['ecb-test-path-keyed']);
  assert.equal(unchanged?.status, 'succeeded');
  assert.ok(double.requests.at(-1)?.headers['if-none-match'] !== undefined, 'the validators kept under the masked URL are sent');

  // A retried failure (logged), then a publisher that echoes the key: neither the reason, the status nor the log shows it.
  double.fail({ kind: 'status', status: 503 }, { times: 2 });
  const [unavailable] = await withPathKey.run(['ecb-test-path-keyed']);
  assert.match(
    unavailable?.status === 'failed' ? unavailable.error : '',
    /\/stats\/\*\*\*\/eurofxref\/eurofxref-hist\.csv: HTTP 503 \(gave up after 2 attempts\)/,
  );
  double.fail({ kind: 'status', status: 403, contentType: 'application/json', body: `{"message":"key ${pathKey} is not registered"}` });
  const [refused] = await withPathKey.run(['ecb-test-path-keyed']);
  const reason = refused?.status === 'failed' ? refused.error : '';
  assert.match(reason, /\/stats\/\*\*\*\/eurofxref\/eurofxref-hist\.csv: HTTP 403; the publisher says "key \*\*\* is not registered"$/);
  const [status] = (await withPathKey.statuses()).filter((s) => s.id === 'ecb-test-path-keyed');
  assert.equal(status?.lastError, reason);
  assert.ok(!hub.logs.join('').includes(pathKey), 'nor does the log');
  assert.ok(hub.logs.join('').includes('/stats/***/eurofxref'), 'the log names the masked URL');
});

test('a sources-file edit takes effect without a restart; a broken edit keeps the last good file', async (t) => {
  const { double, sync, sourcesFile } = await syncSetup(t);
  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await sleep(50);
  };
  writeSourcesFile(sourcesFile, double.baseUrl, { 'ecb-test-rates': { enabled: false } });
  await eventually(async () => (await sync.statuses()).find((s) => s.id === 'ecb-test-rates')?.skipped !== null);
  const [disabled] = await sync.run(['ecb-test-rates']);
  assert.deepEqual(disabled, { sourceId: 'ecb-test-rates', status: 'skipped', reason: 'disabled in the sources file' });

  const mirror = await startPublisherDouble({ publishers: [], dirs: [join(SYNC_FIXTURES, 'ecb-test')] });
  t.after(() => mirror.close());
  writeSourcesFile(sourcesFile, mirror.baseUrl, { 'ecb-test-rates': { schedule: '30 17 * * 1-5' } });
  await eventually(async () => (await sync.statuses()).find((s) => s.id === 'ecb-test-rates')?.schedule === '30 17 * * 1-5');
  const [ran] = await sync.run(['ecb-test-rates']);
  assert.equal(ran?.status, 'succeeded');
  assert.equal(mirror.requests.length, 1, 'the new base URL is used');
  assert.equal(double.requests.length, 0);

  const { writeFileSync } = await import('node:fs');
  writeFileSync(sourcesFile, '{"sources": {"ecb-test-rates": {"schedule": "every day"}}}');
  await sleep(300);
  const [status] = (await sync.statuses()).filter((s) => s.id === 'ecb-test-rates');
  assert.equal(status?.schedule, '30 17 * * 1-5', 'a broken file is refused and the last good one kept');
  assert.ok(existsSync(sourcesFile));
});

test("a publisher's request gap holds from one run to the next, though each run has a thread of its own", async (t) => {
  const { double, sync, sourcesFile } = await syncSetup(t);
  const { writeFileSync } = await import('node:fs');
  writeFileSync(
    sourcesFile,
    JSON.stringify({ publishers: { 'ecb-test': { baseUrl: double.baseUrl, minRequestIntervalMs: 1500 } }, modules: [TEST_SOURCES_MODULE] }),
  );
  await sleep(300);
  const [first] = await sync.run(['ecb-test-rates']);
  const [second] = await sync.run(['ecb-test-rates']);
  assert.deepEqual([first?.status, second?.status], ['succeeded', 'succeeded']);
  const [a, b] = double.requests;
  assert.ok((b?.at ?? 0) - (a?.at ?? 0) >= 1400, `the second run waited ${(b?.at ?? 0) - (a?.at ?? 0)} ms after the first run's request`);
});

test('a source parameter of the wrong type or name refuses the sources file when it loads, naming the source and the parameter; a reload keeps the last good file', async (t) => {
  const { hub, double, sync, sourcesFile } = await syncSetup(t);
  const perPage = async () =>
    ((await sync.resolved()).find((s) => s.definition.id === 'coingecko-markets')?.params as { perPage?: unknown } | undefined)?.perPage;
  writeSourcesFile(sourcesFile, double.baseUrl, { 'coingecko-markets': { params: { perPage: 100 } } });
  for (let i = 0; i < 100 && (await perPage()) !== 100; i++) await sleep(50);
  assert.equal(await perPage(), 100, 'a good edit takes effect');

  writeSourcesFile(sourcesFile, double.baseUrl, { 'coingecko-markets': { params: { perPage: '250' } } });
  await sleep(300);
  assert.equal(await perPage(), 100, 'a reload with a bad parameter keeps the last good file');
  await assert.rejects(
    SyncService.open({ ...hub.runtime, env: {} }),
    (error: Error) => error.message === `sources file ${sourcesFile}: /sources/coingecko-markets/params/perPage: expected integer (got "250")`,
  );

  writeSourcesFile(sourcesFile, double.baseUrl, { 'coingecko-markets': { params: { per_page: 100 } } });
  await assert.rejects(SyncService.open({ ...hub.runtime, env: {} }), /\/sources\/coingecko-markets\/params\/per_page: is not a known field \(got 100\)/);
  assert.equal(await perPage(), 100);
});

test('the archive is owner-only like the store: its directory 0700 (narrowed when an older hub made it 0755), its files 0600', async (t) => {
  const { hub, sync } = await syncSetup(t);
  const dir = join(hub.dataDir, 'archive');
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o755);
  const umask = process.umask(0o022);
  t.after(() => process.umask(umask));
  const [run] = await sync.run(['ecb-test-rates']);
  assert.equal(run?.status, 'succeeded', JSON.stringify(run));
  assert.equal(statSync(dir).mode & 0o777, 0o700);
  const names = readdirSync(dir);
  assert.ok(names.length >= 2, 'a payload and its sidecar');
  for (const name of names) assert.equal(statSync(join(dir, name)).mode & 0o777, 0o600, name);
});

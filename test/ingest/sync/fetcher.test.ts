import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { loadConfig } from '../../../src/config.ts';
import { Archive, validatorKey } from '../../../src/ingest/sync/archive.ts';
import { createFetcher, FetchError } from '../../../src/ingest/sync/fetcher.ts';
import { startPublisherDouble, SYNC_FIXTURES } from '../../helpers/publisher-double.ts';
import { RATES_PATH, syncSetup } from './helpers.ts';

async function setUp(t: TestContext, env: Record<string, string>, publisher: string, minRequestIntervalMs = 0) {
  const double = await startPublisherDouble({ publishers: [], dirs: [join(SYNC_FIXTURES, 'ecb-test')] });
  t.after(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'fdh-fetcher-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const { fetch: settings } = loadConfig({ env: { FDH_SYNC_RETRIES: '0', ...env }, cwd: dir });
  const fetcher = createFetcher({
    settings,
    archive: new Archive(join(dir, 'archive')),
    publisher,
    minRequestIntervalMs,
    signal: new AbortController().signal,
    validators: {},
    now: () => new Date(),
  });
  return { double, fetcher, url: `${double.baseUrl}${RATES_PATH}` };
}

test('requests to one publisher keep its minimum interval, in this process', async (t) => {
  const { double, fetcher, url } = await setUp(t, {}, 'paced-publisher', 400);
  await fetcher.fetch({ url, conditional: false });
  await fetcher.fetch({ url, conditional: false });
  await fetcher.fetch({ url, conditional: false });
  const gaps = double.requests.slice(1).map((request, i) => request.at - (double.requests[i]?.at ?? 0));
  assert.ok(
    gaps.every((gap) => gap >= 390),
    `gaps ${gaps.join(', ')} ms`,
  );
});

test('an answer larger than FDH_SYNC_MAX_DOWNLOAD_MB is refused, declared or not', async (t) => {
  const { double, fetcher, url } = await setUp(t, { FDH_SYNC_MAX_DOWNLOAD_MB: '1' }, 'size-publisher');
  double.fail({ kind: 'body', body: 'x'.repeat(1_200_000) });
  await assert.rejects(
    fetcher.fetch({ url }),
    (error: Error) => error instanceof FetchError && /the 1024 KiB allowed \(FDH_SYNC_MAX_DOWNLOAD_MB\)/.test(error.message),
  );
  // Small on the wire, large decoded: the gzip bomb is refused too.
  double.setBody(RATES_PATH, 'y'.repeat(2_000_000));
  await assert.rejects(
    fetcher.fetch({ url }),
    (error: Error) => error instanceof FetchError && /gzip body decodes to more than the 1024 KiB allowed \(FDH_SYNC_MAX_DOWNLOAD_MB\)/.test(error.message),
  );
});

test("a publisher's own error text is quoted in the run's failure reason: FRED's 400 names the unregistered api_key, never the key itself", async (t) => {
  const { double, sync } = await syncSetup(t, {}, { SYNC_TEST_API_KEY: 'not-a-registered-key-0123' });
  // FRED's error layout: `{"error_code":400,"error_message":"Bad Request.  …"}`, served as JSON with status 400.
  const fredMessage =
    'Bad Request.  The value for variable api_key is not registered.  Read https://fred.stlouisfed.org/docs/api/api_key.html for more information.';
  double.fail({
    kind: 'status',
    status: 400,
    contentType: 'application/json; charset=UTF-8',
    body: JSON.stringify({ error_code: 400, error_message: fredMessage }),
  });
  const [outcome] = await sync.run(['ecb-test-keyed']);
  assert.equal(outcome?.status, 'failed');
  const reason = outcome?.status === 'failed' ? outcome.error : '';
  assert.ok(reason.includes(`HTTP 400; the publisher says "${fredMessage.replace(/\s+/g, ' ')}"`), reason);
  assert.ok(!reason.includes('not-a-registered-key-0123'), 'the key stays redacted');
  const [status] = (await sync.statuses()).filter((s) => s.id === 'ecb-test-keyed');
  assert.equal(status?.lastError, reason, 'the status says the same');

  // A publisher that echoes the key in its message: masked. A text/plain body: its first line. HTML: nothing quoted.
  const answers: [Parameters<typeof double.fail>[0], RegExp][] = [
    [
      { kind: 'status', status: 403, contentType: 'application/json', body: '{"error":{"code":403,"message":"key not-a-registered-key-0123 is revoked"}}' },
      /HTTP 403; the publisher says "key \*\*\* is revoked"$/,
    ],
    [{ kind: 'status', status: 404, contentType: 'text/plain', body: '  No such series\nsecond line\n' }, /HTTP 404; the publisher says "No such series"$/],
    [
      { kind: 'status', status: 404, contentType: 'text/html', body: '<html><head><title>Not Found</title></head><body><h1>Not Found</h1></body></html>' },
      /HTTP 404$/,
    ],
    [{ kind: 'status', status: 400, contentType: 'application/json', body: `{"detail":"${'x'.repeat(10_000)}"}` }, /HTTP 400$/],
  ];
  for (const [fault, expected] of answers) {
    double.fail(fault);
    const [failed] = await sync.run(['ecb-test-keyed']);
    assert.match(failed?.status === 'failed' ? failed.error : '', expected);
  }
});

test("validators are kept per page: a paging parameter whose name says 'key' is no credential, and the credential's value is masked", () => {
  const page = (n: number) => validatorKey(`https://api.example/v2/equities/bars?date=2026-06-19&pagination_key=${n}&api_key=SECRET-1234`, ['SECRET-1234']);
  assert.notEqual(page(1), page(2));
  assert.equal(page(1), 'https://api.example/v2/equities/bars?date=2026-06-19&pagination_key=1&api_key=***');
});

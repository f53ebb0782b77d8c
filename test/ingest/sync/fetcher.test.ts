import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { loadConfig } from '../../../src/config.ts';
import { Archive } from '../../../src/ingest/sync/archive.ts';
import { createFetcher, FetchError } from '../../../src/ingest/sync/fetcher.ts';
import { startPublisherDouble, SYNC_FIXTURES } from '../../helpers/publisher-double.ts';
import { RATES_PATH } from './helpers.ts';

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

test("requests to one publisher keep its minimum interval, in this process", async (t) => {
  const { double, fetcher, url } = await setUp(t, {}, 'paced-publisher', 400);
  await fetcher.fetch({ url, conditional: false });
  await fetcher.fetch({ url, conditional: false });
  await fetcher.fetch({ url, conditional: false });
  const gaps = double.requests.slice(1).map((request, i) => request.at - (double.requests[i]?.at ?? 0));
  assert.ok(gaps.every((gap) => gap >= 390), `gaps ${gaps.join(', ')} ms`);
});

test('an answer larger than FDH_SYNC_MAX_DOWNLOAD_MB is refused, declared or not', async (t) => {
  const { double, fetcher, url } = await setUp(t, { FDH_SYNC_MAX_DOWNLOAD_MB: '1' }, 'size-publisher');
  double.fail({ kind: 'body', body: 'x'.repeat(1_200_000) });
  await assert.rejects(fetcher.fetch({ url }), (error: Error) => error instanceof FetchError && /the 1024 KiB allowed \(FDH_SYNC_MAX_DOWNLOAD_MB\)/.test(error.message));
  // Small on the wire, large decoded: the gzip bomb is refused too.
  double.setBody(RATES_PATH, 'y'.repeat(2_000_000));
  await assert.rejects(fetcher.fetch({ url }), (error: Error) => error instanceof FetchError && /gzip body decodes to more than the 1024 KiB allowed \(FDH_SYNC_MAX_DOWNLOAD_MB\)/.test(error.message));
});

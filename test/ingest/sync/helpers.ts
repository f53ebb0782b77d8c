import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestContext } from 'node:test';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import { startPublisherDouble, SYNC_FIXTURES, type PublisherDouble } from '../../helpers/publisher-double.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { sources as shippedSources } from '../../../src/ingest/sources/index.ts';

export const TEST_SOURCES_MODULE = fileURLToPath(new URL('../../helpers/sync-test-sources.ts', import.meta.url));
export const RATES_PATH = '/stats/eurofxref/eurofxref-hist.csv';

/** Every shipped source disabled, for a sources file of a process that runs the schedule (it would ask the real publishers at start). */
export const SHIPPED_OFF: Record<string, { enabled: false }> = Object.fromEntries(shippedSources.map((source) => [source.id, { enabled: false }]));

/** A sources file naming the test sources module (and `modules`) and pointing `ecb-test` at `baseUrl`. */
export function writeSourcesFile(file: string, baseUrl: string, sources: Record<string, unknown> = {}, modules: readonly string[] = []): void {
  writeFileSync(file, JSON.stringify({ publishers: { 'ecb-test': { baseUrl } }, sources, modules: [TEST_SOURCES_MODULE, ...modules] }));
}

export interface SyncSetup {
  hub: TestHub;
  double: PublisherDouble;
  sync: SyncService;
  sourcesFile: string;
}

/** A hub on a fresh store, a double serving the ECB test sample, and the sync service on both; `sources` and `modules` are the sources file's. */
export async function syncSetup(
  t: TestContext,
  env: Record<string, string> = {},
  credentials: NodeJS.ProcessEnv = {},
  sources: Record<string, unknown> = {},
  modules: readonly string[] = [],
): Promise<SyncSetup> {
  const double = await startPublisherDouble({ publishers: [], dirs: [join(SYNC_FIXTURES, 'ecb-test')] });
  t.after(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'fdh-sources-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeSourcesFile(sourcesFile, double.baseUrl, sources, modules);
  const hub = await createTestHub(t, {
    env: {
      FDH_SOURCES_FILE: sourcesFile,
      FDH_SYNC_RETRIES: '1',
      FDH_SYNC_RETRY_BASE_MS: '20',
      FDH_SYNC_REQUEST_TIMEOUT_MS: '500',
      FDH_SYNC_MAX_RETRY_AFTER_S: '3',
      ...env,
    },
  });
  const sync = await SyncService.open({ ...hub.runtime, env: credentials });
  t.after(() => sync.close());
  return { hub, double, sync, sourcesFile };
}

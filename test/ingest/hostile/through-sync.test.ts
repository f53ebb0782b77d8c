// npm test: embedded pass only (every payload fails before the run's transaction opens; the store's part, the source's status row, is covered on both stores by test/ingest/sync)
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { HOSTILE_PAYLOADS, hostileSourceSettings } from '../../helpers/hostile-payloads.ts';
import { startPublisherDouble } from '../../helpers/publisher-double.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** One folder a publisher for the double, each route with a placeholder body the test replaces. */
function doubleDirs(root: string): string[] {
  const byPublisher = new Map<string, { path: string; contentType: string }[]>();
  for (const payload of HOSTILE_PAYLOADS) {
    const routes = byPublisher.get(payload.publisher) ?? [];
    if (!routes.some((r) => r.path === payload.path)) routes.push({ path: payload.path, contentType: payload.contentType });
    byPublisher.set(payload.publisher, routes);
  }
  return [...byPublisher].map(([publisher, routes]) => {
    const dir = join(root, publisher);
    mkdirSync(dir);
    routes.forEach((_route, index) => {
      writeFileSync(join(dir, `${index}.bin`), 'placeholder');
    });
    writeFileSync(
      join(dir, 'routes.json'),
      JSON.stringify({
        publisher,
        routes: routes.map((r, index) => ({
          path: r.path,
          file: `${index}.bin`,
          headers: { 'content-type': r.contentType },
          origin: 'hostile-publisher corpus (test/helpers/hostile-payloads.ts)',
        })),
      }),
    );
    return dir;
  });
}

test("the hostile-publisher corpus, served at the publishers' real paths: each payload fails its run within the bounds, with a short readable reason, and the hub answers throughout", async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'fdh-hostile-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const double = await startPublisherDouble({ publishers: [], dirs: doubleDirs(root) });
  t.after(() => double.close());
  const sourcesFile = join(root, 'sources.json');
  const publishers = [...new Set(HOSTILE_PAYLOADS.map((p) => p.publisher))];
  writeFileSync(
    sourcesFile,
    JSON.stringify({
      publishers: Object.fromEntries(publishers.map((p) => [p, { baseUrl: double.baseUrl, minRequestIntervalMs: 0 }])),
      sources: Object.fromEntries(HOSTILE_PAYLOADS.map((p) => [p.sourceId, { enabled: true, ...hostileSourceSettings(p.sourceId) }])),
    }),
  );
  const hub = await createTestHub(t, {
    env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off', FDH_SYNC_RETRIES: '0', FDH_SYNC_CONTACT: 'hub-tests@example.org' },
  });
  const sync = await SyncService.open({ ...hub.runtime, env: { MLIT_API_KEY: 'hostile-test' } });
  t.after(() => sync.close());

  for (const payload of HOSTILE_PAYLOADS) {
    double.setBody(payload.path, await payload.body());
    const run = sync.run([payload.sourceId]);
    assert.equal((await hub.get('/healthz')).statusCode, 200, `${payload.name}: /healthz answers while the source runs`);
    const [outcome] = await run;
    assert.equal(outcome?.status, 'failed', `${payload.name}: ${JSON.stringify(outcome)}`);
    const reason = outcome?.status === 'failed' ? outcome.error : '';
    assert.ok(Buffer.byteLength(reason) <= 1024 && !CONTROL.test(reason), `${payload.name}: a short reason without control characters: ${reason}`);
    const status = (await sync.statuses()).find((s) => s.id === payload.sourceId);
    assert.equal(status?.lastError, reason, `${payload.name}: the status shows the reason`);
    assert.equal(status?.running, false);
  }
  assert.deepEqual(await hub.runtime.store.db.selectFrom('release').select('id').execute(), [], 'nothing was imported');
  const rssMb = process.memoryUsage().rss / 2 ** 20;
  assert.ok(rssMb < 1536, `the hub's process holds ${Math.round(rssMb)} MiB`);
});

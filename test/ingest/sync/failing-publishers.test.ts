import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import type { Fault } from '../../helpers/publisher-double.ts';
import { DOUBLE_CREDENTIALS, doubleSources } from '../../helpers/all-publishers-hub.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { sources } from '../../../src/ingest/sources/index.ts';

/** The sources whose own tests read their answers but never failed them through `fdh sync` (session 14's publishers, and the SDMX files of Vietnam's statistics office and State Bank). */
const SOURCE_IDS = ['okx-liquidations', 'jpx-etf-issues', 'bok-kospi', 'bis-cbpol', 'jquants-indices-topix', 'nso-nsdp', 'sbv-sdmx'];

const FAULTS: Fault[] = [{ kind: 'status', status: 503 }, { kind: 'html-200' }, { kind: 'cut' }];

test('a publisher answering 503, an HTML page with 200 or a cut body fails its run with a reason, and changes nothing the store holds', async (t) => {
  const chosen = sources.filter((source) => SOURCE_IDS.includes(source.id));
  assert.equal(chosen.length, SOURCE_IDS.length);
  const { double, sourcesFile } = await doubleSources(t, chosen);
  const hub = await createTestHub(t, {
    env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off', FDH_SYNC_RETRIES: '1', FDH_SYNC_RETRY_BASE_MS: '20', FDH_SYNC_REQUEST_TIMEOUT_MS: '2000' },
  });
  const credentials = Object.fromEntries(
    chosen.flatMap((source) => source.credentials.map((spec) => [spec.env, DOUBLE_CREDENTIALS[spec.env] ?? 'double-test-key'])),
  );
  const sync = await SyncService.open({ ...hub.runtime, env: credentials });
  t.after(() => sync.close());

  const first = await sync.run(SOURCE_IDS);
  assert.deepEqual(first.map((outcome) => [outcome.sourceId, outcome.status]).sort(), SOURCE_IDS.map((id) => [id, 'succeeded']).sort());
  const db = hub.runtime.store.db;
  const held = async () => ({
    releases: (await db.selectFrom('release').select(['id', 'content_hash']).orderBy('id').execute()).map((row) => `${row.id} ${row.content_hash}`),
    macro: (
      await db
        .selectFrom('macro_observation')
        .select(['series', 'period', 'value', 'knowledge_at'])
        .orderBy('series')
        .orderBy('period')
        .orderBy('knowledge_at')
        .execute()
    ).length,
    closes: (await db.selectFrom('instrument_close').select(['instrument', 'date', 'close']).orderBy('instrument').orderBy('date').execute()).map(
      (row) => `${row.instrument} ${row.date} ${row.close}`,
    ),
    metrics: (await db.selectFrom('crypto_metric').select(['metric', 'at', 'value']).orderBy('metric').orderBy('at').execute()).length,
    funds: (await db.selectFrom('etf_fund').select(['code', 'trust_fee']).orderBy('code').execute()).map((row) => `${row.code} ${row.trust_fee}`),
  });
  const before = await held();

  for (const fault of FAULTS) {
    // Every request fails while the fault lasts (retries included), until healed after the run.
    for (const id of SOURCE_IDS) {
      double.fail(fault, { times: 1000 });
      const [outcome] = await sync.run([id]);
      assert.equal(outcome?.status, 'failed', `${id}, ${fault.kind}`);
      assert.ok(
        outcome?.status === 'failed' && outcome.error.length > 0 && outcome.error.length < 600,
        `${id}, ${fault.kind}: a short reason (${outcome?.status === 'failed' ? outcome.error : ''})`,
      );
      double.heal();
    }
  }
  assert.deepEqual(await held(), before, 'no release, figure or fund changed');
});

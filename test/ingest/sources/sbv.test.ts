import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { doubleSources } from '../../helpers/all-publishers-hub.ts';
import { publisherSample } from '../../helpers/routes-fetch.ts';
import { recordedPrepared, recordedSeries } from '../../helpers/sdmx-recording.ts';
import { sbvSdmxSource } from '../../../src/ingest/sources/sbv/index.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';

const FILE = 'SBV.INR_VNM.xml';

test("sbv-sdmx asks ShowProperty for the SBV's interest-rate file and stores its refinancing rate as Vietnam's policy rate; the policy-rate table's VN row is it; a changed file fails and changes nothing", async (t) => {
  const { double, sourcesFile } = await doubleSources(t, [sbvSdmxSource]);
  const hub = await createTestHub(t, { env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off', FDH_SYNC_RETRIES: '1', FDH_SYNC_RETRY_BASE_MS: '20' } });
  const sync = await SyncService.open({ ...hub.runtime, env: {} });
  t.after(() => sync.close());
  const [outcome] = await sync.run([sbvSdmxSource.id]);
  assert.equal(outcome?.status, 'succeeded', JSON.stringify(outcome));
  assert.deepEqual(
    double.requests.map((request) => [request.path, Object.fromEntries(request.query)]),
    [['/webcenter/ShowProperty', { nodeId: '/UCMServer/SBV471011//idcPrimaryFile', revision: 'latestreleased' }]],
  );

  const refinancing = recordedSeries('sbv', FILE, { INDICATOR: 'FIR_PA' });
  const stored = async () =>
    (
      await hub.runtime.store.db
        .selectFrom('macro_observation')
        .select(['period', 'value', 'knowledge_at'])
        .where('series', '=', 'vn.policy-rate')
        .orderBy('period')
        .execute()
    ).map((row) => [row.period, Number(row.value), new Date(row.knowledge_at).toISOString()]);
  const prepared = new Date(recordedPrepared('sbv', FILE)).toISOString();
  const expected = refinancing.map(([period, value]) => [period, value, prepared]);
  assert.deepEqual(await stored(), expected, 'FIR_PA, the refinancing rate, not FID_PA, the rediscount rate');
  assert.notDeepEqual(
    refinancing.map(([, value]) => value),
    recordedSeries('sbv', FILE, { INDICATOR: 'FID_PA' }).map(([, value]) => value),
  );

  await hub.changed('macro');
  const key = await hub.key();
  const answer = await hub.get('/openapi/v1/macro/indicators/policy-rate?periods=12', key);
  assert.equal(answer.statusCode, 200, answer.body);
  const table = answer.json().data as { columns: { period: string }[]; rows: { country: string; values: (number | null)[] }[] };
  const rates = new Map(refinancing);
  // The file holds no month of January to September 2023: those columns are null.
  assert.deepEqual(
    table.columns.map((c) => c.period),
    ['2023-03', '2023-04', '2023-05', '2023-06', '2023-07', '2023-08', '2023-09', '2023-10', '2023-11', '2023-12', '2024-01', '2024-02'],
  );
  assert.deepEqual(
    table.rows.find((row) => row.country === 'VN')?.values,
    table.columns.map((c) => rates.get(c.period) ?? null),
  );

  const text = publisherSample('sbv', FILE).toString('utf8');
  double.setBody('/webcenter/ShowProperty', text.replace('INDICATOR="FIR_PA" FREQ="M"', 'INDICATOR="FIR_PA" FREQ="M" UNIT_MULT="-2"'));
  const [changed] = await sync.run([sbvSdmxSource.id]);
  assert.equal(changed?.status, 'failed', JSON.stringify(changed));
  assert.match(
    changed?.status === 'failed' ? changed.error : '',
    /SBV\.INR_VNM\.xml: line 1: series REF_AREA=VN, INDICATOR=FIR_PA, FREQ=M states UNIT_MULT "-2" where none is expected/,
  );
  assert.deepEqual(await stored(), expected, 'the refused file changes nothing served');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../../helpers/app.ts';
import type { FdiByRegion } from '../../../src/domains/macro/fdi.schemas.ts';
import type { IndicatorTable } from '../../../src/domains/macro/indicators.schemas.ts';
import type { Tibor } from '../../../src/domains/macro/tibor.schemas.ts';
import type { VnFlows } from '../../../src/domains/macro/vn-flows.schemas.ts';
import { instrumentsDemoGenerator } from '../../../src/ingest/demo/instruments.ts';
import { macroDemoGenerator } from '../../../src/ingest/demo/macro.ts';
import { importFile } from '../../../src/ingest/source.ts';
import { tiborJbaImporter } from '../../../src/ingest/importers/macro/tibor-jba.ts';
import { call, fixture } from './helpers.ts';

test('the demo has revisions, a series break in the last 12 quarters, missing figures, markers and 204 periods', async (t) => {
  const hub = await createTestHub(t, { seed: [macroDemoGenerator] });
  const key = await hub.key();
  const db = hub.runtime.store.db;
  const fdi = await call<FdiByRegion>(hub, key, '/macro/fdi/by-region?country=jp&quarters=12');
  assert.equal(fdi.body.data.latestPeriod, '2026-Q1');
  assert.ok(fdi.body.data.seriesBreak !== undefined, 'a method change inside the last 12 quarters');
  assert.ok(fdi.body.data.wasRestated);
  assert.ok(fdi.body.data.outward?.at(-1)?.isPreliminary, 'the latest quarter is preliminary');
  assert.ok(fdi.body.data.source.includes('demo'));
  const records = [...(fdi.body.data.inward ?? []), ...(fdi.body.data.outward ?? [])];
  assert.ok(
    records.some((r) => r.markers !== undefined && Object.values(r.values).includes(null)),
    'confidential figures: marker and null',
  );
  // Independent check of the latest outward total against the stored versions.
  const versions = await db
    .selectFrom('macro_observation')
    .select(['value', 'knowledge_at'])
    .where('series', '=', 'jp.fdi.outward.total')
    .where('period', '=', '2025-Q4')
    .orderBy('knowledge_at')
    .execute();
  assert.ok(versions.length >= 2, 'preliminary then revised');
  assert.equal(fdi.body.data.outward?.find((r) => r.period === '2025-Q4')?.total, versions.at(-1)?.value);
  const table = await call<IndicatorTable>(hub, key, '/macro/indicators/inflation-rate?periods=204');
  assert.equal(table.body.data.columns.length, 204);
  assert.ok(
    table.body.data.rows.some((row) => row.values.every((v) => v !== null)),
    'a full 204-period row',
  );
  const pmi = await call<IndicatorTable>(hub, key, '/macro/indicators/services-pmi');
  assert.equal(pmi.body.data.rows.find((r) => r.country === 'VN')?.available, false);
  const vn = await call<VnFlows>(hub, key, '/macro/fdi/vn/flows?months=60');
  assert.ok(
    vn.body.data.series.some((item) => item.registered === null),
    'months the publisher skipped',
  );
  assert.ok(vn.body.data.series.every((item) => item.registered !== 0));
  const tibor = await call<Tibor>(hub, key, '/macro/interbank-rates/jp/tibor?period=3Y');
  assert.ok(tibor.body.data.points.length > 700);
  assert.ok(tibor.body.data.points.some((p) => p.tibor1w === null));
  assert.ok(tibor.body.data.points.every((p) => p.tibor3m !== 0));
});

test('the demo clear removes exactly what it generated: imported releases stay', async (t) => {
  const hub = await createTestHub(t, { seed: [macroDemoGenerator] });
  const db = hub.runtime.store.db;
  await importFile(db, tiborJbaImporter, fixture('jba-tibor-2026-06.csv'), {
    knowledgeAt: new Date('2026-06-18T00:00:00Z'),
    loadedAt: new Date('2026-06-18T00:00:00Z'),
  });
  const imported = (await db.selectFrom('macro_observation').select('release_id').where('release_id', 'like', 'rel_%').execute()).length;
  assert.ok(imported > 0);
  await db.transaction().execute((trx) => macroDemoGenerator.clear(trx));
  const left = await db.selectFrom('macro_observation').select('release_id').execute();
  assert.equal(left.length, imported);
  assert.ok(left.every((row) => row.release_id.startsWith('rel_')));
  const releases = await db.selectFrom('release').select('dataset').execute();
  assert.deepEqual(
    releases.map((r) => r.dataset),
    ['jp-tibor-jba'],
  );
});

test('every Macro endpoint answers the demo for every parameter value the contract allows', async (t) => {
  // The exchange rates and the market recap's levels are the instruments' closes: that demo, not the macro one, writes them.
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator, macroDemoGenerator] });
  const key = await hub.key('enterprise');
  const urls: string[] = [];
  for (const direction of ['', '&direction=inward', '&direction=outward']) {
    for (let quarters = 1; quarters <= 12; quarters++) urls.push(`/macro/fdi/by-region?country=jp&quarters=${quarters}${direction}`);
  }
  for (const months of [1, 12, 60]) urls.push(`/macro/fdi/vn/flows?months=${months}`);
  for (const period of ['1M', '3M', '6M', '1Y', '3Y']) urls.push(`/macro/interbank-rates/jp/tibor?period=${period}`);
  for (const name of [
    'gdp-growth-rate',
    'inflation-rate',
    'core-inflation-rate',
    'policy-rate',
    'unemployment-rate',
    'government-bond-10y',
    'manufacturing-pmi',
    'services-pmi',
    'retail-sales-growth',
    'industrial-production-growth',
    'trade-balance',
    'current-account-to-gdp',
    'government-debt-to-gdp',
  ]) {
    for (const periods of [1, 204]) urls.push(`/macro/indicators/${name}?periods=${periods}`);
  }
  for (const country of ['US', 'JP', 'VN']) {
    urls.push(`/macro/gdp-growth-rate?country=${country}`);
    for (const type of ['gdp', 'cpi', 'import-export'])
      for (const period of ['1Y', '3Y', '10Y']) urls.push(`/macro/economic-data?type=${type}&country=${country}&period=${period}`);
    for (const period of ['1Y', '3Y', '10Y'])
      urls.push(`/macro/population?country=${country}&period=${period}`, `/macro/monetary-policy/rates-yields?country=${country}&period=${period}`);
    for (const period of ['5Y', '10Y', '20Y']) urls.push(`/macro/monetary-policy/central-government-debt?country=${country}&period=${period}`);
  }
  for (const period of ['1Y', '3Y', '10Y']) urls.push(`/macro/economic-data?type=pce&country=US&period=${period}`);
  for (const period of ['1M', '3M', '6M', '1Y', '3Y', '5Y', '10Y', '20Y']) urls.push(`/macro/exchange-rate?currency1=USD&currency2=VND&period=${period}`);
  for (const [a, b] of [
    ['USD', 'JPY'],
    ['EUR', 'USD'],
    ['GBP', 'JPY'],
    ['CNY', 'AUD'],
  ])
    urls.push(`/macro/exchange-rate?currency1=${a}&currency2=${b}`);
  urls.push('/macro/market-recap', '/macro/indicators');
  for (const url of urls) {
    const { status, body } = await call(hub, key, url);
    assert.equal(status, 200, url);
    const data = body.data as unknown;
    const filled = Array.isArray(data) ? data.length > 0 : Object.values(data as Record<string, unknown>).every((v) => !Array.isArray(v) || v.length > 0);
    assert.ok(filled, `${url} serves demo data`);
  }
  const sizes = async (url: string) => (await call<unknown[]>(hub, key, url)).body.data.length;
  assert.ok(
    (await sizes('/macro/exchange-rate?currency1=USD&currency2=JPY&period=20Y')) > (await sizes('/macro/exchange-rate?currency1=USD&currency2=JPY&period=10Y')),
  );
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import { twinProblems } from '../../helpers/twin.ts';
import { ImportError, isLineImporter, type Importer } from '../../../src/ingest/source.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { realEstateDemoGenerator } from '../../../src/ingest/demo/real-estate.ts';
import { mlitSources } from '../../../src/ingest/sources/mlit/index.ts';
import type { CollectContext, ImportPayload, SourceDefinition, SourceRequest } from '../../../src/ingest/sync/source-definition.ts';
import { importPayloads as importAt, publisherSample, routesFetch, payloadRecords } from '../../helpers/routes-fetch.ts';
import { sourceParams } from '../../../src/ingest/sync/catalogue.ts';

const KEY = 'test-mlit-key';
const SAMPLE = 'xit001-tokyo-2024-q2.json';

function source(): SourceDefinition {
  const found = mlitSources.find((s) => s.id === 'mlit-transactions');
  assert.ok(found !== undefined);
  return found;
}

function context(overrides: Partial<CollectContext> & Pick<CollectContext, 'fetch'>): CollectContext {
  return {
    baseUrl: 'https://www.reinfolib.mlit.go.jp',
    params: sourceParams(source(), {}),
    credentials: { MLIT_API_KEY: KEY },
    cursor: undefined,
    now: new Date('2024-07-10T00:00:00Z'),
    ...overrides,
  };
}

function importer(): Importer {
  const found = findImporter('real-estate-mlit-xit001');
  assert.ok(found !== undefined && !isLineImporter(found));
  return found;
}

const importPayloads = (hub: TestHub, payloads: ImportPayload[]) => importAt(hub, payloads, new Date('2024-07-10T00:00:00Z'));

const query = (request: SourceRequest | undefined) => Object.fromEntries(new URL(request?.url ?? '').searchParams);

test('transactions are asked per prefecture and quarter with the key in Ocp-Apim-Subscription-Key; the cursor is the last quarter loaded', async () => {
  const fake = routesFetch('mlit');
  const first = await source().collect(context({ fetch: fake.fetch, params: sourceParams(source(), { initialQuarters: 1 }) }));
  assert.equal(fake.requests.length, 1);
  assert.deepEqual(query(fake.requests[0]), { year: '2024', quarter: '2', area: '13', priceClassification: '01', language: 'en' });
  assert.equal(new URL(fake.requests[0]?.url ?? '').pathname, '/ex-api/external/XIT001');
  assert.equal(fake.requests[0]?.headers?.['Ocp-Apim-Subscription-Key'], KEY);
  assert.ok(!fake.requests[0]?.url.includes(KEY));
  assert.deepEqual(
    first.payloads.map((p) => [p.importer.dataset, p.fileName]),
    [['real-estate-mlit-xit001', 'mlit-xit001-13-2024-Q2.json']],
  );
  assert.deepEqual(
    payloadRecords(first.payloads[0]),
    importer().parse(publisherSample('mlit', SAMPLE).toString('utf8'), SAMPLE),
    'the answer is read once into its transactions',
  );
  assert.deepEqual(first.cursor, { through: '2024-Q2' });

  // Nothing ended since: nothing asked.
  const again = await source().collect(context({ fetch: fake.fetch, cursor: first.cursor, now: new Date('2024-09-30T12:00:00Z') }));
  assert.equal(fake.requests.length, 1);
  assert.deepEqual(again, { payloads: [], cursor: { through: '2024-Q2' } });
});

test('a quarter answered with no data (not published yet) stops the cursor before it, to be asked again', async () => {
  const fake = routesFetch('mlit');
  const empty = Buffer.from('{"status":"OK","data":[]}');
  const fetch: CollectContext['fetch'] = async (request) => {
    const result = await fake.fetch(request);
    return !result.notModified && new URL(request.url).searchParams.get('quarter') === '4' ? { ...result, body: empty } : result;
  };
  const result = await source().collect(
    context({ fetch, params: sourceParams(source(), { areas: ['13', '27'] }), cursor: { through: '2024-Q2' }, now: new Date('2025-02-01T00:00:00Z') }),
  );
  assert.deepEqual(
    fake.requests.map((r) => [query(r).year, query(r).quarter, query(r).area]),
    [
      ['2024', '3', '13'],
      ['2024', '3', '27'],
      ['2024', '4', '13'],
      ['2024', '4', '27'],
    ],
  );
  assert.deepEqual(
    result.payloads.map((p) => p.fileName),
    ['mlit-xit001-13-2024-Q3.json', 'mlit-xit001-27-2024-Q3.json'],
  );
  assert.deepEqual(result.cursor, { through: '2024-Q3' });
});

test('an answer still gzip-compressed is decompressed; a truncated one fails the run', async () => {
  const fake = routesFetch('mlit');
  const gzipped =
    (cut: boolean): CollectContext['fetch'] =>
    async (request) => {
      const result = await fake.fetch(request);
      if (result.notModified) return result;
      const body = gzipSync(result.body);
      return { ...result, body: cut ? body.subarray(0, body.length / 2) : body };
    };
  const params = sourceParams(source(), { initialQuarters: 1 });
  const result = await source().collect(context({ fetch: gzipped(false), params }));
  assert.deepEqual(payloadRecords(result.payloads[0]), importer().parse(publisherSample('mlit', SAMPLE).toString('utf8'), SAMPLE));
  await assert.rejects(source().collect(context({ fetch: gzipped(true), params })), /unexpected end of file/);
});

test('a missing key or a bad parameter fails the run naming it', async () => {
  const fake = routesFetch('mlit');
  await assert.rejects(source().collect(context({ fetch: fake.fetch, credentials: {} })), /MLIT_API_KEY is not set/);
  assert.throws(() => sourceParams(source(), { areas: ['Tokyo'] }), /\/sources\/mlit-transactions\/params\/areas\/0: must match pattern/);
  assert.equal(fake.requests.length, 0);
});

test('the XIT001 importer reads the figures as published and refuses what is not an answer', () => {
  const sample = publisherSample('mlit', SAMPLE).toString('utf8');
  const parsed = importer().parse(sample, SAMPLE) as {
    place: { code: string };
    type: string;
    price: number;
    area: number;
    buildingYear: number | null;
    structure: string | null;
    floorPlan: string | null;
    tradePeriod: string;
  }[];
  assert.deepEqual(
    parsed.map((r) => [r.place.code, r.type, r.price, r.area, r.buildingYear, r.structure, r.floorPlan, r.tradePeriod]),
    [
      ['13102', 'Pre-owned Condominiums, etc.', 47_000_000, 30, 1998, 'SRC', '1LDK', '2024-Q2'],
      ['13102', 'Residential Land(Land and Building)', 180_000_000, 45, 1978, 'RC', null, '2024-Q2'],
      ['13102', 'Residential Land(Land and Building)', 1_200_000_000, 175, 1992, 'S', null, '2024-Q2'],
      ['13102', 'Residential Land(Land Only)', 290_000_000, 70, null, null, null, '2024-Q2'],
    ],
  );
  const refusals: [string, RegExp][] = [
    [sample.slice(0, sample.length - 40), /not JSON/],
    ['<html><body><h1>503 Service Unavailable</h1></body></html>', /not JSON/],
    ['{"status":"NG","message":"invalid key"}', /status is "NG"/],
    ['{"status":"OK","data":[]}', /data\[0\]: the answer has no transactions/],
    [sample.replace('"TradePrice"', '"Price"'), /: \/data\/0\/TradePrice: is missing$/],
    [sample.replace('"47000000"', '"47,000,000 yen"'), /data\[0\]: TradePrice: re\.transaction:jp "47,000,000 yen" is not a decimal number/],
    [sample.replace('"13102"', '"99102"'), /data\[0\]: MunicipalityCode "99102" is not a local-government code/],
    [sample.replace('"2nd quarter 2024"', '"5th quarter 2024"'), /data\[0\]: Period "5th quarter 2024" is not a calendar quarter/],
  ];
  for (const [content, message] of refusals) {
    assert.throws(
      () => importer().parse(content, SAMPLE),
      (error: unknown) => error instanceof ImportError && error.message.startsWith(SAMPLE) && message.test(error.message),
      String(message),
    );
  }
});

test('without the demo, the answer creates Tokyo and Chuo Ward from its codes and the endpoints serve exactly its transactions', async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key();
  const { payloads } = await source().collect(context({ fetch: routesFetch('mlit').fetch, params: sourceParams(source(), { initialQuarters: 1 }) }));
  assert.deepEqual(
    (await importPayloads(hub, payloads)).map((r) => [r.status, r.rows]),
    [['loaded', 4]],
  );
  assert.deepEqual(
    (await importPayloads(hub, payloads)).map((r) => r.status),
    ['unchanged'],
  );
  await hub.changed('real-estate');

  const provinces = (await hub.get('/openapi/v1/real-estate/jp/provinces?lang=en', key)).json() as { data: unknown[] };
  assert.deepEqual(provinces.data, [{ id: 113, name: 'Tokyo', code: '13', country: 'jp', bbox: null }]);
  assert.deepEqual(twinProblems('realEstateProvinces', provinces.data, { strict: false }), []);
  const wards = (await hub.get('/openapi/v1/real-estate/jp/provinces/113/wards', key)).json() as { data: { wardId: number; wardName: string }[] };
  assert.deepEqual(
    wards.data.map((w) => [w.wardId, w.wardName]),
    [[1_013_102, 'Chuo Ward']],
  );

  const response = await hub.get('/openapi/v1/real-estate/jp/provinces/113/wards/1013102/transactions?from=2024-Q2&to=2024-Q2', key);
  assert.equal(response.statusCode, 200);
  const body = response.json() as {
    data: {
      transactions: {
        price: number;
        area: number;
        pricePerM2: number;
        buildingYear: number | null;
        structure: string | null;
        floorPlan: string | null;
        tradePeriod: string;
      }[];
    };
  };
  assert.deepEqual(
    body.data.transactions
      .map((x) => [x.price, x.area, x.pricePerM2, x.buildingYear, x.structure, x.floorPlan, x.tradePeriod])
      .sort((a, b) => Number(a[0]) - Number(b[0])),
    [
      [47_000_000, 30, 1_566_667, 1998, 'SRC', '1LDK', '2024-Q2'],
      [180_000_000, 45, 4_000_000, 1978, 'RC', null, '2024-Q2'],
      [290_000_000, 70, 4_142_857, null, null, null, '2024-Q2'],
      [1_200_000_000, 175, 6_857_143, 1992, 'S', null, '2024-Q2'],
    ],
  );
});

test('with the demo, a municipality the demo has takes the transactions; one it lacks joins the demo prefecture', async (t) => {
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const db = hub.runtime.store.db;
  const count = async (table: 're_province' | 're_ward') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [provincesBefore, wardsBefore] = [await count('re_province'), await count('re_ward')];
  const { payloads } = await source().collect(context({ fetch: routesFetch('mlit').fetch, params: sourceParams(source(), { initialQuarters: 1 }) }));
  const [payload] = payloads;
  assert.ok(payload !== undefined);
  // The same answer for Chiyoda Ward, one of the small demo's Tokyo wards (Chuo is not).
  const chiyoda = {
    importer: importer(),
    fileName: 'mlit-xit001-chiyoda.json',
    archiveHashes: [],
    content: Buffer.from(publisherSample('mlit', SAMPLE).toString('utf8').replaceAll('"13102"', '"13101"').replaceAll('Chuo Ward', 'Chiyoda Ward')),
  };
  await importPayloads(hub, [payload, chiyoda]);
  assert.equal(await count('re_province'), provincesBefore);
  assert.equal(await count('re_ward'), wardsBefore + 1);
  const demoChiyoda = await db.selectFrom('re_ward').select('id').where('province_id', '=', 113).where('name', '=', 'Chiyoda-ku').executeTakeFirstOrThrow();
  const rows = await db.selectFrom('re_transaction').select(['ward_id', 'price']).where('source', '=', 'MLIT Real Estate Information Library').execute();
  const byWard = (wardId: number) =>
    rows
      .filter((r) => r.ward_id === wardId)
      .map((r) => Number(r.price))
      .sort((a, b) => a - b);
  assert.deepEqual(byWard(demoChiyoda.id), [47_000_000, 180_000_000, 290_000_000, 1_200_000_000]);
  assert.deepEqual(byWard(1_013_102), [47_000_000, 180_000_000, 290_000_000, 1_200_000_000]);
  const chuo = await db.selectFrom('re_ward').selectAll().where('id', '=', 1_013_102).executeTakeFirstOrThrow();
  assert.deepEqual([chuo.province_id, chuo.name, chuo.geometry], [113, 'Chuo Ward', '[]']);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadBytes } from '../../helpers/routes-fetch.ts';
import { mlitKsjSources } from '../../../src/ingest/sources/mlit-ksj/index.ts';
import { soumuSources } from '../../../src/ingest/sources/soumu/index.ts';
import { municipalityBoundaries } from '../../../src/ingest/importers/real-estate/mlit-n03.ts';
import { SIMPLIFY_TOLERANCE_DEGREES, wardOutline } from '../../../src/ingest/importers/real-estate/boundary-rings.ts';
import { boundingBox } from '../../../src/domains/real-estate/geometry.ts';
import { ImportError } from '../../../src/ingest/source.ts';
import type { SourceDefinition } from '../../../src/ingest/sync/source-definition.ts';

const FILE = 'N03-20240101_13.geojson';
const boundaries = (): SourceDefinition => mlitKsjSources[0] as SourceDefinition;

async function boundaryPayload() {
  const { result, requests } = await collectFromRoutes(boundaries());
  // No edition pinned: this year's (the test clock's 2026) is asked first, then the year before, until one is published.
  assert.deepEqual(
    requests.map((r) => [r.url, r.absentOk]),
    ['2026', '2025', '2024'].map((year) => [`http://publisher.test/ksj/gml/data/N03/N03-${year}/N03-${year}0101_13_GML.zip`, true]),
  );
  const [payload] = result.payloads;
  assert.ok(payload !== undefined && result.payloads.length === 1);
  return payload;
}

/** The published feature's positions, as the sample holds them. */
function publishedRing(text: string): number[][] {
  const collection = JSON.parse(text) as { features: { geometry: { coordinates: number[][][][] } }[] };
  return collection.features[0]?.geometry.coordinates[0]?.[0] ?? [];
}

test('one zip per prefecture is asked at its published path; its GeoJSON entry is passed on as it is', async () => {
  const payload = await boundaryPayload();
  assert.deepEqual([payload.importer.dataset, payload.fileName], ['real-estate-mlit-n03', FILE]);
  assert.equal(publishedRing(payloadBytes(payload).toString('utf8')).length, 402);
  await assert.rejects(collectFromRoutes(boundaries(), { params: { areas: ['Tokyo'] } }), /\/sources\/mlit-ksj-n03\/params\/areas\/0: must match pattern/);
  await assert.rejects(collectFromRoutes(boundaries(), { params: { asOf: '2024-01-01' } }), /\/sources\/mlit-ksj-n03\/params\/asOf: must match pattern/);
  // A pinned edition is read as named, for every prefecture, without looking for a newer one.
  const pinned = await collectFromRoutes(boundaries(), { params: { edition: '2024' } });
  assert.deepEqual(pinned.requests, [{ url: 'http://publisher.test/ksj/gml/data/N03/N03-2024/N03-20240101_13_GML.zip' }]);
  // No edition of the last three years published: the run fails saying which were looked for.
  const none = boundaries().collect({
    baseUrl: 'http://publisher.test',
    params: { areas: ['13'] },
    credentials: {},
    cursor: undefined,
    now: new Date('2030-03-01T00:00:00Z'),
    fetch: async (request) => ({ notModified: true, absent: true, url: request.url }),
  });
  await assert.rejects(none, /mlit-ksj-n03: no N03 edition of 2028 to 2030 is published for prefecture 13/);
});

test("a municipality's outline is its largest polygon, simplified to the documented tolerance, positions to 5 decimals", async () => {
  const text = payloadBytes(await boundaryPayload()).toString('utf8');
  const [chuo, ...others] = municipalityBoundaries(text, FILE);
  assert.equal(others.length, 0);
  assert.deepEqual(chuo?.place, { code: '13102', prefecture: '東京都', municipality: '中央区' });
  const [outer, ...holes] = chuo?.rings ?? [];
  assert.ok(outer !== undefined && holes.length === 0);
  assert.ok(outer.length >= 4 && outer.length < 402 / 4, `${outer.length} positions of 402`);
  assert.deepEqual(outer[0], outer.at(-1), 'the ring stays closed');
  assert.ok(outer.flat().every((value) => Number(value.toFixed(5)) === value));
  // Simplifying never moves the outline outside the published one's extent.
  const [minLon, minLat, maxLon, maxLat] = boundingBox([[publishedRing(text)]]) ?? [];
  const bbox = boundingBox([chuo?.rings ?? []]) ?? [];
  assert.ok(
    (bbox[0] ?? 0) >= (minLon ?? 0) - 1e-5 &&
      (bbox[1] ?? 0) >= (minLat ?? 0) - 1e-5 &&
      (bbox[2] ?? 0) <= (maxLon ?? 0) + 1e-5 &&
      (bbox[3] ?? 0) <= (maxLat ?? 0) + 1e-5,
  );
  assert.equal(SIMPLIFY_TOLERANCE_DEGREES, 0.0005);

  const square = (x: number, size: number) => [
    [
      [x, 0],
      [x + size, 0],
      [x + size, size],
      [x, size],
      [x, 0],
    ],
  ];
  assert.deepEqual(wardOutline([square(0, 0.01), square(1, 0.1), square(2, 0.001)]), square(1, 0.1), 'the islets are dropped');
});

test('HTML with 200, a cut zip or a changed layout fails naming the file and the place', async () => {
  const base = { baseUrl: 'http://publisher.test', params: { areas: ['13'], edition: '2024' }, credentials: {}, cursor: undefined, now: new Date() };
  const answering = (body: Buffer) =>
    boundaries().collect({ ...base, fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body, archiveHash: 'x' }) });
  const zip = publisherSample('mlit-ksj', 'N03-20240101_13_GML.zip');
  await assert.rejects(
    answering(Buffer.from('<!DOCTYPE html><html><body>メンテナンス中</body></html>')),
    (error: unknown) => error instanceof ImportError && /^N03-20240101_13_GML\.zip: not a zip archive/.test(error.message),
  );
  await assert.rejects(
    answering(zip.subarray(0, zip.length - 30)),
    (error: unknown) => error instanceof ImportError && /^N03-20240101_13_GML\.zip: /.test(error.message),
  );

  const text = payloadBytes(await boundaryPayload()).toString('utf8');
  const refusals: [string, RegExp][] = [
    ['<html>', /not JSON/],
    ['{"type":"Feature"}', /\/features: is missing; \/type: expected "FeatureCollection" \(got "Feature"\)/],
    [text.replace('"N03_007"', '"N03_999"'), /features\[0\]: \/properties\/N03_007: is missing/],
    [text.replace('"13102"', '"1310"'), /features\[0\]: N03_007 "1310" is not a local-government code/],
    [text.replace('"13102"', 'null'), /features\[0\]: no feature has a municipality code/],
    [text.replace('"MultiPolygon"', '"Point"'), /features\[0\]: \/geometry\/type: expected "Polygon" or "MultiPolygon" \(got "Point"\)/],
    [
      text.replace('[[[[139.75833333000003,', '[[[["139.75833333000003",'),
      /features\[0\]: \/geometry\/coordinates\/0\/0\/0\/0: expected number \(got "139\.75833333000003"\)/,
    ],
    [
      text.replace('"MultiPolygon"', '"Polygon"'),
      /features\[0\]: \/geometry\/coordinates\/0\/0\/0: expected number \(got \[139\.75833333000003,35\.65976322\]\)/,
    ],
    [text.replace('"中央区"', '""'), /features\[0\]: N03_001 and N03_004 must name the place of code 13102/],
  ];
  for (const [content, message] of refusals) {
    assert.throws(
      () => municipalityBoundaries(content, FILE),
      (error: unknown) => error instanceof ImportError && error.message.startsWith(FILE) && message.test(error.message),
      String(message),
    );
  }
});

test('without the demo, after the code list and the boundaries, the province bbox and the geojson answer are the fetched outline; a ward without one has no rings', async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key();
  const list = await collectFromRoutes(soumuSources[0] as SourceDefinition);
  await importPayloads(hub, list.result.payloads);
  const payload = await boundaryPayload();
  assert.deepEqual(
    (await importPayloads(hub, [payload])).map((r) => [r.status, r.rows]),
    [['loaded', 1]],
  );
  await hub.changed('real-estate');
  const [chuo] = municipalityBoundaries(payloadBytes(payload).toString('utf8'), FILE);

  const provinces = (await hub.get('/openapi/v1/real-estate/jp/provinces?lang=en', key)).json() as { data: { id: number; bbox: number[] | null }[] };
  assert.deepEqual(provinces.data.find((p) => p.id === 113)?.bbox, boundingBox([chuo?.rings ?? []]));
  assert.equal(provinces.data.find((p) => p.id === 101)?.bbox, null, 'no boundary fetched for Hokkaido');
  const geojson = (await hub.get('/openapi/v1/real-estate/jp/geojson?provinceId=113', key)).json() as {
    data: { wards: { wardId: number; wardName: string; coordinates: number[][][] }[] };
  };
  assert.deepEqual(
    geojson.data.wards.map((w) => [w.wardId, w.wardName, w.coordinates]),
    [
      [1_013_101, '千代田区', []],
      [1_013_102, '中央区', chuo?.rings],
      [1_013_201, '八王子市', []],
    ],
  );
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { createTestHub, type TestHub } from '../../../helpers/app.ts';
import { importOperatorFile, operatorFixture, tempFile } from '../../../helpers/operator-files.ts';
import { ImportError } from '../../../../src/ingest/source.ts';

async function counts(hub: TestHub): Promise<number[]> {
  const db = hub.runtime.store.db;
  const n = async (table: 're_province' | 're_ward' | 'release') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return [await n('re_province'), await n('re_ward'), await n('release')];
}

test("Vietnam's geography loads from a GeoJSON file: its provinces and wards fill the real-estate answers, and its price tables their prices", async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const key = await hub.key('pro');
  const result = await importOperatorFile(hub, 'geography', operatorFixture('examples/vietnam-provinces-wards.geojson'));
  assert.deepEqual([result.status, result.rows], ['loaded', 7]);
  const facts = await hub.runtime.store.db
    .selectFrom('release_fact')
    .select(['fact', 'rows'])
    .where('release_id', '=', result.releaseId)
    .orderBy('fact')
    .execute();
  assert.deepEqual(
    facts.map((fact) => ({ ...fact })),
    [
      { fact: 're_province:vn', rows: 2 },
      { fact: 're_province:vn.boundary', rows: 2 },
      { fact: 're_ward:vn', rows: 5 },
      { fact: 're_ward:vn.boundary', rows: 5 },
    ],
  );
  const provinces = (await hub.get('/openapi/v1/real-estate/vn/provinces', key)).json().data as {
    id: number;
    name: string;
    code: string;
    bbox: number[] | null;
  }[];
  assert.deepEqual(
    provinces.map(({ id, code, name }) => ({ id, code, name })).sort((a, b) => a.id - b.id),
    [
      { id: 1, code: 'HCM', name: 'Hồ Chí Minh' },
      { id: 2, code: 'HN', name: 'Hà Nội' },
    ],
    "the hub's ids of Vietnam's provinces (the examples' /provinces/2 is Hanoi)",
  );
  const hanoi = provinces.find((province) => province.code === 'HN');
  const [minLon = 0, minLat = 0, maxLon = 0, maxLat = 0] = hanoi?.bbox ?? [];
  assert.ok(minLon > 105.82 && minLat > 21.01 && maxLon < 105.87 && maxLat < 21.05, `Hanoi's box is its wards': ${JSON.stringify(hanoi?.bbox)}`);
  const english = (await hub.get('/openapi/v1/real-estate/vn/provinces?lang=en', key)).json().data as { name: string }[];
  assert.deepEqual(english.map((province) => province.name).sort(), ['Hanoi', 'Ho Chi Minh City']);

  await importOperatorFile(hub, 'observations', operatorFixture('examples/hanoi-land-prices.csv'));
  const wards = (await hub.get('/openapi/v1/real-estate/vn/provinces/2/wards', key)).json().data as {
    wardName: string;
    areaName: string;
    avgPriceResidentialVt1: number | null;
    roadCount: number | null;
  }[];
  assert.deepEqual(
    wards.map(({ wardName, areaName, avgPriceResidentialVt1, roadCount }) => ({ wardName, areaName, avgPriceResidentialVt1, roadCount })),
    [
      { wardName: 'Phường Ba Đình', areaName: 'Ba Đình', avgPriceResidentialVt1: 434600, roadCount: 1 },
      { wardName: 'Phường Hoàn Kiếm', areaName: 'Hoàn Kiếm', avgPriceResidentialVt1: (695300 + 580400) / 2, roadCount: 2 },
      { wardName: 'Phường Cửa Nam', areaName: 'Hoàn Kiếm', avgPriceResidentialVt1: null, roadCount: null },
    ],
  );
  const prices = (await hub.get('/openapi/v1/real-estate/vn/provinces/2/prices', key)).json().data as { points: { month?: string; price: number }[] };
  assert.deepEqual(
    prices.points.map((point) => point.price),
    [61800, 62500],
  );
  assert.equal((await importOperatorFile(hub, 'geography', operatorFixture('examples/vietnam-provinces-wards.geojson'))).status, 'unchanged');
});

test('a malformed geography file is refused naming the feature, and changes nothing', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const before = await counts(hub);
  const good = JSON.parse(readFileSync(operatorFixture('examples/vietnam-provinces-wards.geojson'), 'utf8')) as {
    features: { properties: Record<string, unknown>; geometry: unknown }[];
  };
  const altered = (i: number, change: (feature: { properties: Record<string, unknown>; geometry: unknown }) => void) => {
    const copy = structuredClone(good);
    const feature = copy.features[i];
    if (feature !== undefined) change(feature);
    return JSON.stringify(copy);
  };
  const cases: [string, string, RegExp][] = [
    ['not-json.geojson', '{"type": "FeatureCollection", "features": [', /not-json\.geojson: not JSON/],
    ['province.geojson', altered(0, (f) => (f.properties.code = 'HNX')), /province\.geojson: features\[0\]: no province "HNX" in vn; the codes are HCM, HN, /],
    ['parent.geojson', altered(3, (f) => (f.properties.parent = 'XX')), /parent\.geojson: features\[3\]: parent "XX" is no province of vn/],
    ['code.geojson', altered(4, (f) => (f.properties.code = '70')), /code\.geojson: features\[4\]: a ward's code must be its 5-digit code/],
    [
      'geometry.geojson',
      altered(5, (f) => (f.geometry = { type: 'Point', coordinates: [105.8, 21.0] })),
      /geometry\.geojson: features\[5\]: \/geometry\/type: expected "Polygon" or "MultiPolygon" \(got "Point"\)/,
    ],
    [
      'level.geojson',
      altered(2, (f) => (f.properties.level = 'district')),
      /level\.geojson: features\[2\]: \/properties\/level: expected "province" or "ward"/,
    ],
    [
      'orphan.geojson',
      JSON.stringify({ type: 'FeatureCollection', features: good.features.slice(2, 3) }),
      /orphan\.geojson: features\[0\]: its province is neither in the store nor in the file/,
    ],
  ];
  for (const [name, content, message] of cases) {
    await assert.rejects(
      importOperatorFile(hub, 'geography', tempFile(t, name, content)),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
      name,
    );
  }
  assert.deepEqual(await counts(hub), before, 'nothing was written');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../../helpers/app.ts';
import { twinProblems } from '../../helpers/twin.ts';
import { realEstateDemoGenerator } from '../../../src/ingest/demo/real-estate.ts';

interface Ward {
  wardId: number;
  wardName: string;
  avgPriceResidentialVt1: number | null;
  avgPriceResidentialVt2: number | null;
  minPriceResidential: number | null;
  maxPriceResidential: number | null;
  roadCount: number | null;
  unit: string;
  coordinates: number[][][];
}

interface GeoJsonBody {
  data: { wards: Ward[]; availableYears: number[]; latestYear: number | null };
}

/** Twice the signed area of a ring (shoelace): positive when counter-clockwise. */
function signedArea(ring: number[][]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x1 = 0, y1 = 0] = ring[i] ?? [];
    const [x2 = 0, y2 = 0] = ring[i + 1] ?? [];
    sum += x1 * y2 - x2 * y1;
  }
  return sum;
}

test('geojson follows the twin field table exactly', async (t) => {
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const key = await hub.key();
  for (const url of ['vn/geojson', 'vn/geojson?provinceId=2', 'jp/geojson?provinceId=113']) {
    const response = await hub.get(`/openapi/v1/real-estate/${url}`, key);
    assert.equal(response.statusCode, 200, url);
    const body = response.json() as GeoJsonBody;
    assert.deepEqual(twinProblems('realEstateGeoJson', body.data), [], url);
    assert.ok(body.data.wards.length > 0);
    assert.deepEqual(body.data.availableYears, [2024, 2025, 2026]);
    assert.equal(body.data.latestYear, 2026);
  }
});

test('every ring is closed, counter-clockwise and in [lon, lat] order', async (t) => {
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const key = await hub.key();
  const extent = { vn: { lon: [102, 110], lat: [8, 24] }, jp: { lon: [122, 154], lat: [20, 46] } } as const;
  for (const country of ['vn', 'jp'] as const) {
    const { data } = (await hub.get(`/openapi/v1/real-estate/${country}/geojson`, key)).json() as GeoJsonBody;
    for (const ward of data.wards) {
      assert.ok(ward.coordinates.length >= 1, `${ward.wardId} has a ring`);
      for (const ring of ward.coordinates) {
        assert.ok(ring.length >= 4, `${ward.wardId}: a ring needs four positions`);
        assert.deepEqual(ring[0], ring[ring.length - 1], `${ward.wardId}: ring closed`);
        assert.ok(signedArea(ring) > 0, `${ward.wardId}: outer ring counter-clockwise`);
        for (const position of ring) {
          const [lon = NaN, lat = NaN] = position;
          assert.equal(position.length, 2);
          assert.ok(lon >= extent[country].lon[0] && lon <= extent[country].lon[1], `${ward.wardId}: ${lon} is a longitude of ${country}`);
          assert.ok(lat >= extent[country].lat[0] && lat <= extent[country].lat[1], `${ward.wardId}: ${lat} is a latitude of ${country}`);
        }
      }
    }
  }
});

test('ward price figures are computed from the latest year of the road price table', async (t) => {
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const key = await hub.key();
  const { data } = (await hub.get('/openapi/v1/real-estate/vn/geojson?provinceId=1', key)).json() as GeoJsonBody;
  const roads = await hub.runtime.store.db.selectFrom('re_road_price').selectAll().where('year', '=', 2026).execute();
  const wardIds = await hub.runtime.store.db.selectFrom('re_ward').select('id').where('province_id', '=', 1).orderBy('id').execute();
  assert.deepEqual(
    data.wards.map((w) => w.wardId),
    wardIds.map((w) => w.id),
  );
  for (const ward of data.wards) {
    const mine = roads.filter((r) => r.ward_id === ward.wardId);
    const mean = (values: (number | null)[]) => {
      const present = values.filter((v): v is number => v !== null);
      return present.length === 0 ? null : Math.round((present.reduce((a, b) => a + b, 0) / present.length) * 100) / 100;
    };
    const every = mine.flatMap((r) => [r.vt1, r.vt2, r.vt3, r.vt4]).filter((v): v is number => v !== null);
    assert.equal(ward.roadCount, mine.length);
    assert.equal(ward.avgPriceResidentialVt1, mean(mine.map((r) => r.vt1)));
    assert.equal(ward.avgPriceResidentialVt2, mean(mine.map((r) => r.vt2)));
    assert.equal(ward.minPriceResidential, Math.min(...every));
    assert.equal(ward.maxPriceResidential, Math.max(...every));
    assert.equal(ward.unit, 'k_vnd');
  }
  const { data: tokyo } = (await hub.get('/openapi/v1/real-estate/jp/geojson?provinceId=113', key)).json() as GeoJsonBody;
  assert.ok(tokyo.wards.every((w) => w.unit === 'k_jpy' && w.avgPriceResidentialVt2 === null));
});

test('the wards of a province are the geojson items without their outline', async (t) => {
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const key = await hub.key();
  const { data: geo } = (await hub.get('/openapi/v1/real-estate/vn/geojson?provinceId=2', key)).json() as GeoJsonBody;
  const response = await hub.get('/openapi/v1/real-estate/vn/provinces/2/wards', key);
  assert.equal(response.statusCode, 200);
  const wards = (response.json() as { data: Record<string, unknown>[] }).data;
  assert.deepEqual(
    wards,
    geo.wards.map(({ coordinates: _coordinates, ...summary }) => summary),
  );
  assert.deepEqual(twinProblems('realEstateGeoJson', { wards, availableYears: [], latestYear: null }), []);
  assert.ok(wards.some((w) => w.wardName === 'Hoàn Kiếm'));
});

test('an unknown province is a 404 for geojson, wards and prices; a bad id a 400', async (t) => {
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const key = await hub.key();
  for (const url of ['vn/geojson?provinceId=113', 'jp/geojson?provinceId=999', 'jp/provinces/2/wards', 'vn/provinces/999/prices', 'xx/geojson']) {
    assert.equal((await hub.get(`/openapi/v1/real-estate/${url}`, key)).statusCode, 404, url);
  }
  assert.equal((await hub.get('/openapi/v1/real-estate/all/geojson?provinceId=113', key)).statusCode, 200);
  const bad = await hub.get('/openapi/v1/real-estate/vn/provinces/abc/wards', key);
  assert.equal(bad.statusCode, 400);
  assert.match(JSON.stringify(bad.json()), /provinceId/);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../../helpers/app.ts';
import { twinProblems } from '../../helpers/twin.ts';
import { realEstateDemoGenerator } from '../../../src/ingest/demo/real-estate.ts';

interface Province {
  id: number;
  name: string;
  code: string;
  country: string;
  bbox: [number, number, number, number] | null;
}

async function provinces(hub: Awaited<ReturnType<typeof createTestHub>>, key: string, path: string): Promise<Province[]> {
  const response = await hub.get(`/openapi/v1/real-estate/${path}`, key);
  assert.equal(response.statusCode, 200, path);
  return (response.json() as { data: Province[] }).data;
}

test('provinces follow the twin field table and carry their country', async (t) => {
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const key = await hub.key();
  const vn = await provinces(hub, key, 'vn/provinces');
  assert.deepEqual(twinProblems('realEstateProvinces', vn, { strict: false }), []);
  assert.equal(vn.length, 34);
  assert.ok(vn.every((p) => p.country === 'vn'));
  assert.deepEqual(
    vn.find((p) => p.code === 'HN'),
    { id: 2, name: 'Hà Nội', code: 'HN', country: 'vn', bbox: vn.find((p) => p.code === 'HN')?.bbox },
  );
  assert.equal(vn.find((p) => p.code === 'HCM')?.id, 1);
  assert.ok(vn.every((p) => Object.keys(p).sort().join() === 'bbox,code,country,id,name'));

  const jp = await provinces(hub, key, 'jp/provinces?lang=en');
  assert.deepEqual(twinProblems('realEstateProvinces', jp, { strict: false }), []);
  assert.equal(jp.length, 47);
  assert.equal(jp.find((p) => p.code === '13')?.name, 'Tokyo');
  assert.equal(new Set(jp.map((p) => p.id)).size, 47);

  const english = await provinces(hub, key, 'vn/provinces?lang=en');
  assert.equal(english.find((p) => p.code === 'HCM')?.name, 'Ho Chi Minh City');
});

test('all is jp followed by vn', async (t) => {
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const key = await hub.key();
  for (const lang of ['vi', 'en']) {
    const all = await provinces(hub, key, `all/provinces?lang=${lang}`);
    const jp = await provinces(hub, key, `jp/provinces?lang=${lang}`);
    const vn = await provinces(hub, key, `vn/provinces?lang=${lang}`);
    assert.deepEqual(all, [...jp, ...vn]);
  }
});

test('bbox covers the wards but leaves out offshore units', async (t) => {
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const key = await hub.key();
  const all = await provinces(hub, key, 'all/provinces');
  const wards = await hub.runtime.store.db.selectFrom('re_ward').select(['province_id', 'offshore', 'geometry']).execute();
  const offshoreProvinces = new Set(wards.filter((w) => w.offshore === 1).map((w) => w.province_id));
  assert.ok(offshoreProvinces.has(1), 'Ho Chi Minh City has an offshore unit (Côn Đảo)');
  assert.ok(offshoreProvinces.has(113), 'Tokyo has offshore units (Izu and Ogasawara islands)');

  for (const province of all) {
    const positions = (offshore: boolean) =>
      wards.filter((w) => w.province_id === province.id && (offshore || w.offshore === 0)).flatMap((w) => (JSON.parse(w.geometry) as number[][][]).flat());
    const mainland = positions(false);
    const lons = mainland.map((p) => p[0] ?? NaN);
    const lats = mainland.map((p) => p[1] ?? NaN);
    assert.deepEqual(province.bbox, [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)], province.code);
    if (offshoreProvinces.has(province.id)) {
      const [minLon, minLat, maxLon, maxLat] = province.bbox ?? [0, 0, 0, 0];
      const outside = positions(true).filter(([lon = 0, lat = 0]) => lon < minLon || lon > maxLon || lat < minLat || lat > maxLat);
      assert.ok(outside.length > 0, `${province.code}: the offshore unit lies outside the bbox`);
    }
  }
  const hcm = all.find((p) => p.code === 'HCM');
  assert.ok(hcm?.bbox !== null && hcm?.bbox !== undefined && hcm.bbox[1] > 9.5, 'Côn Đảo (8.7°N) does not stretch the bbox');
});

test('an unknown country is a 404; a bad lang is a 400', async (t) => {
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const key = await hub.key();
  const unknown = await hub.get('/openapi/v1/real-estate/th/provinces', key);
  assert.equal(unknown.statusCode, 404);
  assert.match(JSON.stringify(unknown.json()), /th/);
  const upper = await hub.get('/openapi/v1/real-estate/VN/provinces', key);
  assert.equal(upper.statusCode, 404);
  const lang = await hub.get('/openapi/v1/real-estate/vn/provinces?lang=fr', key);
  assert.equal(lang.statusCode, 400);
  assert.match(JSON.stringify(lang.json()), /lang/);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { twinOperation, twinProblems, twinParameterProblems, twinExampleUrl } from '../../helpers/twin.ts';
import { instrumentsDemoGenerator } from '../../../src/ingest/demo/instruments.ts';

const OPERATIONS = ['commoditiesList', 'commoditiesFeatured', 'commoditiesMovers', 'commoditiesGoldDxy', 'commoditiesHistory'];

test('commodity operations answer as the twin describes them', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  // Enterprise: the walk below makes more calls than a free minute's budget.
  const key = await hub.key('enterprise');
  const data = async (url: string) => {
    const res = await hub.get(url, key);
    assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
    return res.json().data;
  };

  for (const operationId of OPERATIONS) {
    await t.test(`${operationId} with its example parameters matches the twin's field table`, async () => {
      const op = twinOperation(operationId);
      assert.equal(hub.app.apiOperations.get(operationId)?.weight, op.weight);
      assert.equal(hub.app.apiOperations.get(operationId)?.feature, op.feature);
      const served = await data(twinExampleUrl(operationId));
      assert.ok(Array.isArray(served) ? served.length > 0 : true);
      assert.deepEqual(twinProblems(operationId, served), []);
    });
  }

  await t.test("every enum value of the twin's parameters conforms", async () => {
    for (const category of ['energy', 'metals', 'agriculture', 'macro']) {
      for (const sort of ['name', 'price', 'change_1d', 'mtd', 'ytd']) {
        for (const order of ['asc', 'desc']) {
          assert.deepEqual(twinProblems('commoditiesList', await data(`/openapi/v1/commodities?category=${category}&sort=${sort}&order=${order}`)), []);
        }
      }
    }
    for (const limit of [1, 10])
      assert.deepEqual(twinProblems('commoditiesMovers', await data(`/openapi/v1/commodities/movers?period=mtd&limit=${limit}`)), []);
    for (const period of ['1m', '3m', 'ytd'])
      assert.deepEqual(twinProblems('commoditiesGoldDxy', await data(`/openapi/v1/commodities/gold-dxy?period=${period}`)), []);
    for (const period of ['7d', '1m', '3m', 'ytd', '1y']) {
      for (const interval of ['daily', 'weekly']) {
        assert.deepEqual(twinProblems('commoditiesHistory', await data(`/openapi/v1/commodities/wti-crude/history?period=${period}&interval=${interval}`)), []);
      }
    }
  });

  await t.test('the twin example identifiers exist in the demo data', async () => {
    const ids = (await data('/openapi/v1/commodities')).map((c: { id: string }) => c.id);
    for (const id of ['gold', 'wti-crude', 'zinc-lme', 'coffee-robusta', 'coffee-arabica', 'baltic-dry', 'dxy']) assert.ok(ids.includes(id), id);
  });

  await t.test("parameters in the OpenAPI document carry the twin's names, enums, defaults and ranges", async () => {
    const doc = (await hub.get('/openapi.json')).json();
    for (const operationId of OPERATIONS) assert.deepEqual(twinParameterProblems(doc, operationId), [], operationId);
  });

  await t.test('out-of-range and unknown values are 400s naming the parameter', async () => {
    const cases: [string, string][] = [
      ['/commodities?category=crypto', 'category'],
      ['/commodities?sort=volume', 'sort'],
      ['/commodities?order=up', 'order'],
      ['/commodities?page=2', 'page'],
      ['/commodities/movers?limit=0', 'limit'],
      ['/commodities/movers?limit=11', 'limit'],
      ['/commodities/movers?period=ytd', 'period'],
      ['/commodities/gold-dxy?period=1y', 'period'],
      ['/commodities/gold/history?period=2y', 'period'],
      ['/commodities/gold/history?interval=monthly', 'interval'],
      ['/commodities/featured?limit=3', 'limit'],
    ];
    for (const [url, parameter] of cases) {
      const res = await hub.get(`/openapi/v1${url}`, key);
      assert.equal(res.statusCode, 400, url);
      const body = res.json();
      assert.equal(body.error.code, 'INTERNAL_ERROR');
      assert.ok(
        body.error.message.some((m: string) => m.includes(parameter)),
        `${url}: ${JSON.stringify(body.error.message)}`,
      );
    }
  });

  await t.test('an unknown slug is a 404 INTERNAL_ERROR', async () => {
    const res = await hub.get('/openapi/v1/commodities/unobtainium/history', key);
    assert.equal(res.statusCode, 404);
    const body = res.json();
    assert.equal(body.error.code, 'INTERNAL_ERROR');
    assert.equal(body.meta.error, 'Not Found');
  });
});

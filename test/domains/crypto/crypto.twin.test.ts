import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { twinOperation, twinProblems, twinParameterProblems, twinExampleUrl } from '../../helpers/twin.ts';
import { cryptoDemoGenerator } from '../../../src/ingest/demo/crypto.ts';

const OPERATIONS = ['cryptoOverview', 'cryptoBubbleMap', 'cryptoOnchain', 'cryptoDerivatives', 'cryptoDominance'];

test('crypto operations answer as the twin describes them', async (t) => {
  const hub = await createTestHub(t, { seed: [cryptoDemoGenerator] });
  // Enterprise: the walk below makes more calls than a free minute's budget.
  const key = await hub.key('enterprise');

  for (const operationId of OPERATIONS) {
    await t.test(`${operationId} with its example parameters matches the twin's field table`, async () => {
      const op = twinOperation(operationId);
      assert.equal(hub.app.apiOperations.get(operationId)?.weight, op.weight);
      assert.equal(hub.app.apiOperations.get(operationId)?.feature, op.feature);
      const res = await hub.get(twinExampleUrl(operationId), key);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(twinProblems(operationId, res.json().data), []);
    });
  }

  await t.test('every bubble-map timeframe and the limit bounds conform', async () => {
    for (const url of ['?timeframe=1h', '?timeframe=1w&limit=1', '?limit=200']) {
      const res = await hub.get(`/openapi/v1/crypto/bubble-map${url}`, key);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(twinProblems('cryptoBubbleMap', res.json().data), []);
    }
  });

  await t.test('bubble-map defaults: timeframe 1d, 100 coins', async () => {
    const data = (await hub.get('/openapi/v1/crypto/bubble-map', key)).json().data;
    assert.equal(data.timeframe, '1d');
    assert.equal(data.coins.length, 100);
  });

  await t.test("parameters in the OpenAPI document carry the twin's names, enums, defaults and ranges", async () => {
    const doc = (await hub.get('/openapi.json')).json();
    for (const operationId of OPERATIONS) assert.deepEqual(twinParameterProblems(doc, operationId), [], operationId);
  });

  await t.test('out-of-range and unknown values are 400s naming the parameter', async () => {
    const cases: [string, string][] = [
      ['/crypto/bubble-map?limit=0', 'limit'],
      ['/crypto/bubble-map?limit=201', 'limit'],
      ['/crypto/bubble-map?limit=ten', 'limit'],
      ['/crypto/bubble-map?timeframe=4h', 'timeframe'],
      ['/crypto/bubble-map?timeframe=1D', 'timeframe'],
      ['/crypto?limit=5', 'limit'],
      ['/crypto/onchain?asset=btc', 'asset'],
    ];
    for (const [url, parameter] of cases) {
      const res = await hub.get(`/openapi/v1${url}`, key);
      assert.equal(res.statusCode, 400, url);
      const body = res.json();
      assert.equal(body.error.code, 'INTERNAL_ERROR');
      assert.ok(Array.isArray(body.error.message));
      assert.ok(
        body.error.message.some((m: string) => m.includes(parameter)),
        `${url}: ${JSON.stringify(body.error.message)}`,
      );
    }
  });
});

test('with no crypto data loaded the market endpoints say so with a 404, the metric endpoints with nulls', async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key();
  for (const path of ['/crypto', '/crypto/bubble-map', '/crypto/dominance']) {
    const res = await hub.get(`/openapi/v1${path}`, key);
    assert.equal(res.statusCode, 404, path);
    assert.equal(res.json().error.code, 'INTERNAL_ERROR');
  }
  const onchain = (await hub.get('/openapi/v1/crypto/onchain', key)).json().data;
  assert.deepEqual(onchain, { ethGas: null, btcHashrate: null, btcActiveAddresses: null, whaleTxCount: null, mvrv: null, nupl: null });
  const derivatives = (await hub.get('/openapi/v1/crypto/derivatives', key)).json().data;
  assert.deepEqual(derivatives, {
    openInterest: { btc: null, eth: null },
    fundingRate: { btc: null, eth: null },
    liquidations24h: null,
    putCallRatio: { btc: null },
  });
});

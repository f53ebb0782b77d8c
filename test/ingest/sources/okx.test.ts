import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { importPayloads, payloadRecords, routesFetch } from '../../helpers/routes-fetch.ts';
import { okxLiquidationsSource } from '../../../src/ingest/sources/okx/index.ts';
import { okxLiquidationPoints, okxLiquidationsImporter, type OkxLiquidationsDocument } from '../../../src/ingest/importers/crypto/okx-liquidations.ts';
import type { MetricPoint } from '../../../src/ingest/importers/crypto/published-metrics.ts';
import type { CollectContext } from '../../../src/ingest/sync/source-definition.ts';
import { ImportError } from '../../../src/ingest/source.ts';
import { publisherSample } from '../../helpers/routes-fetch.ts';

/** An hour and a half after the recorded liquidations' newest (2026-08-11 00:39 UTC). */
const NOW = '2026-08-11T02:00:00.000Z';

const collect = (fetch: CollectContext['fetch'], now = NOW) =>
  okxLiquidationsSource.collect({ baseUrl: 'https://www.okx.com', params: {}, credentials: {}, cursor: undefined, now: new Date(now), fetch });

// 3.62 contracts of 0.01 BTC liquidated at 63955.7 USDT; 5.3 contracts at 64168.9.
const LONG_USD = 3.62 * 0.01 * 63955.7;
const SHORT_USD = 5.3 * 0.01 * 64168.9;

test("OKX is asked, keyless, for each family's contract value and filled liquidation orders of its USDT perpetual swaps", async () => {
  const { fetch, requests } = routesFetch('okx');
  const result = await collect(fetch);
  assert.deepEqual(
    requests.map((r) => r.url),
    [
      'https://www.okx.com/api/v5/public/instruments?instType=SWAP&instFamily=BTC-USDT',
      'https://www.okx.com/api/v5/public/liquidation-orders?instType=SWAP&instFamily=BTC-USDT&state=filled&limit=100',
      'https://www.okx.com/api/v5/public/instruments?instType=SWAP&instFamily=ETH-USDT',
      'https://www.okx.com/api/v5/public/liquidation-orders?instType=SWAP&instFamily=ETH-USDT&state=filled&limit=100',
    ],
    'a short page is the last one',
  );
  assert.ok(
    requests.every((r) => r.headers === undefined),
    'no key',
  );
  assert.equal(result.payloads[0]?.importer.dataset, 'okx-liquidation-orders');
  const points = payloadRecords<MetricPoint[]>(result.payloads[0]);
  // The complete hours of the day the answers cover, a side only where OKX listed an order of it: no hour is a 0.
  assert.deepEqual(points, [
    { metric: 'liquidations_short', at: '2026-08-10T21:00:00.000Z', value: SHORT_USD },
    { metric: 'liquidations_long', at: '2026-08-11T01:00:00.000Z', value: LONG_USD },
  ]);
});

test("a full page is followed with after= the oldest order's time; the page bound leaves the older hours unwritten", async () => {
  const sample = JSON.parse(publisherSample('okx', 'liquidation-orders-BTC-USDT.json').toString('utf8'));
  const detail = sample.data[0].details[0];
  // 100 orders a minute apart before the newest recorded one.
  const full = {
    ...sample,
    data: [{ ...sample.data[0], details: Array.from({ length: 100 }, (_, i) => ({ ...detail, ts: String(Number(detail.ts) - i * 60_000) })) }],
  };
  const { fetch: recorded } = routesFetch('okx');
  const urls: string[] = [];
  const fetch: CollectContext['fetch'] = async (request) => {
    urls.push(request.url);
    const url = new URL(request.url);
    if (url.pathname.endsWith('liquidation-orders') && url.searchParams.get('instFamily') === 'BTC-USDT') {
      const body = Buffer.from(JSON.stringify(full));
      return { notModified: false, url: request.url, status: 200, headers: {}, body, archiveHash: 'x' };
    }
    return recorded(request);
  };
  const result = await collect(fetch);
  const btcPages = urls.filter((u) => u.includes('liquidation-orders') && u.includes('BTC-USDT'));
  assert.equal(btcPages.length, 20, 'at most 20 pages a family');
  assert.ok(btcPages[1]?.endsWith(`&after=${Number(detail.ts) - 99 * 60_000}`), btcPages[1]);
  // The same orders on every page count once; the hours before the oldest order read are not written.
  const points = payloadRecords<MetricPoint[]>(result.payloads[0]);
  const oldest = Number(detail.ts) - 99 * 60_000;
  assert.ok(points.every((p) => Date.parse(p.at) - 3_600_000 >= oldest));
  const long = points.filter((p) => p.metric === 'liquidations_long').reduce((sum, p) => sum + p.value, 0);
  assert.ok(long > 0 && long <= 100 * LONG_USD + 1e-6);
});

test('an HTML page, an OKX error, an inverse swap or a side that contradicts posSide fails the import with a readable reason', () => {
  const instruments = JSON.parse(publisherSample('okx', 'instruments-BTC-USDT.json').toString('utf8'));
  const orders = JSON.parse(publisherSample('okx', 'liquidation-orders-BTC-USDT.json').toString('utf8'));
  const document = (change: Partial<Record<keyof OkxLiquidationsDocument, unknown>>): string =>
    JSON.stringify({ asOf: NOW, completeFrom: '2026-08-10T02:00:00.000Z', instruments: [instruments], liquidationOrders: [orders], ...change });
  const detail = orders.data[0].details[0];
  const withDetail = (changed: Record<string, unknown>) => ({ ...orders, data: [{ ...orders.data[0], details: [{ ...detail, ...changed }] }] });
  const cases: [string, RegExp][] = [
    ['<html><body>Access Denied</body></html>', /^okx\.json: not JSON/],
    [
      document({ liquidationOrders: [{ code: '50011', msg: 'Too Many Requests', data: [] }] }),
      /liquidation-orders answer 1: OKX answered with the error "50011": Too Many Requests/,
    ],
    [document({ instruments: [{ ...instruments, data: [{ ...instruments.data[0], ctType: 'inverse' }] }] }), /BTC-USDT-SWAP ctType "inverse" is not linear/],
    [document({ instruments: [] }), /no contract value for BTC-USDT-SWAP/],
    [document({ liquidationOrders: [withDetail({ posSide: 'short' })] }), /details\[0\]: posSide "short" does not match side "sell"/],
    [document({ liquidationOrders: [withDetail({ bkPx: '' })] }), /details\[0\]: bkPx: crypto\.metric "" is not a decimal number/],
    [
      document({ liquidationOrders: [withDetail({ ts: 1786408771714 })] }),
      /liquidation-orders answer 1: \/data\/0\/details\/0\/ts: expected string \(got 1786408771714\)/,
    ],
    [JSON.stringify({ instruments: [], liquidationOrders: [] }), /^okx\.json: \/asOf: is missing; \/completeFrom: is missing/],
  ];
  for (const [content, message] of cases) {
    assert.throws(
      () => okxLiquidationsImporter.parse(content, 'okx.json'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
      String(message),
    );
  }
  // posSide net (net mode): the side alone says which position was liquidated.
  const net = okxLiquidationPoints(
    { asOf: NOW, completeFrom: '2026-08-10T02:00:00.000Z', instruments: [instruments], liquidationOrders: [withDetail({ posSide: 'net' })] },
    'okx.json',
  );
  assert.deepEqual(net, [{ metric: 'liquidations_long', at: '2026-08-11T01:00:00.000Z', value: LONG_USD }]);
});

test('after the OKX source runs, the derivatives endpoint shows the 24-hour sums of liquidated longs and shorts', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' }, now: NOW });
  const result = await collect(routesFetch('okx').fetch);
  assert.equal((await importPayloads(hub, result.payloads, new Date(NOW)))[0]?.rows, 2);
  const data = (await hub.get('/openapi/v1/crypto/derivatives', await hub.key())).json().data;
  const round = (value: number) => Math.round(value * 100) / 100;
  assert.deepEqual(data.liquidations24h, { total: round(round(LONG_USD) + round(SHORT_USD)), long: round(LONG_USD), short: round(SHORT_USD) });
  // A day later no hour of the window is stored: null, never 0.
  hub.clock.set('2026-08-12T03:00:00.000Z');
  assert.equal((await hub.get('/openapi/v1/crypto/derivatives', await hub.key())).json().data.liquidations24h, null);
});

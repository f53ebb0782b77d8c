import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, payloadBytes } from '../../helpers/routes-fetch.ts';
import { deribitBtcOptionsSource } from '../../../src/ingest/sources/deribit/index.ts';
import { parseDeribitOptionBook } from '../../../src/ingest/importers/crypto/deribit-option-book.ts';
import { ImportError } from '../../../src/ingest/source.ts';

test('Deribit is asked for the book summaries of BTC options over its public HTTP GET', async () => {
  const { result, requests } = await collectFromRoutes(deribitBtcOptionsSource);
  const url = new URL(requests[0]?.url ?? '');
  assert.equal(url.pathname, '/api/v2/public/get_book_summary_by_currency');
  assert.deepEqual(Object.fromEntries(url.searchParams), { currency: 'BTC', kind: 'option' });
  assert.equal(result.payloads[0]?.importer.dataset, 'deribit-option-book');
  assert.deepEqual(parseDeribitOptionBook(payloadBytes(result.payloads[0]).toString('utf8') ?? '', 'book.json'), [
    { metric: 'btc_put_oi', at: '2022-06-04T10:30:04.906Z', value: 8.1 },
    { metric: 'btc_call_oi', at: '2022-06-04T10:30:04.906Z', value: 1124.7 },
  ]);
});

test('an HTML page, a JSON-RPC error or a changed layout fails the import with a readable reason; so does an instrument that is not a BTC option', () => {
  const summary = { instrument_name: 'BTC-24JUN22-30000-C', open_interest: 1124.7, creation_timestamp: 1654338604906 };
  const cases: [string, RegExp][] = [
    ['<html><head><title>Deribit maintenance</title></head></html>', /^book\.json: not JSON/],
    [
      '{"jsonrpc":"2.0","error":{"message":"Invalid params","data":{"reason":"wrong format","param":"kind"},"code":-32602},"testnet":false}',
      /answered with the error -32602: Invalid params/,
    ],
    ['{"jsonrpc":"2.0","summaries":[]}', /^book\.json: \/result: is missing/],
    ['{"jsonrpc":"2.0","result":[]}', /the "result" list is empty/],
    [JSON.stringify({ result: [{ ...summary, instrument_name: 'BTC-PERPETUAL' }] }), /result 1: instrument_name "BTC-PERPETUAL" is not a BTC option/],
    [JSON.stringify({ result: [{ ...summary, open_interest: null }] }), /^book\.json: \/result\/0\/open_interest: expected string or number \(got null\)/],
    [JSON.stringify({ result: [summary, summary] }), /result 2: BTC-24JUN22-30000-C appears twice/],
  ];
  for (const [content, message] of cases) {
    assert.throws(
      () => parseDeribitOptionBook(content, 'book.json'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  }
});

test('after the Deribit source runs, the derivatives endpoint shows the put/call ratio of exactly the fetched open interest', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(deribitBtcOptionsSource);
  await importPayloads(hub, result.payloads);
  const data = (await hub.get('/openapi/v1/crypto/derivatives', await hub.key())).json().data;
  assert.deepEqual(data.putCallRatio, { btc: { ratio: Math.round((8.1 / 1124.7) * 1e3) / 1e3, putOi: 8.1, callOi: 1124.7 } });
  assert.equal(data.liquidations24h, null);
  assert.deepEqual(data.openInterest, { btc: null, eth: null });
});

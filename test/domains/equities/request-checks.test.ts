import { test } from 'node:test';
import assert from 'node:assert/strict';
import { equitiesHub } from './equities-hub.ts';

/** Every equities route that names one equity, with a code in its path. */
const CODE_ROUTES = [
  (market: string, code: string) => `/market/${market}/equities/${code}`,
  (market: string, code: string) => `/market/${market}/equities/${code}/prices`,
  (market: string, code: string) => `/market/${market}/equities/${code}/financial-statements`,
  (market: string, code: string) => `/market/${market}/equities/${code}/related-stocks`,
  (market: string, code: string) => `/market/${market}/equities/${code}/corporate-actions`,
];

test('every equities route checks the market first (400 MARKET_NOT_SUPPORTED), then the code (400), then whether it is listed (404 EQUITY_NOT_FOUND)', async (t) => {
  const hub = await equitiesHub(t);
  for (const path of CODE_ROUTES) {
    const market = await hub.json(path('us', '72-3'));
    assert.equal(market.status, 400, path('us', '72-3'));
    assert.equal(market.body.error?.code, 'MARKET_NOT_SUPPORTED', `${path('us', '72-3')}: the market before the malformed code`);
    assert.deepEqual(market.body.error?.message, ['market "us" is not supported: only jp (Tokyo) is']);

    const malformed = await hub.json(path('jp', '72-3'));
    assert.equal(malformed.status, 400, path('jp', '72-3'));
    assert.equal(malformed.body.error?.code, 'INTERNAL_ERROR');
    assert.match(String(malformed.body.error?.message), /^code must be/);

    const unknown = await hub.json(path('jp', '0000'));
    assert.equal(unknown.status, 404, path('jp', '0000'));
    assert.equal(unknown.body.error?.code, 'EQUITY_NOT_FOUND');
    assert.equal(unknown.body.error?.message, 'No listed equity has the code 0000');

    assert.equal((await hub.json(path('jp', '7203'))).status, 200, `${path('jp', '7203')}: a listed equity answers`);
  }
  for (const path of ['/market/us/equities', '/market/us/sectors']) {
    assert.equal((await hub.json(path)).body.error?.code, 'MARKET_NOT_SUPPORTED', path);
  }
});

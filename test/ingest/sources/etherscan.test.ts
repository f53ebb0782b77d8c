import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads } from '../../helpers/routes-fetch.ts';
import { etherscanGasSource } from '../../../src/ingest/sources/etherscan/index.ts';
import { parseGasOracle } from '../../../src/ingest/importers/crypto/etherscan-gas-oracle.ts';
import { ImportError } from '../../../src/ingest/source.ts';

const KEY = { ETHERSCAN_API_KEY: 'etherscan-test-key' };

test('the Etherscan gas oracle is asked for Ethereum mainnet with the key as the apikey parameter; no key fails the run naming the variable', async () => {
  const { result, requests } = await collectFromRoutes(etherscanGasSource, { credentials: KEY });
  const url = new URL(requests[0]?.url ?? '');
  assert.equal(url.pathname, '/v2/api');
  assert.deepEqual(Object.fromEntries(url.searchParams), { chainid: '1', module: 'gastracker', action: 'gasoracle', apikey: 'etherscan-test-key' });
  assert.equal(result.payloads[0]?.importer.dataset, 'etherscan-gas-oracle');
  assert.equal(result.payloads[0]?.knowledgeAt, undefined, 'the reading is known from the fetch time, as every payload without a time of its own');
  await assert.rejects(collectFromRoutes(etherscanGasSource), /ETHERSCAN_API_KEY is not set/);
});

test('an HTML page, a refusal (status 0) or a changed layout fails the import with a readable reason', () => {
  const cases: [string, RegExp][] = [
    ['<html><title>Just a moment...</title></html>', /^gasoracle\.json: not JSON/],
    ['{"status":"0","message":"NOTOK","result":"Invalid API Key (#err2)|x"}', /answered status 0 NOTOK: Invalid API Key/],
    ['{"gasPrice":"0x3b9aca00"}', /^gasoracle\.json: \/status: is missing/],
    [
      '{"status":"1","message":"OK","result":{"SafeGasPrice":"0.1","ProposeGasPrice":"0.1","FastGasPrice":"0.1"}}',
      /^gasoracle\.json: \/result\/suggestBaseFee: is missing/,
    ],
  ];
  for (const [content, message] of cases) {
    assert.throws(
      () => parseGasOracle(content, 'gasoracle.json'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  }
});

test('after the Etherscan source runs, the on-chain endpoint shows exactly the fetched gas prices', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(etherscanGasSource, { credentials: KEY });
  // Imported at the hub's time, as `fdh sync` does.
  await importPayloads(hub, result.payloads, hub.clock.now());
  const onchain = (await hub.get('/openapi/v1/crypto/onchain', await hub.key())).json().data;
  assert.deepEqual(onchain.ethGas, { safe: 0.111829336, standard: 0.11182936, fast: 0.123012296, baseFee: 0.111829336, unit: 'gwei' });
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createTestHub } from '../helpers/app.ts';
import { mcpHubPerFile, structured, textOf, type McpHub } from './mcp-hub.ts';

/** What a careless or hostile client may send `/mcp`: each is refused, none answers 500 or stops the hub. */
const demo = mcpHubPerFile();

interface AccessLine {
  msg: string;
  url: string;
  statusCode: number;
}

const accessLines = (mcp: McpHub): AccessLine[] =>
  mcp.hub.logs
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as AccessLine)
    .filter((line) => line.msg === 'request');

const usedBy = async (mcp: McpHub, key: string) => ((await mcp.rest('/openapi/v1/usage', key)).body.data as { used: number }).used;

test('an unknown tool is a JSON-RPC invalid-params error naming the tools', async () => {
  const mcp = await demo();
  const { key } = await mcp.newKey();
  const client = await mcp.connect({ authorization: `Bearer ${key}` });
  await assert.rejects(
    client.callTool({ name: 'drop_tables', arguments: {} }),
    (error: unknown) => error instanceof McpError && error.code === ErrorCode.InvalidParams && /drop_tables.*search_series/.test(error.message),
  );
});

test('malformed arguments are a tool error naming each argument, and make no REST call', async () => {
  const mcp = await demo();
  const { key } = await mcp.newKey();
  const client = await mcp.connect({ authorization: `Bearer ${key}` });
  const facts = Array.from({ length: 21 }, (_, i) => `macro:us.series${i}`);
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['get_series', {}, /fact is required/],
    ['get_series', { fact: 7203 }, /fact must be string/],
    ['get_series', { fact: 'macro:us.cpi', from: 'yesterday', units: 'percent' }, /from must be a date \(YYYY-MM-DD\).*units must be one of lin/],
    ['get_series', { fact: 'macro:us.cpi', limit: 5 }, /limit is not an argument/],
    ['get_table', { facts }, /facts must not have more than 20 items/],
    ['get_table', { facts: 'macro:us.cpi' }, /facts must be array/],
    ['search_series', { q: ['yen'] }, /q must be string/],
    ['search_series', { domain: 'moon' }, /q is required.*domain must be one of/],
    ['call_endpoint', { path: '/openapi/v1/fx/table', params: { pairs: { nested: true } } }, /params\.pairs must be string or number or boolean/],
  ];
  for (const [name, args, expected] of cases) {
    const result = await client.callTool({ name, arguments: args });
    assert.equal(result.isError, true, `${name} ${JSON.stringify(args)}`);
    assert.match(textOf(result), expected);
  }
  assert.equal(await usedBy(mcp, key), 0, 'nothing was charged');
});

test('an argument of a megabyte is refused before it is parsed, and the next call is answered', async () => {
  const mcp = await demo();
  const { key } = await mcp.newKey();
  const client = await mcp.connect({ authorization: `Bearer ${key}` });
  await assert.rejects(
    client.callTool({ name: 'search_series', arguments: { q: 'y'.repeat(1024 * 1024) } }),
    (error: unknown) => error instanceof StreamableHTTPError && error.code === 413,
  );
  assert.equal(structured(await client.callTool({ name: 'search_series', arguments: { q: 'yen' } })).count !== undefined, true);
});

test('call_endpoint refuses any path outside /openapi/v1/ and makes no request there', async () => {
  const mcp = await demo();
  const { key } = await mcp.newKey();
  const client = await mcp.connect({ authorization: `Bearer ${key}` });
  const before = accessLines(mcp).length;
  for (const path of [
    '/dashboard/assets/app.js',
    '/api/v1/keys',
    '/metrics',
    '../openapi.json',
    '/openapi/v1/../api/v1/keys',
    '/openapi/v1/%2e%2e/%2E%2E/api/v1/keys',
    '/openapi/v1/./fx/table',
    '/openapi/v1\\..\\..\\api/v1/keys',
    'http://evil.example/openapi/v1/fx/table',
    '//evil.example/openapi/v1/fx/table',
    '/openapi/v1/fx/table?pairs=USD/JPY',
    '/openapi/v1/fx/table#x',
    '/openapi/v1 /fx/table',
    '/openapi/v1',
    '/openapi/v10/fx/table',
  ]) {
    const result = await client.callTool({ name: 'call_endpoint', arguments: { path } });
    assert.equal(result.isError, true, path);
    assert.match(textOf(result), /path must be a path under \/openapi\/v1\//, path);
  }
  structured(await client.callTool({ name: 'call_endpoint', arguments: { path: '/openapi/v1/fx/table' } }));
  const made = accessLines(mcp)
    .slice(before)
    .map((line) => line.url);
  assert.ok(made.includes('/openapi/v1/fx/table'), 'a REST call shows in the access log');
  assert.deepEqual(
    made.filter((url) => url !== '/mcp' && !url.startsWith('/openapi/v1/')),
    [],
  );
});

test('bodies that are no JSON-RPC call are refused with a 4xx', async () => {
  const mcp = await demo();
  const { key } = await mcp.newKey();
  const post = (body: string, contentType = 'application/json') =>
    fetch(`${mcp.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': contentType, accept: 'application/json, text/event-stream' },
      body,
    });
  const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_series', arguments: { q: 'yen' } } };
  for (const [body, contentType] of [
    ['{"jsonrpc":', undefined],
    ['{"hello":"world"}', undefined],
    [JSON.stringify(Array.from({ length: 500 }, (_, id) => ({ ...call, id }))), undefined],
    [JSON.stringify(call), 'text/plain'],
    ['<xml/>', 'application/xml'],
  ] as const) {
    const response = await post(body, contentType);
    assert.ok(response.status >= 400 && response.status < 500, `${body.slice(0, 40)} ${contentType ?? ''}: ${response.status}`);
  }
});

test('100 assistants connecting and searching at once are all answered', async () => {
  const mcp = await demo();
  const { key } = await mcp.newKey('enterprise');
  const counts = await Promise.all(
    Array.from({ length: 100 }, async () => {
      const client = await mcp.connect({ authorization: `Bearer ${key}` });
      return structured(await client.callTool({ name: 'search_series', arguments: { q: 'consumer price' } })).count;
    }),
  );
  const expected = ((await mcp.rest('/openapi/v1/series?q=consumer%20price', key)).body.data as unknown[]).length;
  assert.deepEqual(new Set(counts), new Set([expected]));
});

test('nothing above made the hub answer 500, and it still serves', async () => {
  const mcp = await demo();
  assert.deepEqual(
    accessLines(mcp).filter((line) => line.statusCode >= 500),
    [],
  );
  assert.equal((await fetch(`${mcp.baseUrl}/healthz`)).status, 200);
});

test('keys guessed at /mcp use up the address allowance REST keeps for failed keys', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_FAILED_AUTH_PER_MINUTE: '3' } });
  const initialize = (key: string) =>
    hub.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      },
    });
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await initialize(`apk_guess${i}`)).statusCode);
  assert.deepEqual(statuses, [401, 401, 401, 429]);
  assert.equal((await hub.get('/openapi/v1/usage', 'apk_guess')).statusCode, 429, 'REST refuses the address too');
});

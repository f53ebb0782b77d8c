import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { mcpHubPerFile, structured, textOf, withoutTimestamp, type McpHub } from './mcp-hub.ts';

/**
 * The MCP tools over `/mcp` on the demo data: each is the REST call it makes, so it answers the
 * figures REST answers for the same request and is charged as that call.
 */
const demo = mcpHubPerFile();

const TOOLS = ['search_series', 'get_series', 'get_table', 'list_endpoints', 'call_endpoint'];

async function proClient(mcp: McpHub): Promise<{ client: Client; key: string; id: string }> {
  const { id, key } = await mcp.newKey('pro');
  return { client: await mcp.connect({ authorization: `Bearer ${key}` }), key, id };
}

interface OperationDoc {
  parameters?: { name: string; schema: Record<string, unknown> }[];
  'x-api-weight': number;
}

async function operation(mcp: McpHub, path: string): Promise<OperationDoc> {
  const document = (await (await fetch(`${mcp.baseUrl}/openapi.json`)).json()) as { paths: Record<string, { get: OperationDoc }> };
  const found = document.paths[path]?.get;
  assert.ok(found !== undefined, `the document has GET ${path}`);
  return found;
}

test('an assistant connects with a key and finds the five tools, their inputs described as the REST parameters are', async () => {
  const mcp = await demo();
  const { client } = await proClient(mcp);
  const { tools } = await client.listTools();
  assert.deepEqual(
    tools.map((tool) => tool.name),
    TOOLS,
  );
  for (const tool of tools) {
    assert.equal(tool.inputSchema.type, 'object', tool.name);
    assert.ok((tool.description ?? '').length > 80, `${tool.name} says what it does`);
  }
  assert.deepEqual(
    tools.map((tool) => tool.inputSchema.required ?? []),
    [['q'], ['fact'], ['facts'], [], ['path']],
  );
  const getSeries = tools.find((tool) => tool.name === 'get_series');
  const rest = await operation(mcp, '/openapi/v1/series/{fact}');
  for (const [name, schema] of Object.entries(getSeries?.inputSchema.properties ?? {})) {
    const parameter = rest.parameters?.find((p) => p.name === name);
    assert.ok(parameter !== undefined, `${name} is a parameter of GET /series/{fact}`);
    for (const keyword of ['type', 'enum', 'format', 'maxLength']) {
      assert.deepEqual((schema as Record<string, unknown>)[keyword], parameter.schema[keyword], `${name}.${keyword}`);
    }
  }
});

test('search_series finds the US CPI; get_series and call_endpoint answer the figures REST answers', async () => {
  const mcp = await demo();
  const { client, key } = await proClient(mcp);

  const search = structured(await client.callTool({ name: 'search_series', arguments: { q: 'consumer price' } }));
  const listed = (await mcp.rest('/openapi/v1/series?q=consumer%20price', key)).body.data as Record<string, unknown>[];
  const ids = (search.series as { id: string }[]).map((entry) => entry.id);
  assert.ok(ids.includes('macro:us.cpi'), ids.join(', '));
  assert.deepEqual(
    ids,
    listed.map((entry) => entry.id),
    'in the order REST ranks them',
  );
  const [first] = search.series as Record<string, unknown>[];
  const { id, name, unit, frequency, firstDate, lastDate, sources } = listed[0] ?? {};
  assert.deepEqual(first, { id, name, unit, frequency, firstDate, lastDate, sources });

  const series = await client.callTool({ name: 'get_series', arguments: { fact: 'macro:us.cpi', from: '2025-01-01' } });
  const rest = await mcp.rest('/openapi/v1/series/macro:us.cpi?from=2025-01-01', key);
  assert.equal(rest.status, 200);
  const answer = structured(series);
  assert.ok((rest.body.data as unknown[]).length > 0);
  assert.deepEqual(answer.points, rest.body.data);
  assert.equal(answer.count, (rest.body.data as unknown[]).length);
  assert.deepEqual(withoutTimestamp(answer.meta as Record<string, unknown>), withoutTimestamp(rest.body.meta));
  assert.deepEqual(JSON.parse(textOf(series)), answer, 'the text is the same answer, for clients that read text');

  const table = structured(await client.callTool({ name: 'call_endpoint', arguments: { path: '/openapi/v1/fx/table' } }));
  const fxTable = await mcp.rest('/openapi/v1/fx/table', key);
  assert.equal(fxTable.status, 200);
  assert.deepEqual(table.data, fxTable.body.data);

  const pair = structured(
    await client.callTool({
      name: 'call_endpoint',
      arguments: { path: '/openapi/v1/series/fx.close:USD%2FJPY', params: { from: '2026-06-01', units: 'pch' } },
    }),
  );
  assert.deepEqual(pair.data, (await mcp.rest('/openapi/v1/series/fx.close:USD%2FJPY?from=2026-06-01&units=pch', key)).body.data);
});

test('get_table aligns the series on dates as REST does, and a long answer is summarised with how to get the rest', async () => {
  const mcp = await demo();
  const { client, key } = await proClient(mcp);
  const window = { from: '2025-01-01', to: '2025-12-31', frequency: 'monthly' };
  const table = structured(await client.callTool({ name: 'get_table', arguments: { facts: ['macro:us.cpi', 'index.close:N225'], ...window } }));
  const rest = await mcp.rest('/openapi/v1/series/table?facts=macro:us.cpi,index.close:N225&from=2025-01-01&to=2025-12-31&frequency=monthly', key);
  assert.equal(rest.status, 200);
  assert.deepEqual(table.rows, rest.body.data);
  assert.deepEqual((table.meta as { series: unknown }).series, rest.body.meta.series);

  const bars = structured(await client.callTool({ name: 'get_series', arguments: { fact: 'equity.bar:7203' } }));
  const all = (await mcp.rest('/openapi/v1/series/equity.bar:7203?limit=10000', key)).body.data as unknown[];
  assert.ok(all.length > 100, `the demo holds ${all.length} bars of 7203`);
  assert.equal(bars.count, all.length);
  assert.deepEqual(bars.first, all.slice(0, 5));
  assert.deepEqual(bars.last, all.slice(-5));
  assert.equal(bars.points, undefined, 'not every point');
  assert.match(String(bars.more), /from\/to/);
  assert.match(String(bars.more), /\/openapi\/v1\/series\/equity\.bar:7203/);
});

test("call_endpoint's parameters are checked as REST checks them, and an answer too long for a model's context is cut, saying how to narrow it", async () => {
  const mcp = await demo();
  const { client, key } = await proClient(mcp);
  const refused = await client.callTool({
    name: 'call_endpoint',
    arguments: { path: '/openapi/v1/fx/table', params: { pairs: 'USD/JPY', period: 'forever' } },
  });
  const rest = await mcp.rest('/openapi/v1/fx/table?pairs=USD%2FJPY&period=forever', key);
  assert.equal(rest.status, 400);
  assert.equal(refused.isError, true);
  assert.equal(textOf(refused), `${rest.body.error?.code} (400): ${[rest.body.error?.message].flat().join('; ')}`);

  const long = await client.callTool({ name: 'call_endpoint', arguments: { path: '/openapi/v1/series/equity.bar:7203', params: { limit: 1000 } } });
  const whole = await mcp.rest('/openapi/v1/series/equity.bar:7203?limit=1000', key);
  const wholeText = JSON.stringify({ data: whole.body.data, meta: whole.body.meta });
  assert.ok(wholeText.length > 20_000, `REST answers ${wholeText.length} characters`);
  const text = textOf(long);
  assert.equal(long.isError, undefined);
  assert.equal(text.slice(0, 20_000), wholeText.slice(0, 20_000));
  assert.match(text.slice(20_000), /cut: the answer is [\d,]+ characters.*Narrow/s);
});

test('list_endpoints is the OpenAPI catalogue of /openapi/v1 with weights and features', async () => {
  const mcp = await demo();
  const { client } = await proClient(mcp);
  const { endpoints } = structured(await client.callTool({ name: 'list_endpoints', arguments: {} })) as {
    endpoints: { path: string; weight: number; feature: string | null; parameters: { name: string; in: string; required: boolean }[] }[];
  };
  const document = (await (await fetch(`${mcp.baseUrl}/openapi.json`)).json()) as { paths: Record<string, { get?: { 'x-api-weight': number } }> };
  const apiPaths = Object.keys(document.paths).filter((path) => path.startsWith('/openapi/v1/') && document.paths[path]?.get !== undefined);
  assert.deepEqual(endpoints.map((endpoint) => endpoint.path).sort(), apiPaths.sort());
  assert.equal(endpoints.length, 72, 'the contract counts 72 endpoints');
  assert.equal(document.paths['/mcp'], undefined, '/mcp is no endpoint of the document');
  const fxTable = endpoints.find((endpoint) => endpoint.path === '/openapi/v1/fx/table');
  assert.equal(fxTable?.weight, document.paths['/openapi/v1/fx/table']?.get?.['x-api-weight']);
  assert.equal(fxTable?.feature, 'fx_data');
  const series = endpoints.find((endpoint) => endpoint.path === '/openapi/v1/series/{fact}');
  assert.deepEqual(
    series?.parameters.find((parameter) => parameter.name === 'fact'),
    {
      name: 'fact',
      in: 'path',
      required: true,
      schema: (await operation(mcp, '/openapi/v1/series/{fact}')).parameters?.find((p) => p.name === 'fact')?.schema,
    },
  );
});

test('every tool call is charged the weight of its REST call and counted under that endpoint', async () => {
  const mcp = await demo();
  const { client, key, id } = await proClient(mcp);
  const used = async () => ((await mcp.rest('/openapi/v1/usage', key)).body.data as { used: number }).used;
  const weight = async (path: string) => (await operation(mcp, path))['x-api-weight'];
  const calls: [string, Record<string, unknown>, number][] = [
    ['search_series', { q: 'yen' }, await weight('/openapi/v1/series')],
    ['get_series', { fact: 'macro:us.cpi' }, await weight('/openapi/v1/series/{fact}')],
    ['get_table', { facts: ['macro:us.cpi', 'index.close:N225'] }, 2 * (await weight('/openapi/v1/series/table'))],
    ['call_endpoint', { path: '/openapi/v1/fx/table' }, await weight('/openapi/v1/fx/table')],
    ['list_endpoints', {}, 0],
  ];
  for (const [name, args, expected] of calls) {
    const before = await used();
    structured(await client.callTool({ name, arguments: args }));
    assert.equal((await used()) - before, expected, `${name} costs ${expected}`);
  }
  await mcp.hub.runtime.usage.flush();
  const rows = await mcp.hub.runtime.store.db
    .selectFrom('usage_minute')
    .select(['endpoint', 'requests', 'weight'])
    .where('key_id', '=', id)
    .where('endpoint', '!=', '/usage')
    .orderBy('endpoint')
    .execute();
  assert.deepEqual(
    rows.map((row) => [row.endpoint, Number(row.requests), Number(row.weight)]),
    [
      ['/fx/table', 1, calls[3]?.[2]],
      ['/series', 1, calls[0]?.[2]],
      ['/series/table', 1, calls[2]?.[2]],
      ['/series/{fact}', 1, calls[1]?.[2]],
    ],
  );
});

test("a free key's tools are refused as its REST calls are: a tool error naming the missing feature, no macro series found", async () => {
  const mcp = await demo();
  const key = await mcp.hub.key('free');
  const client = await mcp.connect({ 'x-api-key': key });
  const refused = await client.callTool({ name: 'get_series', arguments: { fact: 'macro:us.cpi' } });
  const rest = await mcp.rest('/openapi/v1/series/macro:us.cpi', key);
  assert.equal(rest.status, 403);
  assert.equal(refused.isError, true);
  assert.ok(textOf(refused).includes(`${rest.body.error?.code} (403)`), textOf(refused));
  assert.ok(textOf(refused).includes(String(rest.body.error?.message)), textOf(refused));
  assert.match(textOf(refused), /macro_data/);

  const search = structured(await client.callTool({ name: 'search_series', arguments: { q: 'consumer price' } }));
  const ids = (search.series as { id: string }[]).map((entry) => entry.id);
  assert.deepEqual(
    ids.filter((found) => found.startsWith('macro')),
    [],
  );
  assert.deepEqual(
    ids,
    ((await mcp.rest('/openapi/v1/series?q=consumer%20price', key)).body.data as { id: string }[]).map((entry) => entry.id),
  );
});

async function initialize(mcp: McpHub, headers: Record<string, string>): Promise<Response> {
  return fetch(`${mcp.baseUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    }),
  });
}

test('/mcp refuses a missing, wrong or revoked key with 401 and the envelope, a revoked one at its very next request', async () => {
  const mcp = await demo();
  const missing = await initialize(mcp, {});
  assert.equal(missing.status, 401);
  assert.equal(((await missing.json()) as { error: { code: string } }).error.code, 'API_KEY_REQUIRED');
  const wrong = await initialize(mcp, { authorization: 'Bearer apk_not_a_key' });
  assert.equal(wrong.status, 401);
  assert.equal(((await wrong.json()) as { error: { code: string } }).error.code, 'API_KEY_INVALID');

  const { id, key } = await mcp.newKey('pro');
  assert.equal((await initialize(mcp, { authorization: `Bearer ${key}` })).status, 200);
  const client = await mcp.connect({ 'x-api-key': key });
  structured(await client.callTool({ name: 'search_series', arguments: { q: 'yen' } }));
  await mcp.hub.runtime.keys.revoke(id);
  await assert.rejects(client.callTool({ name: 'search_series', arguments: { q: 'yen' } }), (error: Error & { code?: number }) => error.code === 401);
  const revoked = await initialize(mcp, { authorization: `Bearer ${key}` });
  assert.equal(revoked.status, 401);
  assert.equal(((await revoked.json()) as { error: { code: string } }).error.code, 'API_KEY_INVALID');
});

test('GET and DELETE /mcp answer 405: the server is stateless, with no stream to open and no session to end', async () => {
  const mcp = await demo();
  const { key } = await mcp.newKey('pro');
  for (const method of ['GET', 'DELETE']) {
    const response = await fetch(`${mcp.baseUrl}/mcp`, { method, headers: { 'x-api-key': key, accept: 'text/event-stream' } });
    assert.equal(response.status, 405, method);
    assert.equal(((await response.json()) as { jsonrpc: string }).jsonrpc, '2.0');
  }
});

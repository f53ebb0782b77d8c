import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, runCli } from '../helpers/cli.ts';
import { mcpHubPerFile, structured } from './mcp-hub.ts';

/** `fdh mcp`: the same tools over stdio, for desktop assistants, calling a hub over HTTP. */
const demo = mcpHubPerFile();

test('fdh mcp serves the five tools over stdio and answers the figures the hub at FDH_URL answers', async (t) => {
  const mcp = await demo();
  const { key } = await mcp.newKey('pro');
  const client = new Client({ name: 'desktop', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: { FDH_URL: mcp.baseUrl, FDH_API_KEY: key }, stderr: 'pipe' }),
  );
  t.after(() => client.close());
  const { tools } = await client.listTools();
  assert.deepEqual(
    tools.map((tool) => tool.name),
    ['search_series', 'get_series', 'get_table', 'list_endpoints', 'call_endpoint'],
  );
  const series = structured(await client.callTool({ name: 'get_series', arguments: { fact: 'macro:us.cpi', from: '2025-01-01' } }));
  const document = (await (await fetch(`${mcp.baseUrl}/openapi.json`)).json()) as { paths: Record<string, { get: { 'x-api-weight': number } }> };
  const { used } = (await mcp.rest('/openapi/v1/usage', key)).body.data as { used: number };
  assert.equal(used, document.paths['/openapi/v1/series/{fact}']?.get['x-api-weight'], "the key was charged the REST call's weight");
  const rest = await mcp.rest('/openapi/v1/series/macro:us.cpi?from=2025-01-01', key);
  assert.equal(rest.status, 200);
  assert.ok((rest.body.data as unknown[]).length > 0);
  assert.deepEqual(series.points, rest.body.data);
});

/** Runs `fdh mcp` with raw JSON-RPC lines on standard input, closed after them; its output and exit code. */
function rawSession(env: Record<string, string>, messages: object[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'mcp'], { env: { ...process.env, ...env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      // Every request answered: end the session as a client does, by closing standard input.
      if (stdout.split('\n').filter((line) => line !== '').length === messages.filter((m) => 'id' in m).length) child.stdin.end();
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.write(messages.map((message) => `${JSON.stringify(message)}\n`).join(''));
  });
}

test('fdh mcp writes nothing on standard output but MCP messages, and ends when its input does', async () => {
  const mcp = await demo();
  const { key } = await mcp.newKey('pro');
  const session = await rawSession({ FDH_URL: mcp.baseUrl, FDH_API_KEY: key }, [
    { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_series', arguments: { q: 'yen' } } },
  ]);
  assert.equal(session.code, 0, session.stderr);
  const lines = session.stdout.split('\n').filter((line) => line !== '');
  assert.deepEqual(
    lines.map((line) => (JSON.parse(line) as { jsonrpc: string; id: number }).id),
    [1, 2],
  );
  const answer = JSON.parse(lines[1] ?? '{}') as { result: { structuredContent: { series: { id: string }[] } } };
  assert.ok(answer.result.structuredContent.series.some((entry) => entry.id.startsWith('fx.close:') && entry.id.includes('JPY')));
});

test('fdh mcp without FDH_API_KEY says so on standard error and exits 2; a hub that is down is a tool error', async () => {
  const missing = await runCli(['mcp'], { FDH_API_KEY: '', FDH_URL: 'http://127.0.0.1:1' });
  assert.equal(missing.code, 2);
  assert.equal(missing.stdout, '');
  assert.match(missing.stderr, /^fdh mcp: FDH_API_KEY is required/);

  const down = await rawSession({ FDH_URL: 'http://127.0.0.1:1', FDH_API_KEY: 'apk_any' }, [
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_series', arguments: { fact: 'macro:us.cpi' } } },
  ]);
  assert.equal(down.code, 0, down.stderr);
  const answer = JSON.parse(down.stdout) as { result: { isError: boolean; content: { text: string }[] } };
  assert.equal(answer.result.isError, true);
  assert.match(answer.result.content[0]?.text ?? '', /http:\/\/127\.0\.0\.1:1 did not answer/);
});

import { after } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTestHub, type TestHub } from '../helpers/app.ts';
import { demoGenerators } from '../../src/ingest/demo/index.ts';

export interface McpHub {
  hub: TestHub;
  /** Where the hub listens on loopback: `http://127.0.0.1:41234`. */
  baseUrl: string;
  /** A key of its own (its own account and budget) and its id. */
  newKey(plan?: string): Promise<{ id: string; key: string }>;
  /** An MCP client connected to `/mcp` with these headers (the key), closed after the file's tests. */
  connect(headers: Record<string, string>): Promise<Client>;
  /** The REST answer a client with `key` gets over HTTP: its status and parsed envelope. */
  rest(path: string, key: string): Promise<{ status: number; body: RestEnvelope }>;
}

export interface RestEnvelope {
  data: unknown;
  meta: Record<string, unknown>;
  error?: { code: string; message: string | string[] };
}

/**
 * One hub on the demo data per test file, listening on a real port (the seed takes a few
 * seconds): call at the top of the file, then await the answer in each test.
 */
export function mcpHubPerFile(): () => Promise<McpHub> {
  const cleanups: (() => unknown)[] = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  let shared: Promise<McpHub> | undefined;
  return () => {
    shared ??= (async () => {
      const hub = await createTestHub({ after: (fn) => cleanups.push(fn) }, { seed: demoGenerators });
      const baseUrl = await hub.app.listen({ port: 0, host: '127.0.0.1' });
      return {
        hub,
        baseUrl,
        async newKey(plan = 'pro') {
          const { id, key } = await hub.runtime.keys.create({ plan });
          return { id, key };
        },
        async connect(headers) {
          const client = new Client({ name: 'fdh-test', version: '1.0.0' });
          await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }));
          cleanups.push(() => client.close());
          return client;
        },
        async rest(path, key) {
          const response = await fetch(`${baseUrl}${path}`, { headers: { 'x-api-key': key } });
          return { status: response.status, body: (await response.json()) as RestEnvelope };
        },
      };
    })();
    return shared;
  };
}

/** A tool's structured content (the test fails on a tool error). */
export function structured(result: unknown): Record<string, unknown> {
  const { isError, structuredContent, content } = result as CallToolResult;
  if (isError === true) throw new Error(`tool error: ${JSON.stringify(content)}`);
  if (structuredContent === undefined) throw new Error('no structured content');
  return structuredContent;
}

/** A tool result's text. */
export function textOf(result: unknown): string {
  return (result as CallToolResult).content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** `meta` without the time of answering, which differs between any two answers. */
export function withoutTimestamp(meta: Record<string, unknown>): Record<string, unknown> {
  const { timestamp: _timestamp, ...rest } = meta;
  return rest;
}

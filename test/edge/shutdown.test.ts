import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from 'typebox';
import { loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/kernel/logger.ts';
import { openRuntime } from '../../src/runtime.ts';
import { serve } from '../../src/server.ts';
import { oneRouteDomain } from '../helpers/probe-domain.ts';

test('SIGTERM stops accepting, lets every in-flight request finish, then resolves', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-shutdown-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ env: { FDH_DATA_DIR: dataDir, FDH_PORT: '0' }, cwd: dataDir });
  const runtime = await openRuntime(config, { logger: createLogger('silent') });
  const key = (await runtime.keys.create({ plan: 'enterprise' })).key;

  let entered = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const slowDomain = oneRouteDomain({
    path: '/slow',
    operationId: 'slow',
    summary: 'Answers when the test lets it',
    feature: 'crypto_data',
    weight: 1,
    data: Type.Object({ done: Type.Boolean() }),
    // Each request runs the handler (a cached route would compute one answer for all twenty).
    cache: false,
    async handler() {
      entered++;
      await gate;
      return { data: { done: true } };
    },
  });
  const { app, stopped } = await serve(runtime, { domains: [slowDomain] });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const url = `http://127.0.0.1:${port}/openapi/v1/slow`;

  const inFlight = Array.from({ length: 20 }, () =>
    fetch(url, { headers: { 'x-api-key': key } }).then(async (reply) => ({
      status: reply.status,
      body: (await reply.json()) as { data: { done: boolean } },
    })),
  );
  while (entered < inFlight.length) await new Promise((resolve) => setTimeout(resolve, 5));

  process.emit('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 50));
  await assert.rejects(fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' } }), 'no new connection is accepted while shutting down');
  release();
  const answers = await Promise.all(inFlight);
  assert.deepEqual(
    answers.map((a) => a.status),
    Array(20).fill(200),
  );
  assert.ok(answers.every((a) => a.body.data.done === true));
  await stopped;
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestContext } from 'node:test';
import { createClient, FdhError } from '../../packages/client/src/index.ts';
import { cryptoDomain } from '../../src/domains/crypto/index.ts';
import { cryptoDemoGenerator } from '../../src/ingest/demo/crypto.ts';
import { listeningHub, recordingFetch } from '../helpers/client.ts';
import { failureInjector, type InjectedFailure } from '../helpers/failures.ts';

const DOMINANCE = '/openapi/v1/crypto/dominance';
/** Backoffs of a few milliseconds: the test is about which answers are retried, not how long the waits are. */
const FAST_RETRY = { baseDelayMs: 5, maxDelayMs: 20 };

async function hubFailing(t: TestContext, failures: readonly InjectedFailure[]) {
  const injector = failureInjector(DOMINANCE, failures);
  const hub = await listeningHub(t, { seed: [cryptoDemoGenerator], domains: [injector.domain, cryptoDomain] });
  return { hub, injector, key: await hub.key() };
}

test('the client survives injected 503s and 500s, retrying until the hub answers', async (t) => {
  const { hub, injector, key } = await hubFailing(t, [503, 500, 503]);
  const statuses: number[] = [];
  const fdh = createClient({ baseUrl: hub.baseUrl, apiKey: key, retry: FAST_RETRY, fetch: recordingFetch(statuses) });
  const dominance = await fdh.get(DOMINANCE);
  assert.ok(dominance.coins.length > 0 && dominance.totalMarketCap > 0);
  assert.deepEqual(statuses, [503, 500, 503, 200]);
  assert.equal(injector.requests(), 4);
});

test('after maxAttempts failed answers the client throws the last one as an FdhError', async (t) => {
  const { hub, injector, key } = await hubFailing(t, [503, 503, 503]);
  const fdh = createClient({ baseUrl: hub.baseUrl, apiKey: key, retry: { ...FAST_RETRY, maxAttempts: 3 } });
  await assert.rejects(fdh.get(DOMINANCE), (error: unknown) => {
    assert.ok(error instanceof FdhError);
    assert.equal(error.status, 503);
    assert.equal(error.code, 'INTERNAL_ERROR');
    assert.deepEqual(error.messages, ['injected: the service is restarting']);
    return true;
  });
  assert.equal(injector.requests(), 3);
});

test('answers the specification does not ask to retry are thrown at once', async (t) => {
  const { hub, injector, key } = await hubFailing(t, []);
  const fdh = createClient({ baseUrl: hub.baseUrl, apiKey: `${key.slice(0, -6)}AAAAAA`, retry: FAST_RETRY });
  await assert.rejects(fdh.get(DOMINANCE), { name: 'FdhError', status: 401, code: 'API_KEY_INVALID' });
  assert.equal(injector.requests(), 1);
});

test("a 503 asking for a longer Retry-After than the client may wait fails the call at once, with the hub's wait", async (t) => {
  const { hub, injector, key } = await hubFailing(t, ['store-down']);
  const fdh = createClient({ baseUrl: hub.baseUrl, apiKey: key, retry: { ...FAST_RETRY, maxRetryAfterMs: 1_000 } });
  await assert.rejects(fdh.get(DOMINANCE), { name: 'FdhError', status: 503, retryAfter: 5 });
  assert.equal(injector.requests(), 1);
});

/**
 * A loopback server standing in for a hub behind a bad network: the first `failing` requests
 * are cut without an answer (`cut`) or left unanswered (`hang`); the others get a success envelope.
 */
async function unreliableServer(t: TestContext, failing: number, how: 'cut' | 'hang'): Promise<{ url: string; requests: () => number }> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    if (requests++ < failing) {
      if (how === 'cut') request.socket.destroy();
      return;
    }
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ success: true, statusCode: 200, data: [], meta: { timestamp: new Date().toISOString() } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests };
}

test('a connection cut without an answer is retried like a 503, and reported as NETWORK_ERROR when it persists', async (t) => {
  const flaky = await unreliableServer(t, 2, 'cut');
  assert.deepEqual(await createClient({ baseUrl: flaky.url, retry: FAST_RETRY }).get(DOMINANCE), []);
  assert.equal(flaky.requests(), 3);

  const down = await unreliableServer(t, 2, 'cut');
  await assert.rejects(createClient({ baseUrl: down.url, retry: { ...FAST_RETRY, maxAttempts: 2 } }).get(DOMINANCE), {
    name: 'FdhError',
    status: 0,
    code: 'NETWORK_ERROR',
  });
  assert.equal(down.requests(), 2);
});

test('an attempt without an answer within timeoutMs is abandoned and retried', async (t) => {
  const slow = await unreliableServer(t, 1, 'hang');
  assert.deepEqual(await createClient({ baseUrl: slow.url, timeoutMs: 200, retry: FAST_RETRY }).get(DOMINANCE), []);
  assert.equal(slow.requests(), 2);

  const stuck = await unreliableServer(t, 2, 'hang');
  await assert.rejects(createClient({ baseUrl: stuck.url, timeoutMs: 100, retry: { ...FAST_RETRY, maxAttempts: 2 } }).get(DOMINANCE), {
    name: 'FdhError',
    status: 0,
    code: 'TIMEOUT',
  });
});

test("the caller's AbortSignal ends the call with its own reason, without retrying", async (t) => {
  const stuck = await unreliableServer(t, 1, 'hang');
  const controller = new AbortController();
  const call = createClient({ baseUrl: stuck.url, retry: FAST_RETRY }).get(DOMINANCE, { signal: controller.signal });
  const reason = new Error('the user closed the page');
  while (stuck.requests() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  controller.abort(reason);
  await assert.rejects(call, (error) => error === reason);
  assert.equal(stuck.requests(), 1);
});

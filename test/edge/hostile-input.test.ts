import { test, type TestContext } from 'node:test';
import { once } from 'node:events';
import { connect } from 'node:net';
import assert from 'node:assert/strict';
import { createTestHub, type TestHubOptions } from '../helpers/app.ts';
import { PROBE_KNOWN_ID, probeDomain } from '../helpers/probe-domain.ts';
import { FEATURE_CODES } from '../../src/edge/auth/plans.ts';

const PLANS = { plans: { pro: { budget: 1000, features: [...FEATURE_CODES] } } };

function hubOptions(extra: TestHubOptions = {}): TestHubOptions {
  return { plans: PLANS, domains: [probeDomain], ...extra };
}

interface Envelope {
  success: boolean;
  statusCode: number;
  error: { code: string; message: string | string[] };
  meta: { timestamp: string };
}

function errorEnvelope(body: string, status: number): Envelope {
  const envelope = JSON.parse(body) as Envelope;
  assert.equal(envelope.success, false);
  assert.equal(envelope.statusCode, status);
  assert.equal(typeof envelope.error.code, 'string');
  assert.match(envelope.meta.timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  return envelope;
}

test('non-finite and out-of-range numbers are a 400 naming the parameter', async (t) => {
  const hub = await createTestHub(t, hubOptions());
  const pro = await hub.key('pro');
  for (const value of ['Infinity', '-Infinity', '1e309', '-1e309', '13', '0', '2.5']) {
    const reply = await hub.get(`/openapi/v1/probe/${PROBE_KNOWN_ID}?limit=${value}`, pro);
    assert.equal(reply.statusCode, 400, value);
    const { error } = errorEnvelope(reply.body, 400);
    assert.ok(Array.isArray(error.message) && error.message.some((m) => m.startsWith('limit ')), `${value}: ${JSON.stringify(error.message)}`);
  }
  const fine = await hub.get(`/openapi/v1/probe/${PROBE_KNOWN_ID}?limit=12`, pro);
  assert.equal(fine.statusCode, 200);
  assert.equal(fine.json().data.limit, 12);
});

const probeUrl = `/openapi/v1/probe/${PROBE_KNOWN_ID}`;

/** The access lines the hub wrote, parsed. */
function accessLines(logs: string[]): Record<string, unknown>[] {
  return logs
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === 'request');
}

test("Fastify's router errors answer the envelope after the key check, without echoing the URL", async (t) => {
  const hub = await createTestHub(t, hubOptions());
  const pro = await hub.key('pro');
  const longId = 'k'.repeat(150);
  const cases = [
    { url: '/openapi/v1/probe/%zz', status: 400 },
    { url: `/openapi/v1/probe/${longId}`, status: 414 },
  ];
  for (const { url, status } of cases) {
    errorEnvelope((await hub.get(url)).body, 401);
    const reply = await hub.get(url, pro);
    assert.equal(reply.statusCode, status, url);
    errorEnvelope(reply.body, status);
    assert.doesNotMatch(reply.body, /%zz|kkkk/, 'the URL is not echoed');
    assert.equal(reply.headers['cache-control'], 'no-store');
  }
  const logged = accessLines(hub.logs).map((line) => line.statusCode);
  assert.deepEqual(logged, [401, 400, 401, 414], 'one access line per answer');
});

test('every method other than GET and HEAD is a 405 with Allow on every API path, after the key check, its body unread', async (t) => {
  const hub = await createTestHub(t, hubOptions());
  const pro = await hub.key('pro');
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'MKCOL', 'SEARCH'] as const) {
    for (const url of [probeUrl, '/openapi/v1/no-such-path']) {
      const anonymous = await hub.app.inject({ method, url });
      assert.equal(anonymous.statusCode, 401, `${method} ${url} without a key reveals nothing`);
      errorEnvelope(anonymous.body, 401);
      const reply = await hub.app.inject({
        method,
        url,
        headers: { 'x-api-key': pro, 'content-type': 'application/json' },
        payload: '{"not json',
      });
      assert.equal(reply.statusCode, 405, `${method} ${url}`);
      assert.equal(reply.headers.allow, 'GET, HEAD');
      errorEnvelope(reply.body, 405);
    }
  }
  const broken = await hub.app.inject({ method: 'POST', url: probeUrl, headers: { 'x-api-key': pro, 'content-type': '%%%' }, payload: 'x' });
  assert.equal(broken.statusCode, 405, 'not even the media type of a body is judged');
});

/** Writes `chunks` to a fresh connection (with `gapMs` between them) and resolves with all it read until the server closed it. */
async function rawExchange(port: number, chunks: string[], gapMs = 0): Promise<string> {
  return (await rawConversation(port, chunks, gapMs)).received;
}

/** What `rawExchange` read, and how many of the chunks it had written when the server closed the connection. */
function rawConversation(port: number, chunks: string[], gapMs = 0): Promise<{ received: string; written: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let closed = false;
    let written = 0;
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (received += data));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
    socket.on('close', () => {
      closed = true;
      resolve({ received, written });
    });
    void (async () => {
      for (const chunk of chunks) {
        if (closed) return;
        socket.write(chunk);
        written++;
        if (gapMs > 0) await new Promise((wait) => setTimeout(wait, gapMs));
      }
    })();
  });
}

function rawStatus(response: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);
}

function rawBody(response: string): string {
  return response.slice(response.indexOf('\r\n\r\n') + 4);
}

async function listeningHub(t: TestContext, env: Record<string, string> = {}) {
  const hub = await createTestHub(t, hubOptions({ env }));
  await hub.app.listen({ port: 0, host: '127.0.0.1' });
  const address = hub.app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { hub, port };
}

test('oversized headers and query strings answer 431 with the envelope and an access line', async (t) => {
  const { hub, port } = await listeningHub(t);
  const query = `?q=${'x'.repeat(100_000)}`;
  for (const request of [
    `GET ${probeUrl}${query} HTTP/1.1\r\nHost: x\r\n\r\n`,
    `GET ${probeUrl} HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(100_000)}\r\n\r\n`,
  ]) {
    const response = await rawExchange(port, [request]);
    assert.equal(rawStatus(response), 431);
    errorEnvelope(rawBody(response), 431);
    assert.doesNotMatch(response, /xxxx|yyyy/);
  }
  const lines = accessLines(hub.logs).filter((line) => line.statusCode === 431);
  assert.equal(lines.length, 2);
  assert.ok(lines.every((line) => typeof line.reqId === 'string'));
});

test('a client that sends its headers too slowly gets 408 with the envelope and is disconnected', { timeout: 20_000 }, async (t) => {
  const { port } = await listeningHub(t, { FDH_HEADERS_TIMEOUT_MS: '300', FDH_REQUEST_TIMEOUT_MS: '600' });
  const trickle = [`GET ${probeUrl} HTTP/1.1\r\n`, ...Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: 1\r\n`)];
  const response = await rawExchange(port, trickle, 100);
  assert.equal(rawStatus(response), 408);
  errorEnvelope(rawBody(response), 408);
});

test('a body trickled after the answer does not hold the connection past the request timeout', { timeout: 20_000 }, async (t) => {
  const { port } = await listeningHub(t, { FDH_HEADERS_TIMEOUT_MS: '300', FDH_REQUEST_TIMEOUT_MS: '600' });
  const head = `POST ${probeUrl} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n`;
  // One byte every 100 ms: the request timeout (600 ms) ends the connection long before the 40th.
  const chunks = [head, ...Array.from({ length: 40 }, () => 'x')];
  const { received, written } = await rawConversation(port, chunks, 100);
  assert.equal(rawStatus(received), 401, 'answered without reading the body');
  assert.ok(written < chunks.length, `the server closed the connection after ${written} of ${chunks.length} chunks`);
});

test('connections from one address are capped: the next one gets a 429 envelope and is closed', async (t) => {
  const { port } = await listeningHub(t, { FDH_MAX_CONNECTIONS_PER_ADDRESS: '2' });
  const [first, second] = [connect(port, '127.0.0.1'), connect(port, '127.0.0.1')];
  await Promise.all([once(first, 'connect'), once(second, 'connect')]);
  const response = await rawExchange(port, [`GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`]);
  assert.equal(rawStatus(response), 429);
  errorEnvelope(rawBody(response), 429);
  first.destroy();
  await once(first, 'close');
  // The server counts the closed connection out once it sees the close.
  let answered = 0;
  for (let attempt = 0; attempt < 20 && answered !== 200; attempt++) {
    answered = rawStatus(await rawExchange(port, [`GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`]));
  }
  second.destroy();
  assert.equal(answered, 200, 'a freed slot can be used again');
});

/** `text` with every percent-encoding decoded, repeatedly, as a reader of the log could. */
function fullyDecoded(text: string): string {
  let decoded = text;
  for (let round = 0; round < 5; round++) decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return decoded;
}

test('a key in the URL never reaches the log, in any case or percent-encoding', async (t) => {
  const hub = await createTestHub(t, hubOptions());
  const key = await hub.key('pro');
  const secret = key.slice(4);
  const everyCharacterEncoded = [...key].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
  const spellings = [
    key,
    `apk%5F${secret}`,
    `%61pk_${secret}`,
    `APK_${secret}`,
    `%2561pk%255F${secret}`,
    everyCharacterEncoded,
    `Apk_${secret.slice(0, 10)}%${secret.charCodeAt(10).toString(16)}${secret.slice(11)}`,
  ];
  for (const spelling of spellings) {
    await hub.get(`${probeUrl}?key=${spelling}`);
    await hub.get(`/openapi/v1/${spelling}`, key);
    await hub.get(`/openapi/v1/probe/${spelling}%zz`, key);
  }
  const lines = hub.logs.join('');
  assert.ok(accessLines(hub.logs).length >= spellings.length * 3, 'the requests were logged');
  assert.ok(!fullyDecoded(lines).toLowerCase().includes(secret.slice(0, 12).toLowerCase()), 'no spelling of the key is in the log');
});

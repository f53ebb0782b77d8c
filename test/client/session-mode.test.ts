import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from '../../packages/client/src/index.ts';
import { transportOf } from '../../packages/client/src/client.ts';
import { send } from '../../packages/client/src/send.ts';

/**
 * The dashboard's mode: signed in with a session cookie (the browser sends it), no API key, the
 * CSRF token of the sign-in sent on every state change. A stand-in `fetch` records what would go out.
 */
interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  credentials: RequestInit['credentials'];
  body: unknown;
}

function recordingStub(sent: Sent[]): typeof fetch {
  return async (input, init = {}) => {
    sent.push({
      url: String(input),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      credentials: init.credentials,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return Response.json({ success: true, statusCode: 200, data: { keyId: 'k1' }, meta: { timestamp: new Date().toISOString() } });
  };
}

test('without an API key the client sends the session cookie along and no key', async () => {
  const sent: Sent[] = [];
  const fdh = createClient({ csrfToken: 'token-1', fetch: recordingStub(sent) });
  await fdh.get('/openapi/v1/usage');
  assert.equal(sent[0]?.url, '/openapi/v1/usage', 'the page’s own origin');
  assert.equal(sent[0]?.credentials, 'same-origin');
  assert.equal(sent[0]?.headers['x-api-key'], undefined);
  assert.equal(sent[0]?.headers['x-csrf-token'], undefined, 'a GET changes nothing and carries no CSRF token');
});

test('a state change carries the CSRF token current at the time, and its JSON body', async () => {
  const sent: Sent[] = [];
  let token: string | undefined;
  const transport = transportOf({ baseUrl: 'https://hub.example/', csrfToken: () => token, fetch: recordingStub(sent) });
  await send(transport, { method: 'post', path: '/api/v1/auth/login', body: { email: 'a@example.com', password: 'secret' } });
  token = 'token-from-sign-in';
  await send(transport, { method: 'post', path: '/api/v1/keys/{id}/rotate', params: { id: 'k/1' }, body: { graceSeconds: 60 } });

  assert.deepEqual(
    sent.map(({ url, method, headers, body }) => ({ url, method, csrf: headers['x-csrf-token'], type: headers['content-type'], body })),
    [
      {
        url: 'https://hub.example/api/v1/auth/login',
        method: 'POST',
        csrf: undefined,
        type: 'application/json',
        body: { email: 'a@example.com', password: 'secret' },
      },
      { url: 'https://hub.example/api/v1/keys/k%2F1/rotate', method: 'POST', csrf: 'token-from-sign-in', type: 'application/json', body: { graceSeconds: 60 } },
    ],
  );
  assert.ok(sent.every((request) => request.credentials === 'same-origin'));
});

test('with an API key every request carries X-API-Key and leaves credentials to the platform', async () => {
  const sent: Sent[] = [];
  const fdh = createClient({ baseUrl: 'https://hub.example', apiKey: 'apk_example', fetch: recordingStub(sent) });
  await fdh.get('/openapi/v1/usage');
  await fdh.get('/openapi/v1/usage', { headers: { 'x-trace': 'one' } });
  assert.deepEqual(
    sent.map((request) => request.headers['x-api-key']),
    ['apk_example', 'apk_example'],
  );
  assert.equal(sent[1]?.headers['x-trace'], 'one');
  assert.equal(sent[0]?.credentials, undefined);
});

test('a state change that fails with 503 or loses its answer is not sent again; a GET is', async () => {
  let calls = 0;
  /** Answers every request with `answer()`; a thrown TypeError is how fetch reports a lost connection. */
  const failing =
    (answer: () => Response): typeof fetch =>
    async () => {
      calls++;
      return answer();
    };
  const unavailable = () => Response.json({ success: false, statusCode: 503, error: { code: 'INTERNAL_ERROR', message: 'restarting' } }, { status: 503 });
  const retry = { baseDelayMs: 1, maxDelayMs: 2 };
  const session = createClient({ csrfToken: 'token-1', retry, fetch: failing(unavailable) });
  await assert.rejects(session.post('/api/v1/keys', { body: { name: 'once' } }), { name: 'FdhError', status: 503 });
  assert.equal(calls, 1, 'the hub may have created the key: no second one');

  calls = 0;
  const lost = createClient({
    csrfToken: 'token-1',
    retry,
    fetch: failing(() => {
      throw new TypeError('fetch failed');
    }),
  });
  await assert.rejects(lost.post('/api/v1/keys/{id}/revoke', { params: { id: 'k1' } }), { name: 'FdhError', status: 0, code: 'NETWORK_ERROR' });
  assert.equal(calls, 1);

  calls = 0;
  await assert.rejects(session.get('/api/v1/keys'), { name: 'FdhError', status: 503 });
  assert.equal(calls, 4, 'a read is retried up to maxAttempts');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FdhError } from '../../packages/client/src/index.ts';
import { backoffMs, DEFAULT_RETRY, retryDelayMs } from '../../packages/client/src/retry.ts';

const failure = (status: number, code: string, retryAfter?: number, method = 'GET') =>
  new FdhError({ status, code, messages: [], method, url: 'http://hub.example/openapi/v1/crypto', retryAfter });

const lowest = () => 0;
const highest = () => 1;

test('backoff doubles per attempt with jitter between half and all of it, up to the cap', () => {
  const policy = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1_000 };
  assert.deepEqual(
    [1, 2, 3, 4, 5].map((attempt) => [backoffMs(attempt, policy, lowest), backoffMs(attempt, policy, highest)]),
    [
      [50, 100],
      [100, 200],
      [200, 400],
      [400, 800],
      [500, 1_000],
    ],
  );
});

test('only 429, 500, 502, 503 and failures without an answer are retried, within maxAttempts', () => {
  const policy = { ...DEFAULT_RETRY, baseDelayMs: 100, maxAttempts: 3 };
  for (const status of [500, 502, 503]) assert.equal(retryDelayMs(failure(status, 'INTERNAL_ERROR'), 1, policy, highest), 100, String(status));
  assert.equal(retryDelayMs(failure(0, 'NETWORK_ERROR'), 2, policy, highest), 200);
  assert.equal(retryDelayMs(failure(0, 'TIMEOUT'), 2, policy, highest), 200);
  assert.equal(retryDelayMs(failure(503, 'INTERNAL_ERROR'), 3, policy), undefined, 'the third attempt was the last');
  for (const [status, code] of [
    [400, 'INTERNAL_ERROR'],
    [401, 'API_KEY_INVALID'],
    [403, 'FEATURE_NOT_IN_PLAN'],
    [404, 'EQUITY_NOT_FOUND'],
    [504, 'INVALID_RESPONSE'],
    [200, 'INVALID_RESPONSE'],
  ] as const) {
    assert.equal(retryDelayMs(failure(status, code), 1, policy), undefined, `${status} ${code}`);
  }
});

test('a 429 waits exactly Retry-After, a 503 at least that long, and neither waits past maxRetryAfterMs', () => {
  const policy = { ...DEFAULT_RETRY, baseDelayMs: 100, maxRetryAfterMs: 30_000 };
  assert.equal(retryDelayMs(failure(429, 'RATE_LIMIT_EXCEEDED', 7), 1, policy, highest), 7_000);
  assert.equal(retryDelayMs(failure(503, 'INTERNAL_ERROR', 5), 1, policy, highest), 5_000);
  assert.equal(retryDelayMs(failure(503, 'INTERNAL_ERROR', 0), 1, policy, highest), 100, 'never sooner than the backoff');
  assert.equal(retryDelayMs(failure(429, 'RATE_LIMIT_EXCEEDED', 31), 1, policy), undefined);
  assert.equal(retryDelayMs(failure(503, 'INTERNAL_ERROR', 31), 1, policy), undefined);
  assert.equal(retryDelayMs(failure(429, 'RATE_LIMIT_EXCEEDED'), 1, policy, highest), 100, 'without Retry-After, the backoff');
});

test('a POST is sent once: after a 5xx or a lost answer the hub may have acted, and a refused sign-in is shown at once', () => {
  const policy = { ...DEFAULT_RETRY, baseDelayMs: 100 };
  for (const [status, code, retryAfter] of [
    [500, 'INTERNAL_ERROR'],
    [502, 'INVALID_RESPONSE'],
    [503, 'INTERNAL_ERROR', 1],
    [0, 'NETWORK_ERROR'],
    [0, 'TIMEOUT'],
    [429, 'RATE_LIMIT_EXCEEDED', 1],
  ] as const) {
    assert.equal(retryDelayMs(failure(status, code, retryAfter, 'POST'), 1, policy, highest), undefined, `POST ${status} ${code}`);
    assert.equal(retryDelayMs(failure(status, code, undefined, 'PATCH'), 1, policy, highest), undefined, `PATCH ${status} ${code}`);
  }
  for (const method of ['GET', 'HEAD', 'PUT', 'DELETE'])
    assert.equal(retryDelayMs(failure(503, 'INTERNAL_ERROR', undefined, method), 1, policy, highest), 100, method);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { createClient, FdhError } from '../../packages/client/src/index.ts';
import { cryptoDemoGenerator } from '../../src/ingest/demo/crypto.ts';
import { listeningHub, recordingFetch, type ListeningHub } from '../helpers/client.ts';

/** Budget 6 and a weight-3 endpoint: two calls per minute, the third is refused with 429. */
const TINY_PLAN = { plans: { tiny: { budget: 6, features: ['crypto_data'] } } };
const DOMINANCE = '/openapi/v1/crypto/dominance';

async function tinyHub(t: TestContext, now: string): Promise<{ hub: ListeningHub; key: string }> {
  const hub = await listeningHub(t, { seed: [cryptoDemoGenerator], plans: TINY_PLAN, now });
  return { hub, key: await hub.key('tiny') };
}

/**
 * The hub's clock stands still until it has refused a call with 429, then follows real time:
 * a client that retries before `Retry-After` has passed finds the same exhausted window again.
 */
function clockFollowingRealTimeAfter429(hub: ListeningHub): typeof fetch {
  let refusedAt: { hub: number; real: number } | undefined;
  return async (input, init) => {
    if (refusedAt !== undefined) hub.clock.set(new Date(refusedAt.hub + (performance.now() - refusedAt.real)));
    const response = await fetch(input, init);
    if (response.status === 429 && refusedAt === undefined) refusedAt = { hub: hub.clock.now().getTime(), real: performance.now() };
    return response;
  };
}

test('a client that exhausts its budget completes all its calls by honouring Retry-After', async (t) => {
  // One second before the window turns: the 429 asks for Retry-After: 1.
  const { hub, key } = await tinyHub(t, '2026-06-19T08:45:59.000Z');
  const statuses: number[] = [];
  const fdh = createClient({ baseUrl: hub.baseUrl, apiKey: key, fetch: recordingFetch(statuses, clockFollowingRealTimeAfter429(hub)) });

  const answers = [];
  for (let call = 0; call < 4; call++) answers.push(await fdh.get(DOMINANCE));

  assert.equal(answers.length, 4);
  for (const answer of answers) assert.ok(answer.coins.length > 0);
  assert.deepEqual(statuses, [200, 200, 429, 200, 200], 'one refusal, retried once after the wait it asked for');
  assert.deepEqual(fdh.rateLimit, { limit: 6, remaining: 0, reset: Date.parse('2026-06-19T08:47:00Z') / 1000, weightUsed: 3 });
});

test('a Retry-After longer than maxRetryAfterMs fails the call at once with the quota state', async (t) => {
  const { hub, key } = await tinyHub(t, '2026-06-19T08:45:00.000Z');
  const statuses: number[] = [];
  const fdh = createClient({ baseUrl: hub.baseUrl, apiKey: key, retry: { maxRetryAfterMs: 10_000 }, fetch: recordingFetch(statuses) });
  await fdh.get(DOMINANCE);
  assert.deepEqual(fdh.rateLimit, { limit: 6, remaining: 3, reset: Date.parse('2026-06-19T08:46:00Z') / 1000, weightUsed: 3 });
  await fdh.get(DOMINANCE);

  await assert.rejects(fdh.get(DOMINANCE), (error: unknown) => {
    assert.ok(error instanceof FdhError);
    assert.equal(error.status, 429);
    assert.equal(error.code, 'RATE_LIMIT_EXCEEDED');
    assert.equal(error.retryAfter, 60);
    assert.deepEqual(error.rateLimit, { limit: 6, remaining: 0, reset: Date.parse('2026-06-19T08:46:00Z') / 1000, weightUsed: 3 });
    return true;
  });
  assert.deepEqual(statuses, [200, 200, 429]);
});

test('aborting the signal ends a wait for Retry-After at once', async (t) => {
  const { hub, key } = await tinyHub(t, '2026-06-19T08:45:00.000Z');
  const controller = new AbortController();
  const reason = new Error('the back-test was cancelled');
  // The 429's body is read in full before the abort is scheduled, so the abort lands in the wait.
  const abortAfter429: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const buffered = new Response(await response.arrayBuffer(), response);
    if (response.status === 429) setTimeout(() => controller.abort(reason), 10);
    return buffered;
  };
  const statuses: number[] = [];
  const fdh = createClient({ baseUrl: hub.baseUrl, apiKey: key, fetch: recordingFetch(statuses, abortAfter429) });
  await fdh.get(DOMINANCE);
  await fdh.get(DOMINANCE);
  // Retry-After is 60 s and within the default bound: only the abort can end this call soon.
  await assert.rejects(fdh.get(DOMINANCE, { signal: controller.signal }), (error) => error === reason);
  assert.deepEqual(statuses, [200, 200, 429]);
});

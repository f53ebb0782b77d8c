import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { FEATURE_CODES } from '../../src/edge/auth/plans.ts';
import { API_PREFIX } from '../../src/edge/route.ts';
import { generateApiKey } from '../../src/edge/auth/api-key.ts';

/**
 * The checks every route of the catalogue owes its callers, run over whatever is registered:
 * no key → 401, a bad key → 401, a plan without the feature → 403, an exhausted budget → 429
 * with its headers, and well-formed error envelopes throughout. Domains get these for free.
 */
const PLANS = {
  plans: {
    everything: { budget: 100_000, features: [...FEATURE_CODES] },
    nothing: { budget: 100_000, features: [] },
    // Budget 1: a call of weight 1 passes once, heavier calls are refused at once.
    starved: { budget: 1, features: [...FEATURE_CODES] },
  },
};

function urlOf(pathTemplate: string): string {
  return API_PREFIX + pathTemplate.replace(/\{[^}]+\}/g, 'route-suite');
}

function assertEnvelope(body: Record<string, unknown>, status: number, code: string, where: string): void {
  assert.equal(body.success, false, where);
  assert.equal(body.statusCode, status, where);
  const error = body.error as { code: string; message: unknown };
  assert.equal(error.code, code, where);
  assert.ok(typeof error.message === 'string' || Array.isArray(error.message), where);
  assert.match(String((body.meta as { timestamp: string }).timestamp), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, where);
}

test('every registered API route enforces key, feature and quota with well-formed envelopes', async (t) => {
  const hub = await createTestHub(t, { plans: PLANS });
  const operations = [...hub.app.apiOperations.entries()];
  assert.ok(operations.length > 1, 'the catalogue registers routes');
  const nothing = await hub.key('nothing');
  const starved = await hub.key('starved');

  for (const [operationId, { feature, weight, pathTemplate }] of operations) {
    const url = urlOf(pathTemplate);
    const where = `${operationId} ${url}`;

    const missing = await hub.get(url);
    assert.equal(missing.statusCode, 401, where);
    assertEnvelope(missing.json(), 401, 'API_KEY_REQUIRED', where);

    const invalid = await hub.get(url, generateApiKey());
    assert.equal(invalid.statusCode, 401, where);
    assertEnvelope(invalid.json(), 401, 'API_KEY_INVALID', where);

    if (feature !== null) {
      const forbidden = await hub.get(url, nothing);
      assert.equal(forbidden.statusCode, 403, where);
      assertEnvelope(forbidden.json(), 403, 'FEATURE_NOT_IN_PLAN', where);
      assert.equal(forbidden.headers['x-ratelimit-limit'], '100000', where);
    }

    if (weight > 0) {
      hub.clock.advance(60_000);
      if (weight === 1) await hub.get(url, starved);
      const refused = await hub.get(url, starved);
      assert.equal(refused.statusCode, 429, where);
      assertEnvelope(refused.json(), 429, 'RATE_LIMIT_EXCEEDED', where);
      assert.equal(refused.headers['x-ratelimit-limit'], '1', where);
      assert.equal(refused.headers['x-ratelimit-weight-used'], String(weight), where);
      assert.ok(Number(refused.headers['retry-after']) >= 1, where);
      assert.ok(refused.headers['x-ratelimit-reset'] !== undefined && refused.headers.ratelimit !== undefined, where);
    }
  }
});

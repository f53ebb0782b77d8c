import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub, type TestHubOptions } from '../helpers/app.ts';
import { PROBE_KNOWN_ID, probeDomain } from '../helpers/probe-domain.ts';
import { FEATURE_CODES } from '../../src/core/auth/plans.ts';

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

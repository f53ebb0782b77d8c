import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from 'typebox';
import { createTestHub, TEST_NOW } from '../helpers/app.ts';
import { oneRouteDomain } from '../helpers/probe-domain.ts';
import { signIn } from '../helpers/dashboard.ts';
import { StringEnum } from '../../src/kernel/schemas.ts';
import { ConflictError, InvalidInputError, NotFoundError, UnsupportedError, type DomainError } from '../../src/kernel/domain-errors.ts';

/** Each kind of domain error, as a service would throw it, and the whole envelope the edge must answer. */
const KINDS: Record<string, { error: () => DomainError; status: number; body: unknown }> = {
  'invalid-input': {
    error: () => new InvalidInputError(['from (2024-05-01) must not be after to (2024-04-01)', 'limit must be at most 50']),
    status: 400,
    body: {
      success: false,
      statusCode: 400,
      error: { code: 'INTERNAL_ERROR', message: ['from (2024-05-01) must not be after to (2024-04-01)', 'limit must be at most 50'] },
      meta: { timestamp: TEST_NOW, error: 'Bad Request', statusCode: 400 },
    },
  },
  unsupported: {
    error: () => new UnsupportedError('market "us" is not supported: only jp (Tokyo) is', 'MARKET_NOT_SUPPORTED'),
    status: 400,
    body: {
      success: false,
      statusCode: 400,
      error: { code: 'MARKET_NOT_SUPPORTED', message: ['market "us" is not supported: only jp (Tokyo) is'] },
      meta: { timestamp: TEST_NOW, error: 'Bad Request', statusCode: 400 },
    },
  },
  'not-found': {
    error: () => new NotFoundError('No listed equity has the code 9999', 'EQUITY_NOT_FOUND'),
    status: 404,
    body: {
      success: false,
      statusCode: 404,
      error: { code: 'EQUITY_NOT_FOUND', message: 'No listed equity has the code 9999' },
      meta: { timestamp: TEST_NOW, error: 'Not Found', statusCode: 404 },
    },
  },
  'not-found-without-code': {
    error: () => new NotFoundError('Unknown commodity: tin'),
    status: 404,
    body: {
      success: false,
      statusCode: 404,
      error: { code: 'INTERNAL_ERROR', message: 'Unknown commodity: tin' },
      meta: { timestamp: TEST_NOW, error: 'Not Found', statusCode: 404 },
    },
  },
  conflict: {
    error: () => new ConflictError('an account with email ann@example.com already exists', 'EMAIL_TAKEN'),
    status: 409,
    body: {
      success: false,
      statusCode: 409,
      error: { code: 'EMAIL_TAKEN', message: 'an account with email ann@example.com already exists' },
      meta: { timestamp: TEST_NOW },
    },
  },
};

const throwing = oneRouteDomain({
  path: '/throws/:kind',
  operationId: 'throws',
  summary: 'Throws the domain error its path names',
  feature: 'macro_data',
  weight: 1,
  params: { kind: StringEnum(Object.keys(KINDS)) },
  data: Type.Object({}),
  handler: async ({ params }) => {
    throw KINDS[params.kind]?.error() ?? new Error('no such kind');
  },
});

test('/openapi/v1: each kind of domain error answers its status, code and the contract envelope, never cached', async (t) => {
  const hub = await createTestHub(t, { domains: [throwing] });
  const key = await hub.key('pro');
  for (const [kind, { status, body }] of Object.entries(KINDS)) {
    const reply = await hub.get(`/openapi/v1/throws/${kind}`, key);
    assert.equal(reply.statusCode, status, kind);
    assert.deepEqual(reply.json(), body, kind);
    assert.equal(reply.headers['cache-control'], 'no-store', kind);
  }
});

test('/api/v1: the errors of accounts and keys go through the same mapping', async (t) => {
  const hub = await createTestHub(t, { domains: [throwing] });
  const admin = await signIn(hub, 'admin@example.com', { role: 'admin' });
  await admin.post('/api/v1/admin/accounts', { email: 'ann@example.com', password: 'correct horse battery staple', plan: 'pro' });

  const taken = await admin.post('/api/v1/admin/accounts', { email: 'ann@example.com', password: 'correct horse battery staple', plan: 'pro' });
  assert.equal(taken.statusCode, 409);
  assert.deepEqual(taken.json(), KINDS.conflict?.body);

  const unknownKey = await admin.post('/api/v1/keys/key_0000000000/revoke');
  assert.equal(unknownKey.statusCode, 404);
  assert.deepEqual(unknownKey.json(), {
    success: false,
    statusCode: 404,
    error: { code: 'INTERNAL_ERROR', message: 'no key with id key_0000000000' },
    meta: { timestamp: TEST_NOW, error: 'Not Found', statusCode: 404 },
  });

  const badPlan = await admin.post('/api/v1/admin/accounts', { email: 'bob@example.com', password: 'correct horse battery staple', plan: 'platinum' });
  assert.equal(badPlan.statusCode, 400);
  assert.deepEqual(badPlan.json(), {
    success: false,
    statusCode: 400,
    error: { code: 'INTERNAL_ERROR', message: ['unknown plan "platinum"; plans: free, basic, pro, enterprise'] },
    meta: { timestamp: TEST_NOW, error: 'Bad Request', statusCode: 400 },
  });
});

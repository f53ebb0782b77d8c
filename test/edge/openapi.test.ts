import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { DOMAIN_TAGS } from '../../src/edge/route.ts';

test('/openapi.json documents every API operation with its gating, cost and errors', async (t) => {
  const hub = await createTestHub(t);
  const reply = await hub.app.inject({ method: 'GET', url: '/openapi.json' });
  assert.equal(reply.statusCode, 200);
  const spec = reply.json();
  assert.equal(spec.openapi, '3.1.0');
  assert.equal(spec.info.version, '0.1.0');
  assert.deepEqual(spec.components.securitySchemes.ApiKeyAuth, { type: 'apiKey', in: 'header', name: 'X-API-Key' });

  const all = Object.entries(spec.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const operations = all.filter(({ path }) => !path.startsWith('/api/v1/'));
  assert.equal(operations.length, hub.app.apiOperations.size, 'exactly the API operations, nothing internal');
  const ids = new Set<string>();
  for (const { path, method, operation } of operations) {
    const where = `${method.toUpperCase()} ${path}`;
    assert.equal(method, 'get', where);
    assert.ok(path.startsWith('/openapi/v1/'), where);
    assert.equal(typeof operation.operationId, 'string', where);
    assert.ok(!ids.has(String(operation.operationId)), `${where}: operationId is unique`);
    ids.add(String(operation.operationId));
    assert.ok(Array.isArray(operation.tags) && (DOMAIN_TAGS as readonly string[]).includes(String(operation.tags[0])), where);
    assert.ok(typeof operation.summary === 'string' && operation.summary.length > 0, where);
    assert.deepEqual(operation.security, [{ ApiKeyAuth: [] }], where);
    assert.ok('x-feature-code' in operation && 'x-api-weight' in operation, where);
    assert.ok(Number.isInteger(operation['x-api-weight']), where);
    const responses = Object.keys(operation.responses as object);
    for (const status of ['200', '401', '403', '429', '500']) assert.ok(responses.includes(status), `${where} documents ${status}`);
  }
  const dashboard = all.filter(({ path }) => path.startsWith('/api/v1/'));
  assert.ok(dashboard.length >= 12, 'the dashboard API is documented');
  for (const { path, method, operation } of dashboard) {
    const where = `${method.toUpperCase()} ${path}`;
    assert.deepEqual(operation.tags, ['Dashboard'], where);
    assert.ok(typeof operation.operationId === 'string' && !ids.has(operation.operationId), `${where}: operationId is unique`);
    ids.add(String(operation.operationId));
    const security = JSON.stringify(operation.security);
    assert.ok(!security.includes('ApiKeyAuth'), `${where} never takes an API key`);
    if (path !== '/api/v1/auth/login') {
      assert.ok(security.includes('SessionCookie'), `${where} needs a session`);
      assert.equal(security.includes('CsrfToken'), method !== 'get', `${where}: CSRF on state changes`);
    }
  }
  assert.equal(spec.components.securitySchemes.SessionCookie.in, 'cookie');
  const usage = spec.paths['/openapi/v1/usage'].get;
  assert.equal(usage['x-api-weight'], 0);
  assert.equal(usage['x-feature-code'], null);
});

test('/docs serves an interactive reference from the hub itself, with no CDN', async (t) => {
  const hub = await createTestHub(t);
  const page = await hub.app.inject({ method: 'GET', url: '/docs/' });
  assert.equal(page.statusCode, 200);
  assert.match(String(page.headers['content-type']), /text\/html/);
  const scripts = [...page.body.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
  assert.ok(scripts.length > 0);
  for (const src of scripts) assert.ok(!/^(https?:)?\/\//.test(src), `${src} is served locally`);
  const bundle = await hub.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
  assert.equal(bundle.statusCode, 200);
});

test('/healthz and /readyz need no key', async (t) => {
  const hub = await createTestHub(t);
  assert.deepEqual((await hub.app.inject({ method: 'GET', url: '/healthz' })).json(), { status: 'ok' });
  const ready = await hub.app.inject({ method: 'GET', url: '/readyz' });
  assert.equal(ready.statusCode, 200);
  assert.equal(ready.json().store, 'ok');
});

test('/readyz answers 503 when the store cannot be reached', async (t) => {
  const hub = await createTestHub(t);
  hub.runtime.store.ping = async () => {
    throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  };
  const reply = await hub.app.inject({ method: 'GET', url: '/readyz' });
  assert.equal(reply.statusCode, 503);
  assert.equal(reply.headers['retry-after'], '5');
});

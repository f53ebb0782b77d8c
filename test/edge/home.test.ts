import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { probeDomain } from '../helpers/probe-domain.ts';

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

test('GET / shows a browser a page naming the hub and linking the reference, the dashboard and the OpenAPI document', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const page = await hub.get('/', undefined, { accept: BROWSER_ACCEPT });
  assert.equal(page.statusCode, 200);
  assert.match(String(page.headers['content-type']), /^text\/html/);
  assert.match(page.body, /<h1>Financial Data Hub<\/h1>/);
  for (const href of ['/docs', '/dashboard', '/openapi.json']) {
    assert.ok(page.body.includes(`href="${href}"`), href);
    const target = await hub.get(href);
    assert.ok([200, 302].includes(target.statusCode), `${href} answers ${target.statusCode}`);
  }
});

test('GET / gives a JSON client (or curl) the same links as JSON', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  for (const accept of ['application/json', '*/*']) {
    const index = await hub.get('/', undefined, { accept });
    assert.equal(index.statusCode, 200, accept);
    const body = index.json() as { name: string; links: { href: string }[] };
    assert.equal(body.name, 'Financial Data Hub');
    assert.deepEqual(
      body.links.map((link) => link.href),
      ['/docs', '/dashboard', '/openapi.json'],
    );
  }
});

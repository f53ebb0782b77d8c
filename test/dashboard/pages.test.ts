import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { probeDomain } from '../helpers/probe-domain.ts';

test('/dashboard is served by the hub itself: its modules, styles and chart library, under a strict content policy', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const get = (url: string) => hub.app.inject({ method: 'GET', url });
  const page = await get('/dashboard');
  assert.equal(page.statusCode, 200);
  assert.match(String(page.headers['content-type']), /^text\/html/);
  assert.match(String(page.headers['content-security-policy']), /default-src 'self'; script-src 'self'; style-src 'self'/);
  const loaded = [...page.body.matchAll(/(?:src|href)="([^"#]+)"/g)].map((m) => m[1] ?? '');
  assert.ok(loaded.length >= 3);
  for (const url of loaded) {
    if (url.startsWith('data:')) continue;
    assert.ok(url.startsWith('/dashboard/'), `${url} comes from the hub`);
    assert.equal((await get(url)).statusCode, 200, url);
  }
  const app = await get('/dashboard/assets/app.js');
  assert.match(String(app.headers['content-type']), /^text\/javascript/);
  for (const module of ['api.js', 'charts.js', 'keys.js', 'usage.js', 'admin.js', 'overview.js', 'dom.js']) {
    const reply = await get(`/dashboard/assets/${module}`);
    assert.equal(reply.statusCode, 200, module);
    assert.doesNotMatch(reply.body, /https?:\/\//, `${module} loads nothing from elsewhere`);
  }
  const chart = await get('/dashboard/vendor/uPlot.esm.js');
  assert.equal(chart.statusCode, 200);
  assert.match(chart.body, /export \{ uPlot as default \}/);
  assert.equal((await get('/dashboard/assets/../../package.json')).statusCode, 404);
  assert.equal((await get('/dashboard/assets/nope.js')).statusCode, 404);
});

test('the pages make every HTTP call through one module, api.js, and it through the typed client', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const body = async (url: string) => (await hub.app.inject({ method: 'GET', url })).body;
  for (const module of ['app.js', 'charts.js', 'keys.js', 'usage.js', 'admin.js', 'overview.js', 'dom.js']) {
    assert.doesNotMatch(await body(`/dashboard/assets/${module}`), /\bfetch\(|XMLHttpRequest/, `${module} leaves HTTP to api.js`);
  }
  const api = await body('/dashboard/assets/api.js');
  assert.doesNotMatch(api, /\bfetch\(|XMLHttpRequest/, 'api.js leaves HTTP to the client');
  assert.match(api, /^import \{ createClient, FdhError \} from '\.\.\/client\/index\.ts';$/m);
  assert.match(await body('/dashboard/client/client.ts'), /globalThis\.fetch\(input, init\)/, 'the client calls the platform fetch');
});

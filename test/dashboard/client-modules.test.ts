import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listeningHub } from '../helpers/client.ts';
import { probeDomain } from '../helpers/probe-domain.ts';

const CLIENT_SOURCES = new URL('../../packages/client/src/', import.meta.url);
const sources = readdirSync(CLIENT_SOURCES).filter((name) => name.endsWith('.ts'));

test('the typed client is served to the browser as JavaScript, with the assets’ headers, and nothing else from its folder', async (t) => {
  const hub = await listeningHub(t, { domains: [probeDomain] });
  const get = (url: string) => hub.app.inject({ method: 'GET', url });
  const page = await get('/dashboard/assets/app.js');
  assert.ok(sources.includes('index.ts') && sources.includes('schema.ts'));
  for (const name of sources) {
    const reply = await get(`/dashboard/client/${name}`);
    assert.equal(reply.statusCode, 200, name);
    assert.equal(reply.headers['content-type'], 'text/javascript; charset=utf-8', name);
    for (const header of ['content-security-policy', 'x-content-type-options', 'cache-control', 'referrer-policy']) {
      assert.equal(reply.headers[header], page.headers[header], `${name}: ${header}`);
    }
  }
  assert.doesNotMatch((await get('/dashboard/client/client.ts')).body, /\binterface\b|: typeof fetch|import type/, 'types are gone');
  const schema = (await get('/dashboard/client/schema.ts')).body;
  assert.equal(schema.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '').trim(), '', 'schema.ts is types only: comments and blanks remain');
  for (const url of [
    '/dashboard/client/../package.json',
    '/dashboard/client/..%2Fpackage.json',
    '/dashboard/client/',
    '/dashboard/client/index',
    '/dashboard/client/nope.ts',
  ]) {
    assert.equal((await get(url)).statusCode, 404, url);
  }
});

test('the served modules run as plain JavaScript: the client they make answers a call with the hub’s FdhError', async (t) => {
  const hub = await listeningHub(t, { domains: [probeDomain] });
  const dir = mkdtempSync(join(tmpdir(), 'fdh-served-client-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // As .mjs, which Node parses as JavaScript only: any TypeScript left in them is a syntax error.
  for (const name of sources) {
    const served = (await hub.app.inject({ method: 'GET', url: `/dashboard/client/${name}` })).body;
    const relinked = served.replace(/(from '\.\/[\w-]+)\.ts'/g, "$1.mjs'");
    assert.doesNotMatch(relinked, /from '(?!\.\/[\w-]+\.mjs')/, `${name} imports only its neighbours`);
    writeFileSync(join(dir, name.replace(/\.ts$/, '.mjs')), relinked);
  }
  const served = (await import(pathToFileURL(join(dir, 'index.mjs')).href)) as typeof import('../../packages/client/src/index.ts');
  const fdh = served.createClient({ baseUrl: hub.baseUrl });
  await assert.rejects(fdh.get('/api/v1/account'), (error: unknown) => {
    assert.ok(error instanceof served.FdhError);
    assert.equal(error.status, 401);
    assert.equal(error.code, 'SESSION_REQUIRED');
    return true;
  });
});

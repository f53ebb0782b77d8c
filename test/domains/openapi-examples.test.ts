import { existsSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { demoGenerators } from '../../src/ingest/demo/index.ts';
import { equitiesDemoGenerator } from '../../src/ingest/demo/equities.ts';
import { FEATURE_CODES } from '../../src/edge/auth/plans.ts';
import type { ParameterDoc } from '../../src/edge/openapi.ts';
import { chromium } from 'playwright-core';
import { createTestHub } from '../helpers/app.ts';
import { listeningHub } from '../helpers/client.ts';

const CHROMIUM = '/usr/bin/chromium';

type Operation = { parameters?: (ParameterDoc & { required?: boolean })[] };
type Document = { paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } };

/** The request /docs "Try it out" sends for an operation with every example left as filled in. */
function exampleRequest(path: string, operation: Operation): string {
  const query = new URLSearchParams();
  let url = path;
  for (const parameter of operation.parameters ?? []) {
    const value = String(parameter.example);
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else if (parameter.in === 'query') query.set(parameter.name, value);
  }
  return query.size === 0 ? url : `${url}?${query}`;
}

test('every parameter of every operation has an example that its own schema accepts; the API-key scheme comes first', async (t) => {
  const hub = await createTestHub(t);
  const document = (await hub.app.inject({ method: 'GET', url: '/openapi.json' })).json<Document>();
  assert.equal(Object.keys(document.components.securitySchemes)[0], 'ApiKeyAuth', 'listed first in the Authorize dialog of /docs');
  const ajv = new Ajv({ strict: false, coerceTypes: true });
  addFormats.default(ajv);
  const missing: string[] = [];
  let parameters = 0;
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      for (const parameter of operation.parameters ?? []) {
        parameters++;
        const where = `${method.toUpperCase()} ${path} ${parameter.in} ${parameter.name}`;
        if (parameter.example === undefined) missing.push(where);
        else assert.ok(ajv.validate(parameter.schema ?? {}, parameter.example), `${where}: ${JSON.stringify(parameter.example)} ${ajv.errorsText()}`);
      }
    }
  }
  assert.deepEqual(missing, [], 'parameters without an example');
  t.diagnostic(`${parameters} parameters`);
});

test('on the demo store, every read operation called with all its examples (what /docs pre-fills) answers 200 with data', async (t) => {
  const hub = await createTestHub(t, { seed: demoGenerators, plans: { plans: { all: { budget: 100_000, features: [...FEATURE_CODES] } } } });
  const key = await hub.key('all');
  const document = (await hub.app.inject({ method: 'GET', url: '/openapi.json' })).json<Document>();
  const failed: string[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith('/openapi/v1/')) continue;
    for (const operation of Object.values(methods)) {
      const url = exampleRequest(path, operation);
      const reply = await hub.get(url, key);
      const data = reply.statusCode === 200 ? reply.json<{ data: unknown }>().data : undefined;
      const empty = data === null || (Array.isArray(data) ? data.length === 0 : typeof data === 'object' && Object.keys(data ?? {}).length === 0);
      if (reply.statusCode !== 200 || empty) failed.push(`${url}: ${reply.statusCode} ${reply.body.slice(0, 160)}`);
    }
  }
  assert.deepEqual(failed, []);
});

test('in a browser, /docs lists the API key first in Authorize, pre-fills path parameters, and "Execute" answers 200', {
  skip: existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM}`,
  timeout: 120_000,
}, async (t) => {
  const hub = await listeningHub(t, { seed: [equitiesDemoGenerator] });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(`${hub.baseUrl}/docs`);
  await page.click('button.authorize');
  const schemes = await page.locator('.modal-ux .auth-container h4').allTextContents();
  assert.match(schemes[0] ?? '', /^ApiKeyAuth/, schemes.join(', '));
  await page
    .locator('.modal-ux .auth-container input')
    .first()
    .fill(await hub.key());
  await page.locator('.modal-ux button.authorize').first().click();
  await page.click('.modal-ux button.close-modal');

  const operation = page.locator('.opblock', { has: page.locator('[data-path="/openapi/v1/market/{market}/equities/{code}/prices"]') });
  await operation.locator('.opblock-summary').click();
  // Swagger UI renders the parameters after the click: read them once they are there.
  await operation.locator('.parameters tr[data-param-name]').first().waitFor();
  const filled = await operation
    .locator('.parameters tr[data-param-name]')
    .evaluateAll((rows) =>
      rows.map((row) => `${row.getAttribute('data-param-name')}=${(row.querySelector('input, select') as unknown as { value: string } | null)?.value ?? ''}`),
    );
  assert.deepEqual(filled.sort(), ['code=7203', 'market=jp', 'range=max']);
  await operation.locator('button.execute').click();
  const status = operation.locator('.live-responses-table tbody .response-col_status').first();
  await status.waitFor();
  assert.equal((await status.textContent())?.trim(), '200');
});

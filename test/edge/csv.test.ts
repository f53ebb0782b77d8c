import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import { Type } from 'typebox';
import { acceptsCsvFirst, csvColumnsOf, csvText, metaHeaders, refusesJsonForCsv } from '../../src/edge/csv.ts';
import { Nullable } from '../../src/kernel/schemas.ts';
import { createTestHub } from '../helpers/app.ts';
import { equitiesDemoGenerator } from '../../src/ingest/demo/equities.ts';

test('a list schema gives its columns, nested fields dotted; any other answer has no CSV form', () => {
  const item = Type.Object({
    code: Type.String(),
    price: Nullable(Type.Number()),
    meta: Type.Object({ unit: Type.String() }),
    tags: Type.Array(Type.String()),
  });
  assert.deepEqual(
    csvColumnsOf(Type.Array(item))?.map((column) => column.name),
    ['code', 'price', 'meta.unit', 'tags'],
  );
  assert.deepEqual(
    csvColumnsOf(Type.Array(Type.String()))?.map((column) => column.name),
    ['value'],
  );
  assert.equal(csvColumnsOf(item), undefined);
});

test('cells: RFC 4180 quoting, numbers as JSON writes them, null empty, formulas defused but signed numbers kept', () => {
  const columns = csvColumnsOf(Type.Array(Type.Object({ name: Type.String(), value: Nullable(Type.Number()), tags: Type.Array(Type.String()) }))) ?? [];
  const text = csvText(
    [
      { name: 'Toyota, "Motor"', value: 0.1 + 0.2, tags: ['a'] },
      { name: '=HYPERLINK("http://x")', value: null, tags: [] },
      { name: '-1.5%', value: -3, tags: [] },
      { name: '@SUM(A1)', value: 1e21, tags: [] },
      { name: 'two\nlines', value: 0, tags: [] },
    ],
    columns,
  );
  assert.equal(
    text,
    'name,value,tags\r\n' +
      '"Toyota, ""Motor""",0.30000000000000004,"[""a""]"\r\n' +
      `"'=HYPERLINK(""http://x"")",,[]\r\n` +
      '-1.5%,-3,[]\r\n' +
      "'@SUM(A1),1e+21,[]\r\n" +
      '"two\nlines",0,[]\r\n',
  );
});

test('Accept: CSV only when ranked above JSON; a non-list route refuses only a request that refuses JSON', () => {
  assert.equal(acceptsCsvFirst('text/csv'), true);
  assert.equal(acceptsCsvFirst('text/csv, application/json;q=0.5'), true);
  assert.equal(acceptsCsvFirst('application/json, text/csv'), false);
  assert.equal(acceptsCsvFirst('*/*'), false);
  assert.equal(acceptsCsvFirst(undefined), false);
  assert.equal(refusesJsonForCsv('text/csv'), true);
  assert.equal(refusesJsonForCsv('text/csv, */*;q=0.1'), false);
  assert.equal(refusesJsonForCsv('application/json'), false);
});

test('meta goes to X-Meta-* headers: sources as their publishers, other values as text or ASCII JSON', () => {
  assert.deepEqual(
    metaHeaders({ nextCursor: '72030', unit: 'JPY', source: ['demo'], name: '日経', sources: [{ publisher: 'demo' }, { publisher: 'demo' }], timestamp: 'x' }),
    {
      'x-meta-next-cursor': '72030',
      'x-meta-unit': 'JPY',
      'x-meta-source': '["demo"]',
      'x-meta-name': '"\\u65e5\\u7d4c"',
      'x-meta-sources': 'demo',
    },
  );
});

test('every list endpoint answers CSV (the equities list, paged through its header), declared in the OpenAPI document', async (t) => {
  const hub = await createTestHub(t, { seed: [equitiesDemoGenerator] });
  const key = await hub.key('pro');
  const json = (await hub.get('/openapi/v1/market/jp/equities?limit=3', key)).json<{ data: { code: string; name: string }[]; meta: { nextCursor: string } }>();
  const csv = await hub.get('/openapi/v1/market/jp/equities?limit=3&format=csv', key);
  assert.equal(csv.statusCode, 200);
  assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
  assert.equal(csv.headers.vary, 'accept, accept-encoding');
  assert.equal(csv.headers['x-meta-next-cursor'], json.meta.nextCursor);
  const lines = csv.body.trimEnd().split('\r\n');
  assert.equal(lines.length, 4);
  assert.deepEqual(
    lines.slice(1).map((line) => line.split(',')[lines[0]?.split(',').indexOf('code') ?? 0]),
    json.data.map((item) => item.code),
  );
  const gzipped = await hub.get('/openapi/v1/market/jp/equities?limit=100&format=csv', key, { 'accept-encoding': 'gzip' });
  assert.equal(gzipped.headers['content-encoding'], 'gzip');
  assert.match(gunzipSync(gzipped.rawPayload).toString(), /^code,|,code,/);
  // The JSON answer is untouched: the same body with or without the negotiation.
  assert.equal((await hub.get('/openapi/v1/market/jp/equities?limit=3', key, { accept: 'application/json' })).json<{ data: unknown[] }>().data.length, 3);

  // The 200 is JSON alone (a generated client types it as such); the CSV form is declared beside it.
  const document = (await hub.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
    paths: Record<string, { get: { responses: Record<string, { content?: Record<string, unknown>; 'x-csv'?: Record<string, unknown> }> } }>;
  }>();
  for (const path of ['/openapi/v1/market/{market}/equities', '/openapi/v1/series/{fact}']) {
    const ok = document.paths[path]?.get.responses['200'];
    assert.deepEqual(Object.keys(ok?.content ?? {}), ['application/json'], path);
    assert.deepEqual(Object.keys(ok?.['x-csv'] ?? {}), ['text/csv'], path);
  }
  const profile = document.paths['/openapi/v1/market/{market}/equities/{code}']?.get.responses;
  assert.equal(profile?.['200']?.['x-csv'], undefined);
  assert.ok(profile?.['406'] !== undefined);
});

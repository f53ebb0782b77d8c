import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadRecords } from '../../helpers/routes-fetch.ts';
import { twinProblems } from '../../helpers/twin.ts';
import { soumuSources } from '../../../src/ingest/sources/soumu/index.ts';
import { workbookSheets } from '../../../src/ingest/sources/soumu/workbook-sheets.ts';
import { mlitSources } from '../../../src/ingest/sources/mlit/index.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { importFile, ImportError, isLineImporter, type Importer } from '../../../src/ingest/source.ts';
import type { LocalGovernmentCodes } from '../../../src/ingest/importers/real-estate/soumu-local-government-codes.ts';
import type { SourceDefinition } from '../../../src/ingest/sync/source-definition.ts';

const FILE = '000925835.xlsx.json';

function source(id: string, from: SourceDefinition[]): SourceDefinition {
  const found = from.find((s) => s.id === id);
  assert.ok(found !== undefined);
  return found;
}
const codeList = () => source('soumu-local-government-codes', soumuSources);
const transactions = () => source('mlit-transactions', mlitSources);

function importer(): Importer<LocalGovernmentCodes> {
  const found = findImporter('real-estate-soumu-local-government-codes');
  assert.ok(found !== undefined && !isLineImporter(found));
  return found as Importer<LocalGovernmentCodes>;
}

async function listPayload() {
  const { result, requests } = await collectFromRoutes(codeList());
  // The page first (read every run, never a 304), then the workbook it links first.
  assert.deepEqual(
    requests.map((r) => [r.url, r.conditional]),
    [
      ['http://publisher.test/denshijiti/code.html', false],
      ['http://publisher.test/main_content/000925835.xlsx', undefined],
    ],
  );
  const [payload] = result.payloads;
  assert.ok(payload !== undefined);
  return payload;
}

test('the code list is fetched at its published path and its first sheet read: prefectures and municipalities by code, without the check digit', async () => {
  const payload = await listPayload();
  assert.deepEqual([payload.importer.dataset, payload.fileName], ['real-estate-soumu-local-government-codes', FILE]);
  const parsed = payloadRecords<LocalGovernmentCodes>(payload);
  assert.deepEqual(
    [...parsed.prefectures],
    [
      ['01', '北海道'],
      ['13', '東京都'],
    ],
  );
  assert.deepEqual(
    parsed.municipalities.map((m) => [m.code, m.prefecture, m.municipality]),
    [
      ['01100', '北海道', '札幌市'],
      ['01202', '北海道', '函館市'],
      ['13101', '東京都', '千代田区'],
      ['13102', '東京都', '中央区'],
      ['13201', '東京都', '八王子市'],
    ],
  );
});

test('an HTML page with 200 or a cut download fails the run naming the file; a bad path parameter is refused', async () => {
  const base = { baseUrl: 'http://publisher.test', params: { path: '/main_content/000925835.xlsx' }, credentials: {}, cursor: undefined, now: new Date() };
  const answering = (body: Buffer) =>
    codeList().collect({ ...base, fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body, archiveHash: 'x' }) });
  const notWorkbook = (error: unknown) => error instanceof ImportError && /^000925835\.xlsx: not an \.xlsx workbook/.test(error.message);
  await assert.rejects(answering(Buffer.from('<!DOCTYPE html><html><body>メンテナンス中</body></html>')), notWorkbook);
  const xlsx = publisherSample('soumu', '000925835.xlsx');
  await assert.rejects(answering(xlsx.subarray(0, xlsx.length / 2)), notWorkbook);
  await assert.rejects(
    collectFromRoutes(codeList(), { params: { path: 'https://elsewhere.test/list.xlsx' } }),
    /\/sources\/soumu-local-government-codes\/params\/path: must match pattern/,
  );
});

test("the workbook is the first .xlsx on MIC's own site the code page links; a page linking none fails the run saying so; a pinned path skips the page", async () => {
  // ASCII only: the page is read as Shift_JIS.
  const page = (body: string) => Buffer.from(`<html><body>${body}</body></html>`);
  const asked: string[] = [];
  const run = (html: Buffer, params: Record<string, unknown> = {}) =>
    codeList().collect({
      baseUrl: 'http://publisher.test',
      params,
      credentials: {},
      cursor: undefined,
      now: new Date(),
      fetch: async (request) => {
        asked.push(new URL(request.url).pathname);
        const body = request.url.endsWith('.html') ? html : publisherSample('soumu', '000925835.xlsx');
        return { notModified: false, url: request.url, status: 200, headers: {}, body, archiveHash: 'x' };
      },
    });
  const links =
    '<a href="https://elsewhere.test/main_content/1.xlsx">x</a><a href="/main_content/2.pdf">PDF</a><a href="/main_content/3.xlsx">Excel</a><a href="/main_content/4.xlsx">Excel</a>';
  assert.deepEqual(
    (await run(page(links))).payloads.map((p) => p.fileName),
    ['3.xlsx.json'],
  );
  assert.deepEqual(asked.splice(0), ['/denshijiti/code.html', '/main_content/3.xlsx']);
  await assert.rejects(
    run(page('<a href="/main_content/2.pdf">PDF</a>')),
    (error: unknown) => error instanceof ImportError && /code\.html links no workbook \(\/main_content\/<number>\.xlsx\)/.test(error.message),
  );
  asked.splice(0);
  await run(page(links), { path: '/main_content/000925835.xlsx' });
  assert.deepEqual(asked, ['/main_content/000925835.xlsx']);
});

test('a changed layout is refused naming the sheet, row and value', async () => {
  // The importer reads the sheets as a JSON file too (fdh import), the form the source reads from the workbook.
  const text = JSON.stringify({ sheets: await workbookSheets(publisherSample('soumu', '000925835.xlsx'), '000925835.xlsx') });
  const refusals: [string, RegExp][] = [
    [
      text.replace('"団体コード","都道府県名\\n（漢字）"', '"都道府県名\\n（漢字）","団体コード"'),
      /sheet "R6\.1\.1現在の団体" row 1: expected the columns 団体コード, 都道府県名（漢字）/,
    ],
    [text.replace('"131024"', '"13102X"'), /sheet "R6\.1\.1現在の団体" row 7: 団体コード "13102X" is not a local-government code/],
    [text.replace('"中央区"', '""'), /row 7: 市区町村名（漢字） is empty for code 131024/],
    [text.replace('["130001","東京都","","ﾄｳｷｮｳﾄ"],', ''), /row 5: no prefecture row for code 13/],
    ['{"sheets":[]}', /\/sheets: must not have fewer than 1 items \(got \[\]\)/],
    ['<html>', /not JSON/],
  ];
  for (const [content, message] of refusals) {
    assert.throws(
      () => importer().parse(content, FILE),
      (error: unknown) => error instanceof ImportError && error.message.startsWith(FILE) && message.test(error.message),
      String(message),
    );
  }
});

test('without the demo, the code list creates the prefectures and municipalities, and MLIT transactions of a municipality the demo lacks (Chuo, 13102) land on it by code', async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key();
  assert.deepEqual(
    (await importPayloads(hub, [await listPayload()])).map((r) => [r.status, r.rows]),
    [['loaded', 5]],
  );
  const { result } = await collectFromRoutes(transactions(), { params: { initialQuarters: 1 }, credentials: { MLIT_API_KEY: 'k' } });
  assert.deepEqual(
    (await importPayloads(hub, result.payloads)).map((r) => [r.status, r.rows]),
    [['loaded', 4]],
  );
  await hub.changed('real-estate');

  const provinces = (await hub.get('/openapi/v1/real-estate/jp/provinces?lang=en', key)).json() as {
    data: { id: number; name: string; code: string; bbox: unknown }[];
  };
  assert.deepEqual(provinces.data.map((p) => [p.id, p.name, p.code, p.bbox]).sort(), [
    [101, '北海道', '01', null],
    [113, '東京都', '13', null],
  ]);
  assert.deepEqual(twinProblems('realEstateProvinces', provinces.data, { strict: false }), []);
  const wards = (await hub.get('/openapi/v1/real-estate/jp/provinces/113/wards', key)).json() as {
    data: { wardId: number; wardName: string; avgPriceResidentialVt1: number | null }[];
  };
  assert.deepEqual(
    wards.data.map((w) => [w.wardId, w.wardName, w.avgPriceResidentialVt1]),
    [
      [1_013_101, '千代田区', null],
      [1_013_102, '中央区', null],
      [1_013_201, '八王子市', null],
    ],
  );

  const answer = (await hub.get('/openapi/v1/real-estate/jp/provinces/113/wards/1013102/transactions', key)).json() as {
    data: { wardName: string; count: number; transactions: { price: number; area: number }[] };
  };
  assert.equal(answer.data.wardName, '中央区', "the ward keeps the code list's name");
  assert.deepEqual(
    answer.data.transactions.map((x) => [x.price, x.area]).sort((a, b) => Number(a[0]) - Number(b[0])),
    [
      [47_000_000, 30],
      [180_000_000, 45],
      [290_000_000, 70],
      [1_200_000_000, 175],
    ],
  );
  const created = await hub.runtime.store.db
    .selectFrom('re_ward')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  assert.equal(Number(created.n), 5, "no ward was made from the answer's names");

  // The same list again is the same release: nothing changes.
  assert.deepEqual(
    (await importPayloads(hub, [await listPayload()])).map((r) => r.status),
    ['unchanged'],
  );
});

test("without the demo, a downloaded transaction CSV (fdh import) lands by MunicipalityCode on the code list's wards; a code the list lacks with an unknown name is refused", async (t) => {
  const hub = await createTestHub(t);
  await importPayloads(hub, [await listPayload()]);
  const csvImporter = findImporter('real-estate-mlit-transactions');
  assert.ok(csvImporter !== undefined);
  const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/real-estate/${name}`, import.meta.url));
  const at = { knowledgeAt: new Date('2026-06-19T00:00:00Z'), loadedAt: new Date('2026-06-19T00:00:00Z') };
  assert.equal((await importFile(hub.runtime.store.db, csvImporter, fixture('mlit-tokyo-2026q1.csv'), at)).rows, 4);
  const rows = await hub.runtime.store.db.selectFrom('re_transaction').select(['ward_id', 'price']).orderBy('price').execute();
  assert.deepEqual(
    rows.map((r) => [r.ward_id, Number(r.price)]),
    [
      [1_013_201, 38_000_000],
      [1_013_101, 98_000_000],
      [1_013_101, 620_000_000],
      [1_013_201, 1_200_000_000],
    ],
  );
  await assert.rejects(
    importFile(hub.runtime.store.db, csvImporter, fixture('mlit-unknown-ward.csv'), at),
    /mlit-unknown-ward\.csv: line 3: unknown municipality "Atlantis City" in Tokyo/,
  );
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub, TEST_NOW } from '../../helpers/app.ts';
import { importPayloads, payloadRecords, publisherSample, routesFetch } from '../../helpers/routes-fetch.ts';
import { bokKospiSource } from '../../../src/ingest/sources/bok/index.ts';
import { parseBokKospi } from '../../../src/ingest/importers/indices/bok-kospi.ts';
import { sourceParams } from '../../../src/ingest/sync/catalogue.ts';
import { ImportError } from '../../../src/ingest/source.ts';
import type { IndexCloseRecord } from '../../../src/ingest/importers/indices/index-closes.ts';
import type { SourceCursor } from '../../../src/ingest/sync/source-definition.ts';

const KEY = { BOK_ECOS_API_KEY: 'bok-test-key' };
const FROM = { from: '2023-07-11' };

interface Row {
  TIME: string;
  DATA_VALUE: string;
}
const recorded = (JSON.parse(publisherSample('bok', 'kospi.json').toString('utf8')) as { StatisticSearch: { row: Row[] } }).StatisticSearch.row;
const closes = (rows: readonly Row[]): IndexCloseRecord[] =>
  rows.map((row, i) => ({
    code: 'KOSPI',
    date: `${row.TIME.slice(0, 4)}-${row.TIME.slice(4, 6)}-${row.TIME.slice(6)}`,
    close: Number(row.DATA_VALUE),
    where: `kospi.json: row ${i + 1}`,
  }));

/** bok-kospi's collect against the recorded answers, on the test clock (2026-06-19 in Seoul). */
async function collect(params: Record<string, unknown>, cursor?: SourceCursor) {
  const { fetch, requests } = routesFetch('bok');
  const result = await bokKospiSource.collect({
    baseUrl: 'https://ecos.bok.or.kr',
    params: sourceParams(bokKospiSource, params),
    credentials: KEY,
    cursor,
    now: new Date(TEST_NOW),
    fetch,
  });
  return { result, requests, paths: requests.map((request) => new URL(request.url).pathname) };
}

/** bok-kospi's collect against one answer, whatever it is asked. */
const answering = (body: string) =>
  bokKospiSource.collect({
    baseUrl: 'https://ecos.bok.or.kr',
    params: sourceParams(bokKospiSource, FROM),
    credentials: KEY,
    cursor: { through: '2023-08-08' },
    now: new Date(TEST_NOW),
    fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body: Buffer.from(body), archiveHash: 'x' }),
  });

test('bok-kospi asks ECOS for table 802Y001 item 0001000 daily with the key in the path, up to today in Seoul, and next time from the newest day loaded', async () => {
  const first = await collect(FROM);
  assert.deepEqual(first.paths, ['/api/StatisticSearch/bok-test-key/json/kr/1/1000/802Y001/D/20230711/20260619/0001000']);
  assert.ok(first.requests.every((request) => request.conditional === false));
  assert.deepEqual(
    first.result.payloads.map((p) => [p.importer.dataset, p.fileName]),
    [['bok-ecos-kospi', 'kospi.json']],
  );
  assert.deepEqual(payloadRecords(first.result.payloads[0]), closes(recorded), 'every recorded day, read once');
  assert.deepEqual(payloadRecords(first.result.payloads[0]), parseBokKospi(publisherSample('bok', 'kospi.json').toString('utf8'), 'kospi.json'));
  assert.deepEqual(first.result.cursor, { through: '2023-08-08' });

  const next = await collect(FROM, first.result.cursor);
  assert.deepEqual(next.paths, ['/api/StatisticSearch/bok-test-key/json/kr/1/1000/802Y001/D/20230808/20260619/0001000'], 'the newest day is asked again');
  assert.deepEqual(payloadRecords(next.result.payloads[0]), closes(recorded.slice(-1)));
  assert.deepEqual(next.result.cursor, { through: '2023-08-08' });

  // No answer is recorded from the default first day: the request is all that is looked at.
  const byDefault = await collect({}).catch((error: Error) => error.message);
  assert.match(
    String(byDefault),
    /no recorded bok answer for https:\/\/ecos\.bok\.or\.kr\/api\/StatisticSearch\/bok-test-key\/json\/kr\/1\/1000\/802Y001\/D\/19800104\/20260619\/0001000/,
    "by default from the KOSPI's base day: every day ECOS holds",
  );
});

test('ECOS pages are asked by row numbers until list_total_count rows are read, and merged into one payload', async () => {
  const { result, paths } = await collect({ ...FROM, pageSize: 20 });
  assert.deepEqual(paths, [
    '/api/StatisticSearch/bok-test-key/json/kr/1/20/802Y001/D/20230711/20260619/0001000',
    '/api/StatisticSearch/bok-test-key/json/kr/21/40/802Y001/D/20230711/20260619/0001000',
  ]);
  assert.equal(result.payloads[0]?.archiveHashes.length, 2);
  assert.deepEqual(payloadRecords(result.payloads[0]), closes(recorded));
});

test('an ECOS answer listing more rows than FDH_SYNC_MAX_ROWS fails the run before further pages are asked', async (t) => {
  const previous = process.env.FDH_SYNC_MAX_ROWS;
  process.env.FDH_SYNC_MAX_ROWS = '10';
  t.after(() => {
    if (previous === undefined) delete process.env.FDH_SYNC_MAX_ROWS;
    else process.env.FDH_SYNC_MAX_ROWS = previous;
  });
  await assert.rejects(
    collect({ ...FROM, pageSize: 20 }),
    (error: unknown) => error instanceof ImportError && /more than 10 \(FDH_SYNC_MAX_ROWS\)/.test(error.message),
  );
});

test("ECOS's no-data answer (INFO-200) imports nothing and keeps the cursor; its other answers fail the run quoting them", async () => {
  const none = await answering('{"RESULT":{"CODE":"INFO-200","MESSAGE":"해당하는 데이터가 없습니다."}}');
  assert.deepEqual(none, { payloads: [], cursor: { through: '2023-08-08' } });
  const refused = (body: string, message: RegExp) =>
    assert.rejects(answering(body), (error: unknown) => error instanceof ImportError && message.test(error.message));
  await refused(
    '{"RESULT":{"CODE":"INFO-100","MESSAGE":"인증키가 유효하지 않습니다."}}',
    /^kospi\.json: ECOS answered INFO-100: 인증키가 유효하지 않습니다\.$/,
  );
  await refused('<!DOCTYPE html><title>점검 중</title>', /^kospi\.json: not JSON/);
  await refused('{"StatisticSearch":{"row":[]}}', /^kospi\.json: \/StatisticSearch\/list_total_count: is missing$/);
});

test('ECOS rows: another table, item or unit, a bad day, a doubled day or a bad value is refused naming the row; an empty value is no close, never 0', () => {
  const text = publisherSample('bok', 'kospi.json').toString('utf8');
  const refused = (content: string, message: RegExp) =>
    assert.throws(
      () => parseBokKospi(content, 'kospi.json'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  refused(
    text.replace('"ITEM_CODE1": "0001000"', '"ITEM_CODE1": "0089000"'),
    /^kospi\.json: row 1: table "802Y001" item "0089000" is not the KOSPI \(802Y001 item 0001000\)$/,
  );
  refused(text.replace('"STAT_CODE": "802Y001"', '"STAT_CODE": "731Y001"'), /row 1: table "731Y001"/);
  refused(text.replace('"UNIT_NAME": "1980.01.04=100 "', '"UNIT_NAME": "원"'), /row 1: unit "원" is not the KOSPI's/);
  refused(text.replace('"20230712"', '"2023-07-12"'), /row 2: TIME "2023-07-12" is not a day \(YYYYMMDD\)/);
  refused(text.replace('"20230712"', '"20230231"'), /row 2: TIME "20230231" is not a day/);
  refused(text.replace('"20230712"', '"20230711"'), /row 2: 2023-07-11 appears twice/);
  refused(text.replace('"2574.72"', '"2,574.72"'), /row 2: index\.close:KOSPI "2,574\.72" is not a decimal number/);
  refused(text.replace('"2574.72"', '"0"'), /row 2: index\.close:KOSPI "0" is outside what a index\.close figure can be \(above 0/);
  refused(text.replace('"StatisticSearch"', '"StatisticSearchX"'), /^kospi\.json: \/StatisticSearch: is missing$/);
  const withoutValue = parseBokKospi(text.replace('"2574.72"', '""'), 'kospi.json');
  assert.deepEqual(
    withoutValue,
    closes(recorded).filter((close) => close.date !== '2023-07-12'),
  );
});

test('after bok-kospi runs, the global indices show the fetched KOSPI close', async (t) => {
  const hub = await createTestHub(t);
  const { result } = await collect(FROM);
  const loaded = await importPayloads(hub, result.payloads);
  assert.deepEqual(
    loaded.map((r) => r.rows),
    [21],
  );
  const global = (await hub.get('/openapi/v1/market/global-indices', await hub.key())).json().data as { code: string; level: number; asOf: string }[];
  assert.deepEqual(
    global.filter((q) => q.code === 'KOSPI').map((q) => [q.level, q.asOf]),
    [[2573.98, '2023-08-08']],
  );
});

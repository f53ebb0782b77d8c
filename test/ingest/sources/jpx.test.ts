import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, routesFetch, payloadRecords } from '../../helpers/routes-fetch.ts';
import { jpxEtfIssuesSource, jpxEtfListSource } from '../../../src/ingest/sources/jpx/index.ts';
import { parseEtfIssues } from '../../../src/ingest/importers/etf/jpx-etf-issues.ts';
import { jquantsSources } from '../../../src/ingest/sources/jquants/index.ts';
import { firstSheetRows } from '../../../src/ingest/sources/jpx/xlsx-rows.ts';
import { parseEtfList } from '../../../src/ingest/importers/etf/jpx-etf-list.ts';
import { ImportError } from '../../../src/ingest/source.ts';
import type { CollectContext } from '../../../src/ingest/sync/source-definition.ts';
import { sourceParams } from '../../../src/ingest/sync/catalogue.ts';

const API = '/openapi/v1';
const JQUANTS = { credentials: { JQUANTS_API_KEY: 'test-jquants-key' } };

async function etfListPayloads() {
  const { result, requests } = await collectFromRoutes(jpxEtfListSource);
  return { payloads: result.payloads, requests };
}

/** The J-Quants daily bars of 2024-01-15: the recorded bar of the TOPIX ETF (13060). */
async function etfBarPayloads() {
  const bars = jquantsSources.find((source) => source.id === 'jquants-equities-bars-daily');
  assert.ok(bars !== undefined);
  const context: CollectContext = {
    baseUrl: 'https://api.jquants.com',
    params: { initialDays: 1, maxDays: 31, delayDays: 0 },
    ...JQUANTS,
    cursor: undefined,
    now: new Date('2024-01-15T10:00:00Z'),
    fetch: routesFetch('jquants').fetch,
  };
  return (await bars.collect(context)).payloads;
}

async function demoOffHub(t: TestContext) {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const key = await hub.key();
  const data = async (path: string) => {
    const answer = await hub.get(`${API}${path}`, key);
    assert.equal(answer.statusCode, 200, `${path}: ${answer.body}`);
    return answer.json().data;
  };
  return { hub, data };
}

test("the ETF list is asked at JPX's path of the ETF Database workbook and arrives as the first sheet's rows", async () => {
  const { payloads, requests } = await etfListPayloads();
  assert.deepEqual(
    requests.map((r) => r.url),
    ['http://publisher.test/equities/products/etfs/investors/tvdivq0000005cdd-att/nlsgeu000000vx9t.xlsx'],
  );
  assert.deepEqual(
    payloads.map((p) => [p.importer.dataset, p.fileName]),
    [['jpx-etf-list', 'nlsgeu000000vx9t.xlsx.json']],
  );
  const entries = payloadRecords(payloads[0]);
  assert.deepEqual(entries, [
    { code: '1306', nameJp: 'TOPIX連動型上場投資信託', manager: '野村アセットマネジメント', indexName: 'TOPIX' },
    { code: '1321', nameJp: '日経225連動型上場投資信託', manager: '野村アセットマネジメント', indexName: '日経平均株価' },
    { code: '2080', nameJp: 'ＰＢＲ１倍割れ解消推進ＥＴＦ', manager: 'シンプレクス・アセット・マネジメント', indexName: null },
    { code: '2081', nameJp: '政策保有解消推進ＥＴＦ', manager: 'シンプレクス・アセット・マネジメント', indexName: null },
  ]);
});

test('the ETF list keeps no cursor: an unchanged workbook (304 to the conditional GET) gives no payload', async () => {
  const fake = routesFetch('jpx', { notModified: () => true });
  const result = await jpxEtfListSource.collect({
    baseUrl: 'https://www.jpx.co.jp',
    params: jpxEtfListSource.defaultParams,
    credentials: {},
    cursor: undefined,
    now: new Date('2026-06-22T00:00:00Z'),
    fetch: fake.fetch,
  });
  assert.deepEqual(result, { payloads: [], cursor: undefined });
  assert.notEqual(fake.requests[0]?.conditional, false);
  assert.throws(() => sourceParams(jpxEtfListSource, { path: 'etf.xlsx' }), /\/sources\/jpx-etf-list\/params\/path: must match pattern/);
});

test('an HTML page served with 200 instead of the workbook fails the run naming the file', async () => {
  await assert.rejects(
    firstSheetRows(Buffer.from('<!DOCTYPE html><html><body>メンテナンス中</body></html>'), 'etf.xlsx'),
    (error: unknown) => error instanceof ImportError && /etf\.xlsx: not an \.xlsx workbook/.test(error.message),
  );
  await assert.rejects(firstSheetRows(publisherSample('jpx', 'nlsgeu000000vx9t.xlsx').subarray(0, 2000), 'etf.xlsx'), /not an \.xlsx workbook/);
});

test('the ETF list importer refuses a changed layout, a bad code and a truncated file, naming the place', async () => {
  // The importer reads the first sheet's rows as a JSON file too (fdh import), the form the source reads from the workbook.
  const sample = JSON.stringify(await firstSheetRows(publisherSample('jpx', 'nlsgeu000000vx9t.xlsx'), 'list.json'));
  const refusals: [string, RegExp][] = [
    [sample.replace('"管理会社"', '"運用会社"'), /list\.json: rows 1–12: no header row with コード, 名称 \(or 略称\) and 管理会社 \(a changed layout\)/],
    [sample.replace('"1321"', '"13 21"'), /list\.json: row 6: コード "13 21" is not a 4-character TSE code/],
    [sample.replace('"1321"', '"1306"'), /row 6: コード 1306 appears twice/],
    [sample.replace('"野村アセットマネジメント","日経平均株価"', '"","日経平均株価"'), /row 6: 管理会社 of 1321 is empty/],
    [sample.slice(0, sample.length / 2), /list\.json: not JSON/],
    [JSON.stringify({ rows: [['', 'コード', '名称', '管理会社']] }), /lists no fund/],
  ];
  // A note under the table, merged across its row or marked ※, is not a fund.
  const withNotes = JSON.parse(sample) as { rows: string[][] };
  withNotes.rows.push(['※ 連動指標名', '※ 連動指標名', '※ 連動指標名'], ['', '※1', '注記']);
  assert.deepEqual(
    parseEtfList(JSON.stringify(withNotes), 'list.json').map((entry) => entry.code),
    ['1306', '1321', '2080', '2081'],
  );
  for (const [content, message] of refusals) {
    assert.throws(
      () => parseEtfList(content, 'list.json'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
      String(message),
    );
  }
});

test('after the ETF list and the daily bars run, the ETF endpoints show exactly the fetched figures (no demo)', async (t) => {
  const { hub, data } = await demoOffHub(t);
  await importPayloads(hub, (await etfListPayloads()).payloads);
  await importPayloads(hub, await etfBarPayloads());

  const info = await data('/etf/1306/info');
  assert.deepEqual(
    [info.etfCode, info.etfNameJP, info.managementCompany, info.indexName, info.country],
    ['1306', 'TOPIX連動型上場投資信託', '野村アセットマネジメント', 'TOPIX', 'jp'],
  );
  const history = await data('/etf/1306/prices-history');
  assert.deepEqual(
    history.map((p: Record<string, unknown>) => [p.date, p.open, p.high, p.low, p.close, p.volume, p.currency]),
    [['2024-01-15', 2615.5, 2645.5, 2610.5, 2643, '3024650.000000', 'JPY']],
  );
  const heatmap = await data('/etf/heatmap');
  assert.deepEqual(
    heatmap.map((item: Record<string, unknown>) => [item.code, item.closePrice, item.volume]),
    [['1306', 2643, 3024650]],
  );
  // A fund's session is not an equity's.
  assert.equal((await hub.runtime.store.db.selectFrom('equity_bar').select('code').where('code', '=', '13060').execute()).length, 0);
});

test("bars loaded before the ETF list named their fund become that fund's prices when the list arrives", async (t) => {
  const { hub, data } = await demoOffHub(t);
  await importPayloads(hub, await etfBarPayloads());
  assert.equal((await hub.runtime.store.db.selectFrom('equity_bar').select('code').where('code', '=', '13060').execute()).length, 1);
  await importPayloads(hub, (await etfListPayloads()).payloads);
  const history = await data('/etf/1306/prices-history');
  assert.deepEqual(
    history.map((p: Record<string, unknown>) => [p.date, p.close, p.volume]),
    [['2024-01-15', 2643, '3024650.000000']],
  );
  assert.equal((await hub.runtime.store.db.selectFrom('equity_bar').select('code').where('code', '=', '13060').execute()).length, 0);
});

const ISSUES_PAGE = publisherSample('jpx', 'etfs-issues-01.html').toString('utf8');

test("JPX's ETF list page is asked at its path and read, by its table's column names, into each fund's listing day, trading unit and trust fee", async () => {
  const { result, requests } = await collectFromRoutes(jpxEtfIssuesSource);
  assert.deepEqual(
    requests.map((r) => r.url),
    ['http://publisher.test/equities/products/etfs/issues/01.html'],
  );
  assert.deepEqual(
    result.payloads.map((p) => [p.importer.dataset, p.fileName, payloadRecords(p)]),
    [
      [
        'jpx-etf-issues',
        '01.html',
        [
          {
            code: '2080',
            name: 'PBR1倍割れ解消推進ETF',
            manager: 'シンプレクス・アセット・マネジメント',
            listingDate: '2023-09-07',
            tradingUnit: 1,
            trustFee: 0.99,
          },
        ],
      ],
    ],
  );
  // Other forms JPX and its readers show: a fee with its tax-free rate or a note, a day in 年月日, a unit with 単位, no value.
  const cells = (listed: string, unit: string, fee: string) => ISSUES_PAGE.replace('2023/09/07', listed).replace('>1口<', `>${unit}<`).replace('0.99%', fee);
  const [other] = parseEtfIssues(cells('2023年9月7日', '1口単位', '0.99%(税抜0.9%)以内'), 'p.html');
  assert.deepEqual([other?.listingDate, other?.tradingUnit, other?.trustFee], ['2023-09-07', 1, 0.99]);
  const [none] = parseEtfIssues(cells('-', '-', '-'), 'p.html');
  assert.deepEqual([none?.listingDate, none?.tradingUnit, none?.trustFee], [null, null, null]);
});

test('the ETF list page refuses a maintenance page, a changed layout and cells it cannot read, naming the fund', () => {
  const refusals: [string, RegExp][] = [
    ['<!DOCTYPE html><html><body>メンテナンス中</body></html>', /p\.html: no table with a コード and a 信託報酬 column lists a fund/],
    [ISSUES_PAGE.replace('信託報酬', '運用管理費用'), /no table with a コード and a 信託報酬 column/],
    [ISSUES_PAGE.replace('0.99%', '年0.99'), /p\.html: 2080: 信託報酬 "年0.99" states no percentage/],
    [ISSUES_PAGE.replace('2023/09/07', '2023/02/30'), /2080: 上場日 "2023\/02\/30" is not a day/],
    [ISSUES_PAGE.replace('>1口<', '>口数1<'), /2080: 売買単位 "口数1" is not a number of units/],
    [ISSUES_PAGE.replace('<td>-</td>', ''), /2080: 6 cells under a header of 7/],
  ];
  for (const [content, message] of refusals) {
    assert.throws(
      () => parseEtfIssues(content, 'p.html'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
      String(message),
    );
  }
});

test('after the ETF list and its page, /etf/2080/info and the detail show the trust fee, listing day and trading unit JPX states (no demo)', async (t) => {
  const { hub, data } = await demoOffHub(t);
  await importPayloads(hub, (await etfListPayloads()).payloads);
  await importPayloads(hub, (await collectFromRoutes(jpxEtfIssuesSource)).result.payloads);
  const info = await data('/etf/2080/info');
  assert.deepEqual(
    [info.etfNameJP, info.managementCompany, info.trustFee, info.listingDate, info.tradingUnit],
    ['ＰＢＲ１倍割れ解消推進ＥＴＦ', 'シンプレクス・アセット・マネジメント', 0.99, '2023-09-07', 1],
  );
  const detail = await data('/etf/2080/detail');
  assert.deepEqual([detail.MER, detail.listingDate], [0.99, '2023-09-07']);
  // A fund the page does not list keeps no fee: none is invented.
  assert.equal((await data('/etf/1306/info')).trustFee, undefined);
  // A later page that states no fee for 2080 (`-`) keeps the one the store holds: no figure is erased by a missing cell.
  const noFee = ISSUES_PAGE.replace('<td>0.99%</td>', '<td>-</td>');
  await importPayloads(hub, [{ importer: jpxEtfIssuesSource.importers[0]!, fileName: '01.html', content: Buffer.from(noFee), archiveHashes: [] }]);
  assert.equal((await data('/etf/2080/info')).trustFee, 0.99);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadRecords } from '../../helpers/routes-fetch.ts';
import { worldbankPinkSheetSource } from '../../../src/ingest/sources/worldbank/index.ts';
import { sheetAsCsv } from '../../../src/ingest/sources/worldbank/sheet-csv.ts';
import { parsePinkSheetMonthly } from '../../../src/ingest/importers/commodities/worldbank-pinksheet.ts';
import { ImportError } from '../../../src/ingest/source.ts';

const WORKBOOK = publisherSample('worldbank', 'CMO-Historical-Data-Monthly.xlsx');
const PATH = '/en/doc/18675f1d1639c7a34d463f59263ba0a2-0050012025/related/CMO-Historical-Data-Monthly.xlsx';
/** The sample's Gold, Platinum and Silver cells, as in the real June 2026 edition (two decimals, as that edition gives them). */
const PUBLISHED: [string, number, number, number][] = [
  ['1960-01-01', 35.27, 83.5, 0.91],
  ['1960-02-01', 35.27, 83.5, 0.91],
  ['2025-06-01', 3352.66, 1251.48, 36.01],
  ['2025-07-01', 3340.15, 1390.99, 37.7],
  ['2025-08-01', 3368.03, 1342.53, 38.19],
  ['2025-09-01', 3667.68, 1434.91, 42.82],
  ['2025-10-01', 4058.33, 1615.55, 49.44],
  ['2025-11-01', 4087.19, 1564.79, 50.43],
  ['2025-12-01', 4309.23, 1893.43, 62.34],
  ['2026-01-01', 4752.75, 2433.83, 92.06],
  ['2026-02-01', 5019.97, 2137.33, 81.95],
  ['2026-03-01', 4855.54, 2046.01, 77.88],
  ['2026-04-01', 4721.42, 2027.66, 75.86],
  ['2026-05-01', 4587.21, 1998.39, 78.01],
];
/** The series codes the editions of 2023 to 2025 put on line 7 (the June 2026 edition has none). */
const CODES_LINE = ',CRUDE_PETRO,CRUDE_BRENT,COCOA,COPPER,GOLD,PLATINUM,SILVER';
const withCodes = (csv: string) => {
  const lines = csv.split('\n');
  return [...lines.slice(0, 6), CODES_LINE, ...lines.slice(6)].join('\n');
};
const expected = PUBLISHED.flatMap(([date, gold, platinum, silver]) => [
  { slug: 'gold', date, close: gold },
  { slug: 'silver', date, close: silver },
  { slug: 'platinum', date, close: platinum },
]);

test('worldbank-pinksheet-monthly asks for the workbook conditionally and reads its "Monthly Prices" sheet once into the closes the sheet as CSV (row N on line N) gives', async () => {
  const { result, requests } = await collectFromRoutes(worldbankPinkSheetSource);
  assert.deepEqual(requests, [{ url: `http://publisher.test${PATH}` }], 'no conditional: false, so the runner sends its validators');
  const [payload] = result.payloads;
  assert.deepEqual(
    [payload?.importer.dataset, payload?.fileName, payload?.archiveHashes.length],
    ['worldbank-pinksheet-monthly', 'CMO-Historical-Data-Monthly.csv', 1],
  );
  const csv = await sheetAsCsv(WORKBOOK, 'Monthly Prices', 'CMO-Historical-Data-Monthly.xlsx');
  assert.deepEqual(
    payloadRecords(payload),
    parsePinkSheetMonthly(csv, 'CMO-Historical-Data-Monthly.csv'),
    'the rows read from the workbook are the closes its CSV (fdh import) gives',
  );
  const lines = csv.split('\n');
  assert.deepEqual(lines.slice(0, 7), [
    'World Bank Commodity Price Data (The Pink Sheet),,,,,,,',
    '"monthly prices in nominal US dollars, 1960 to present",,,,,,,',
    '(monthly series are available only in nominal US dollars),,,,,,,',
    '"Updated on June 02, 2026",,,,,,,',
    ',"Crude oil, average","Crude oil, Brent",Cocoa,Copper,Gold,Platinum,Silver',
    ',($/bbl),($/bbl),($/kg),($/mt),($/troy oz),($/troy oz),($/troy oz)',
    '1960M01,1.63,1.63,0.63,715.4,35.27,83.5,0.91',
  ]);
  assert.deepEqual(worldbankPinkSheetSource.feeds, [
    'instrument_close:commodity:gold',
    'instrument_close:commodity:silver',
    'instrument_close:commodity:platinum',
  ]);
  const unchanged = await worldbankPinkSheetSource.collect({
    baseUrl: 'http://publisher.test',
    params: worldbankPinkSheetSource.defaultParams,
    credentials: {},
    cursor: undefined,
    now: new Date(),
    fetch: async (request) => ({ notModified: true, url: request.url }),
  });
  assert.deepEqual(unchanged.payloads, [], 'a 304 imports nothing');
});

test('the sheet gives the monthly gold, silver and platinum prices as published, dated the first of the month; "…" is no price, never 0', async () => {
  const csv = await sheetAsCsv(WORKBOOK, 'Monthly Prices', 'x.xlsx');
  const prices = (content: string) => parsePinkSheetMonthly(content, 'CMO.csv').map(({ slug, date, close }) => ({ slug, date, close }));
  assert.deepEqual(prices(csv), expected);
  assert.equal(parsePinkSheetMonthly(csv, 'CMO.csv')[0]?.where, 'CMO.csv: line 7', 'each price names its line');
  const withGap = csv.replace('2025M10,63.04,64.65,5.95,10739.91,4058.33', '2025M10,63.04,64.65,5.95,10739.91,…');
  assert.deepEqual(
    prices(withGap),
    expected.filter((c) => !(c.slug === 'gold' && c.date === '2025-10-01')),
  );
  // The editions of 2023 to 2025 put the series codes on line 7, the months after them.
  assert.deepEqual(prices(withCodes(csv)), expected);
});

test('HTML with 200, another workbook and a changed layout are refused naming the file and place', async () => {
  const rejects = (promise: Promise<unknown>, message: RegExp) =>
    assert.rejects(promise, (error: unknown) => error instanceof ImportError && message.test(error.message));
  await rejects(
    sheetAsCsv(Buffer.from('<!DOCTYPE html><html><body>Page not found</body></html>'), 'Monthly Prices', 'CMO-Historical-Data-Monthly.xlsx'),
    /^CMO-Historical-Data-Monthly\.xlsx: not an \.xlsx workbook/,
  );
  await rejects(
    sheetAsCsv(WORKBOOK, 'Monthly Prices (nominal)', 'CMO-Historical-Data-Monthly.xlsx'),
    /no sheet "Monthly Prices \(nominal\)" \(it has "AFOSHEET", "Monthly Prices", "Monthly Indices"\)/,
  );
  await rejects(
    (async () =>
      worldbankPinkSheetSource.collect({
        baseUrl: 'http://publisher.test',
        params: worldbankPinkSheetSource.defaultParams,
        credentials: {},
        cursor: undefined,
        now: new Date(),
        fetch: async (request) => ({
          notModified: false,
          url: request.url,
          status: 200,
          headers: { 'content-type': 'text/html' },
          body: Buffer.from('<html>Maintenance</html>'),
          archiveHash: 'x',
        }),
      }))(),
    /not an \.xlsx workbook/,
  );
  const csv = await sheetAsCsv(WORKBOOK, 'Monthly Prices', 'x.xlsx');
  const refused = (content: string, message: RegExp) =>
    assert.throws(
      () => parsePinkSheetMonthly(content, 'CMO.csv'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  refused(
    csv.replace('World Bank Commodity Price Data (The Pink Sheet)', 'World Bank Commodity Price Data'),
    /^CMO\.csv: line 1: expected "World Bank Commodity Price Data \(The Pink Sheet\)"/,
  );
  refused(csv.replace(',Gold,', ',Gold (UK),'), /line 5: no "Gold" column among the headings/);
  refused(
    csv.replace('($/troy oz),($/troy oz),($/troy oz)', '($/kg),($/troy oz),($/troy oz)'),
    /line 6: the unit of "Gold" is "\(\$\/kg\)", expected "\(\$\/troy oz\)"/,
  );
  refused(withCodes(csv).replace(',GOLD,', ',GOLD_UK,'), /line 7: the code of "Gold" is "GOLD_UK", expected "GOLD"/);
  refused(csv.replace('1960M01', '1960-01'), /line 7: period "1960-01" is not a month such as 1960M01/);
  refused(csv.replace('2025M10', '2025M13'), /line 13: period "2025M13" is not a month/);
  refused(csv.replace('2025M10', '2025M08'), /line 13: 2025M08 does not follow 2025M09/);
  refused(csv.replace('4587.21', '4,587.21'), /line 20: 9 cells for the 8 columns of line 5/);
  refused(csv.replace('4587.21', 'n/a'), /^CMO\.csv: line 20: commodity\.close:gold "n\/a" is not a decimal number/);
});

test('after the Pink Sheet source runs in a hub without demo data, the commodity endpoints show exactly the published prices', async (t) => {
  const hub = await createTestHub(t, { now: '2026-06-19T12:00:00.000Z', env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(worldbankPinkSheetSource);
  const loaded = await importPayloads(hub, result.payloads);
  assert.deepEqual(
    loaded.map((r) => r.rows),
    [PUBLISHED.length * 3],
  );
  const key = await hub.key();
  const list = (await hub.get('/openapi/v1/commodities?category=metals', key)).json().data as { id: string; lastClose: number | null; updatedAt?: string }[];
  const shown = (id: string) => list.find((item) => item.id === id);
  assert.deepEqual([shown('gold')?.lastClose, shown('gold')?.updatedAt], [4587.21, '2026-05-01T00:00:00.000Z']);
  assert.deepEqual([shown('silver')?.lastClose, shown('platinum')?.lastClose], [78.01, 1998.39]);
  assert.equal(shown('copper-lme')?.lastClose, null, "copper is FRED's fact: the Pink Sheet column is not read");
  const history = (await hub.get('/openapi/v1/commodities/gold/history?period=1y', key)).json().data as { date: string; close: number }[];
  // A year back from 2026-06-19: the months from July 2025.
  assert.deepEqual(
    history,
    PUBLISHED.filter(([date]) => date >= '2025-07-01').map(([date, gold]) => ({ date, close: gold })),
  );
});

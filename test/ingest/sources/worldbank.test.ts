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
/** The sample's Gold, Platinum and Silver cells, as in the real December 2024 edition. */
const PUBLISHED: [string, number, number, number][] = [
  ['1960-01-01', 35.27, 83.5, 0.9137],
  ['1960-02-01', 35.27, 83.5, 0.9137],
  ['2024-09-01', 2570.55, 966.7, 30.131],
  ['2024-10-01', 2690.08, 998.91, 32.416],
  ['2024-11-01', 2651.13, 965.53, 31.094],
];
const expected = PUBLISHED.flatMap(([date, gold, platinum, silver]) => [
  { slug: 'gold', date, close: gold },
  { slug: 'silver', date, close: silver },
  { slug: 'platinum', date, close: platinum },
]);

test('worldbank-pinksheet-monthly asks for the workbook conditionally and reads its "Monthly Prices" sheet once into the closes the sheet as CSV (row N on line N) gives', async () => {
  const { result, requests } = await collectFromRoutes(worldbankPinkSheetSource);
  assert.deepEqual(requests, [{ url: `http://publisher.test${PATH}` }], 'no conditional: false, so the runner sends its validators');
  const [payload] = result.payloads;
  assert.deepEqual([payload?.importer.dataset, payload?.fileName, payload?.archiveHashes.length], ['worldbank-pinksheet-monthly', 'CMO-Historical-Data-Monthly.csv', 1]);
  const csv = await sheetAsCsv(WORKBOOK, 'Monthly Prices', 'CMO-Historical-Data-Monthly.xlsx');
  assert.deepEqual(payloadRecords(payload), parsePinkSheetMonthly(csv, 'CMO-Historical-Data-Monthly.csv'), 'the rows read from the workbook are the closes its CSV (fdh import) gives');
  const lines = csv.split('\n');
  assert.deepEqual(lines.slice(0, 8), [
    'World Bank Commodity Price Data (The Pink Sheet),,,,,,,',
    '"monthly prices in nominal US dollars, 1960 to present",,,,,,,',
    '(monthly series are available only in nominal US dollars),,,,,,,',
    '"Updated on December 03, 2024",,,,,,,',
    ',"Crude oil, average","Crude oil, Brent",Cocoa,Copper,Gold,Platinum,Silver',
    ',($/bbl),($/bbl),($/kg),($/mt),($/troy oz),($/troy oz),($/troy oz)',
    ',CRUDE_PETRO,CRUDE_BRENT,COCOA,COPPER,GOLD,PLATINUM,SILVER',
    '1960M01,1.63000011444,1.63000011444,0.634,715.4,35.27,83.5,0.9137',
  ]);
  assert.deepEqual(worldbankPinkSheetSource.feeds, ['instrument_close:commodity:gold', 'instrument_close:commodity:silver', 'instrument_close:commodity:platinum']);
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
  assert.deepEqual(parsePinkSheetMonthly(csv, 'CMO.csv'), expected);
  const withGap = csv.replace('2024M10,73.97066666667,75.662,6.65744,9533.99,2690.08', '2024M10,73.97066666667,75.662,6.65744,9533.99,…');
  assert.deepEqual(parsePinkSheetMonthly(withGap, 'CMO.csv'), expected.filter((c) => !(c.slug === 'gold' && c.date === '2024-10-01')));
  // Editions before 2023 have no codes row: the months follow the units.
  const lines = csv.split('\n');
  assert.deepEqual(parsePinkSheetMonthly([...lines.slice(0, 6), ...lines.slice(7)].join('\n'), 'CMO.csv'), expected);
});

test('HTML with 200, another workbook and a changed layout are refused naming the file and place', async () => {
  const rejects = (promise: Promise<unknown>, message: RegExp) => assert.rejects(promise, (error: unknown) => error instanceof ImportError && message.test(error.message));
  await rejects(sheetAsCsv(Buffer.from('<!DOCTYPE html><html><body>Page not found</body></html>'), 'Monthly Prices', 'CMO-Historical-Data-Monthly.xlsx'), /^CMO-Historical-Data-Monthly\.xlsx: not an \.xlsx workbook/);
  await rejects(sheetAsCsv(WORKBOOK, 'Monthly Prices (nominal)', 'CMO-Historical-Data-Monthly.xlsx'), /no sheet "Monthly Prices \(nominal\)" \(it has "AFOSHEET", "Monthly Prices", "Monthly Indices"\)/);
  await rejects(
    (async () => worldbankPinkSheetSource.collect({
      baseUrl: 'http://publisher.test',
      params: worldbankPinkSheetSource.defaultParams,
      credentials: {},
      cursor: undefined,
      now: new Date(),
      fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: { 'content-type': 'text/html' }, body: Buffer.from('<html>Maintenance</html>'), archiveHash: 'x' }),
    }))(),
    /not an \.xlsx workbook/,
  );
  const csv = await sheetAsCsv(WORKBOOK, 'Monthly Prices', 'x.xlsx');
  const refused = (content: string, message: RegExp) =>
    assert.throws(() => parsePinkSheetMonthly(content, 'CMO.csv'), (error: unknown) => error instanceof ImportError && message.test(error.message));
  refused(csv.replace('World Bank Commodity Price Data (The Pink Sheet)', 'World Bank Commodity Price Data'), /^CMO\.csv: line 1: expected "World Bank Commodity Price Data \(The Pink Sheet\)"/);
  refused(csv.replace(',Gold,', ',Gold (UK),'), /line 5: no "Gold" column among the headings/);
  refused(csv.replace('($/troy oz),($/troy oz),($/troy oz)', '($/kg),($/troy oz),($/troy oz)'), /line 6: the unit of "Gold" is "\(\$\/kg\)", expected "\(\$\/troy oz\)"/);
  refused(csv.replace(',GOLD,', ',GOLD_UK,'), /line 7: the code of "Gold" is "GOLD_UK", expected "GOLD"/);
  refused(csv.replace('1960M01', '1960-01'), /line 8: period "1960-01" is not a month such as 1960M01/);
  refused(csv.replace('2024M10', '2024M13'), /line 11: period "2024M13" is not a month/);
  refused(csv.replace('2024M10', '2024M08'), /line 11: 2024M08 does not follow 2024M09/);
  refused(csv.replace('2651.13', '2,651.13'), /line 12: 9 cells for the 8 columns of line 5/);
  refused(csv.replace('2651.13', 'n/a'), /line 12: Gold price "n\/a" in 2024M11 is not a positive number/);
});

test('after the Pink Sheet source runs in a hub without demo data, the commodity endpoints show exactly the published prices', async (t) => {
  const hub = await createTestHub(t, { now: '2024-12-15T12:00:00.000Z', env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(worldbankPinkSheetSource);
  const loaded = await importPayloads(hub, result.payloads);
  assert.deepEqual(loaded.map((r) => r.rows), [15]);
  const key = await hub.key();
  const list = (await hub.get('/openapi/v1/commodities?category=metals', key)).json().data as { id: string; lastClose: number | null; updatedAt?: string }[];
  const shown = (id: string) => list.find((item) => item.id === id);
  assert.deepEqual([shown('gold')?.lastClose, shown('gold')?.updatedAt], [2651.13, '2024-11-01T00:00:00.000Z']);
  assert.deepEqual([shown('silver')?.lastClose, shown('platinum')?.lastClose], [31.094, 965.53]);
  assert.equal(shown('copper-lme')?.lastClose, null, 'copper is FRED\'s fact: the Pink Sheet column is not read');
  const history = (await hub.get('/openapi/v1/commodities/gold/history?period=1y', key)).json().data as { date: string; close: number }[];
  assert.deepEqual(history, [
    { date: '2024-09-01', close: 2570.55 },
    { date: '2024-10-01', close: 2690.08 },
    { date: '2024-11-01', close: 2651.13 },
  ]);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, routesFetch } from '../../helpers/routes-fetch.ts';
import { worldBankIndicatorsSource } from '../../../src/ingest/sources/worldbank/index.ts';
import { parseWorldBankIndicator, WORLD_BANK_INDICATORS } from '../../../src/ingest/importers/macro/worldbank-indicator.ts';
import { ImportError } from '../../../src/ingest/source.ts';
import { annualSeries } from '../../../src/domains/macro/series.ts';
import { readSeries } from '../../../src/store/vintage.ts';

interface Entry {
  indicator: { id: string };
  date: string;
  value: number | null;
}
const sample = (indicator: string) => JSON.parse(publisherSample('worldbank', `VN-${indicator}.json`).toString('utf8')) as [unknown, Entry[]];

test('worldbank-indicators asks the Indicators API v2 for each of Vietnam\'s indicators in JSON, one page of every year', async () => {
  const { result, requests } = await collectFromRoutes(worldBankIndicatorsSource);
  const urls = requests.map((request) => new URL(request.url));
  assert.deepEqual(urls.map((url) => url.pathname), Object.keys(WORLD_BANK_INDICATORS).map((id) => `/v2/country/VN/indicator/${id}`));
  assert.ok(urls.every((url) => url.searchParams.get('format') === 'json' && url.searchParams.get('per_page') === '1000' && url.searchParams.get('page') === '1'));
  assert.deepEqual(result.payloads.map((p) => [p.importer, p.fileName]), Object.keys(WORLD_BANK_INDICATORS).map((id) => ['worldbank-indicator', `VN-${id}.json`]));
  assert.deepEqual(result.payloads[1]?.content, publisherSample('worldbank', 'VN-NY.GDP.MKTP.CD.json'), 'a one-page answer is imported as it arrived');

  // An answer the World Bank has not changed (304) imports nothing.
  const unchanged = routesFetch('worldbank', { notModified: () => true });
  const again = await worldBankIndicatorsSource.collect({ baseUrl: 'http://publisher.test', params: worldBankIndicatorsSource.defaultParams, credentials: {}, cursor: undefined, now: new Date(), fetch: unchanged.fetch });
  assert.deepEqual(again.payloads, []);
});

test('World Bank pages beyond the first are asked and merged into one answer', async () => {
  const [head, entries] = sample('SP.POP.TOTL');
  const page = (n: number, part: Entry[]) => Buffer.from(JSON.stringify([{ ...(head as object), page: n, pages: 2, per_page: 2, total: 4 }, part]));
  const bodies = [page(1, entries.slice(0, 2)), page(2, entries.slice(2))];
  const pages: (string | null)[] = [];
  const result = await worldBankIndicatorsSource.collect({
    baseUrl: 'http://publisher.test',
    params: { countries: ['VN'], indicators: ['SP.POP.TOTL'] },
    credentials: {},
    cursor: undefined,
    now: new Date(),
    fetch: async (request) => {
      pages.push(new URL(request.url).searchParams.get('page'));
      return { notModified: false, url: request.url, status: 200, headers: {}, body: bodies[pages.length - 1] ?? Buffer.from('[]'), archiveHash: String(pages.length) };
    },
  });
  assert.deepEqual(pages, ['1', '2']);
  assert.deepEqual(result.payloads[0]?.archiveHashes, ['1', '2']);
  const merged = parseWorldBankIndicator(result.payloads[0]?.content.toString('utf8') ?? '', 'VN-SP.POP.TOTL.json');
  assert.deepEqual(merged.map((row) => row.period), entries.map((entry) => entry.date));
});

test('World Bank JSON: a year without a figure stays null, never 0; a changed layout or a bad value is refused naming the observation', () => {
  const rows = parseWorldBankIndicator(publisherSample('worldbank', 'VN-NY.GDP.MKTP.CD.json').toString('utf8'), 'VN-NY.GDP.MKTP.CD.json');
  assert.deepEqual(rows, [
    { series: 'vn.annual.gdp.nominal-usd', period: '2025', value: null, marker: null },
    { series: 'vn.annual.gdp.nominal-usd', period: '2024', value: 476388230307.175, marker: null },
    { series: 'vn.annual.gdp.nominal-usd', period: '2023', value: 433857681378.291, marker: null },
    { series: 'vn.annual.gdp.nominal-usd', period: '2022', value: 413445230668.578, marker: null },
  ]);

  const text = publisherSample('worldbank', 'VN-SP.POP.TOTL.json').toString('utf8');
  const refused = (content: string, message: RegExp) =>
    assert.throws(() => parseWorldBankIndicator(content, 'VN-SP.POP.TOTL.json'), (error: unknown) => error instanceof ImportError && message.test(error.message));
  refused('<html><body>Service Unavailable</body></html>', /^VN-SP\.POP\.TOTL\.json: not JSON/);
  refused(text.slice(0, 150), /not JSON/);
  refused('[{"message":[{"id":"120","key":"Invalid value","value":"The provided parameter value is not valid"}]}]', /the World Bank answered an error: Invalid value: The provided parameter value is not valid/);
  refused(text.replace('"per_page":1000', '"perPage":1000'), /expected the World Bank's \[page, observations\] array/);
  refused(text.replace('"SP.POP.TOTL"', '"SP.POP.GROW"'), /observation 1: indicator "SP.POP.GROW" is not one of/);
  refused(text.replace('"date":"2024"', '"date":"2024Q1"'), /observation 2: date "2024Q1" is not a year/);
  refused(text.replace('100987686', '"100987686"'), /observation 2: value "100987686" of 2024 is not a number or null/);
  refused(text.replace('"id":"VN"', '"id":"XK"'), /observation 1: country "XK" is not one the hub serves/);
});

test('an HTML page or a changed layout served with 200 fails the World Bank run with a readable reason', async () => {
  const answering = (body: string) =>
    worldBankIndicatorsSource.collect({
      baseUrl: 'http://publisher.test',
      params: { countries: ['VN'], indicators: ['SP.POP.TOTL'] },
      credentials: {},
      cursor: undefined,
      now: new Date(),
      fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body: Buffer.from(body), archiveHash: 'x' }),
    });
  await assert.rejects(answering('<!DOCTYPE html><title>Maintenance</title>'), (error: unknown) => error instanceof ImportError && /^VN-SP\.POP\.TOTL\.json: not JSON/.test(error.message));
  await assert.rejects(answering('{"page":1,"data":[]}'), (error: unknown) => error instanceof ImportError && /expected the World Bank's \[page, observations\] array/.test(error.message));
});

test('after the World Bank source runs, the store holds exactly the fetched annual figures, nulls as null, and no monthly or quarterly series is touched', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(worldBankIndicatorsSource);
  const loaded = await importPayloads(hub, result.payloads);
  assert.ok(loaded.every((r) => r.status === 'loaded'));
  const keys = Object.values(WORLD_BANK_INDICATORS).map((series) => annualSeries('VN', series));
  const stored = await readSeries(hub.runtime.store.db, { series: keys, cutoff: null });
  for (const [indicator, series] of Object.entries(WORLD_BANK_INDICATORS)) {
    const expected = sample(indicator)[1].map((entry) => [entry.date, entry.value]).sort();
    assert.deepEqual(stored.get(annualSeries('VN', series))?.map((f) => [f.period, f.value]).sort(), expected, indicator);
  }
  assert.ok([...stored.values()].flat().every((figure) => figure.source === 'World Bank World Development Indicators'));

  // Years are not months: the population endpoint and the indicator tables stay empty.
  await hub.changed('macro');
  const key = await hub.key();
  const population = await hub.get('/openapi/v1/macro/population?country=VN&period=10Y', key);
  assert.equal(population.statusCode, 200, population.body);
  assert.deepEqual(population.json().data, []);
  const table = (await hub.get('/openapi/v1/macro/indicators/current-account-to-gdp', key)).json().data as { columns: unknown[] };
  assert.deepEqual(table.columns, []);
});

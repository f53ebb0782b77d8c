import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample } from '../../helpers/routes-fetch.ts';
import { fredCommoditiesSource } from '../../../src/ingest/sources/fred/index.ts';
import { storedFacts } from '../../../src/facts/names.ts';
import { parseFredObservations } from '../../../src/ingest/importers/indices/fred-observations.ts';
import { FRED_COMMODITY_SERIES, fredInstrument } from '../../../src/ingest/fred-series.ts';
import { findCommodity } from '../../../src/domains/commodities/commodities.catalog.ts';
import { ImportError } from '../../../src/ingest/source.ts';

const KEY = { FRED_API_KEY: 'abcdefghijklmnopqrstuvwxyz123456' };
/** The two series with recorded samples (test/fixtures/publishers/fred/routes.json). */
const RECORDED = { series: ['DCOILWTICO', 'PCOPPUSDM'] };

interface Observation {
  date: string;
  value: string;
}
const sample = (file: string) => JSON.parse(publisherSample('fred', file).toString('utf8')) as { observations: Observation[] };
const values = (file: string) => sample(file).observations.filter((o) => o.value !== '.');

test('every FRED commodity series is stored as a commodity the hub lists, and the source feeds exactly those', () => {
  for (const series of FRED_COMMODITY_SERIES) {
    const instrument = fredInstrument(series) ?? '';
    assert.match(instrument, /^commodity:/, series);
    assert.ok(findCommodity(instrument.slice('commodity:'.length)) !== undefined, `${series} → ${instrument} is in the commodity list`);
  }
  assert.deepEqual(fredCommoditiesSource.defaultParams.series, FRED_COMMODITY_SERIES);
  assert.deepEqual(
    fredCommoditiesSource.feeds,
    FRED_COMMODITY_SERIES.map((series) => `instrument_close:${fredInstrument(series)}`),
  );
  assert.ok(fredCommoditiesSource.feeds?.includes(storedFacts.close('commodity:wti-crude')));
});

test('fred-commodities asks FRED for each series in JSON with the key, and next time from the newest date loaded', async () => {
  const first = await collectFromRoutes(fredCommoditiesSource, { credentials: KEY, params: RECORDED });
  const urls = first.requests.map((request) => new URL(request.url));
  assert.deepEqual(
    urls.map((url) => [url.pathname, url.searchParams.get('series_id'), url.searchParams.get('file_type'), url.searchParams.get('api_key')]),
    [
      ['/fred/series/observations', 'DCOILWTICO', 'json', KEY.FRED_API_KEY],
      ['/fred/series/observations', 'PCOPPUSDM', 'json', KEY.FRED_API_KEY],
    ],
  );
  assert.deepEqual(
    first.result.payloads.map((p) => [p.importer.dataset, p.fileName]),
    [
      ['fred-observations', 'DCOILWTICO.json'],
      ['fred-observations', 'PCOPPUSDM.json'],
    ],
  );
  assert.deepEqual(first.result.cursor, { observationStart: { DCOILWTICO: '2021-07-07', PCOPPUSDM: '2025-01-01' } });
  const next = await collectFromRoutes(fredCommoditiesSource, { credentials: KEY, params: RECORDED, cursor: first.result.cursor });
  assert.deepEqual(
    next.requests.map((request) => new URL(request.url).searchParams.get('observation_start')),
    ['2021-07-07', '2025-01-01'],
  );
});

test('a series the hub does not store is refused before FRED is asked', async () => {
  await assert.rejects(
    collectFromRoutes(fredCommoditiesSource, { credentials: KEY, params: { series: ['DCOILWTICO', 'GOLDAMGBD228NLBM'] } }),
    /\/sources\/fred-commodities\/params\/series\/1: expected one of "SP500", .* \(got "GOLDAMGBD228NLBM"\)/,
  );
});

test('FRED commodity JSON: "." is a day without a value, never 0; HTML with 200 and a changed layout are refused', () => {
  const text = publisherSample('fred', 'dcoilwtico.json').toString('utf8');
  const records = parseFredObservations(text, 'DCOILWTICO.json');
  const published = sample('dcoilwtico.json').observations.flatMap((o, i) =>
    o.value === '.' ? [] : [{ series: 'DCOILWTICO', date: o.date, close: Number(o.value), where: `DCOILWTICO.json: observation ${i + 1}` }],
  );
  assert.deepEqual(records, published);
  assert.ok(!records.some((r) => r.date === '2021-07-05'), 'the Independence Day "." is skipped');
  const refused = (content: string, message: RegExp) =>
    assert.throws(
      () => parseFredObservations(content, 'DCOILWTICO.json'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  refused('<!DOCTYPE html><html><body>Service Unavailable</body></html>', /^DCOILWTICO\.json: not JSON/);
  refused(text.replace('"observations"', '"data"'), /^DCOILWTICO\.json: \/observations: is missing$/);
  // WTI's price of 2020-04-20 was negative (FRED's DCOILWTICO: -36.98): a commodity price may be, within its family's range.
  assert.equal(parseFredObservations(text.replace('"75.37"', '"-36.98"'), 'DCOILWTICO.json')[1]?.close, -36.98);
  refused(
    text.replace('"75.37"', '"-37000.5"'),
    /^DCOILWTICO\.json: observation 2: commodity\.close:wti-crude "-37000\.5" is outside what a commodity\.close figure can be/,
  );
});

test('after the FRED commodity source runs in a hub without demo data, the commodity endpoints show exactly the fetched prices', async (t) => {
  const hub = await createTestHub(t, { now: '2025-02-15T12:00:00.000Z', env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(fredCommoditiesSource, { credentials: KEY, params: RECORDED });
  const loaded = await importPayloads(hub, result.payloads);
  assert.deepEqual(
    loaded.map((r) => r.rows),
    [4, 4],
    'WTI: five days less its "." day; copper: four months',
  );
  const key = await hub.key();
  const list = (await hub.get('/openapi/v1/commodities', key)).json().data as { id: string; lastClose: number | null; updatedAt?: string }[];
  const shown = (id: string) => list.find((item) => item.id === id);
  const lastWti = values('dcoilwtico.json').at(-1);
  const lastCopper = values('pcoppusdm.json').at(-1);
  assert.deepEqual([shown('wti-crude')?.lastClose, shown('wti-crude')?.updatedAt], [Number(lastWti?.value), `${lastWti?.date}T00:00:00.000Z`]);
  assert.deepEqual([shown('copper-lme')?.lastClose, shown('copper-lme')?.updatedAt], [Number(lastCopper?.value), `${lastCopper?.date}T00:00:00.000Z`]);
  assert.equal(shown('gold')?.lastClose, null, 'a commodity no source fed stays null');
  const history = (await hub.get('/openapi/v1/commodities/copper-lme/history?period=1y', key)).json().data as { date: string; close: number }[];
  assert.deepEqual(
    history,
    values('pcoppusdm.json').map((o) => ({ date: o.date, close: Number(o.value) })),
  );
});

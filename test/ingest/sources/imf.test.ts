import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadRecords } from '../../helpers/routes-fetch.ts';
import { imfCpiSource } from '../../../src/ingest/sources/imf/index.ts';
import { parseImfCpi } from '../../../src/ingest/importers/macro/imf-cpi.ts';
import { ImportError } from '../../../src/ingest/source.ts';

const VN_FILE = 'CPI-VNM.CPI._T.IX.M.json';
const US_FILE = 'CPI-USA.CPI._T.IX.M.json';
const sample = (file: string) => publisherSample('imf', file).toString('utf8');

/** The sample's months and figures as the IMF wrote them, read straight from its SDMX-JSON. */
function sampleFigures(file: string): [string, number | null][] {
  const document = JSON.parse(sample(file)) as {
    data: {
      dataSets: { series: Record<string, { observations: Record<string, [string | null]> }> }[];
      structures: { dimensions: { observation: { values: { value: string }[] }[] } }[];
    };
  };
  const periods = document.data.structures[0]?.dimensions.observation[0]?.values.map((v) => v.value.replace('-M', '-')) ?? [];
  const observations = Object.values(document.data.dataSets[0]?.series ?? {})[0]?.observations ?? {};
  return Object.entries(observations).map(([position, [value]]) => [periods[Number(position)] ?? '', value === null ? null : Number(value)]);
}

test("imf-cpi asks the IMF's SDMX 3.0 API for Vietnam's all-items monthly CPI index, attributes and measures in SDMX-JSON", async () => {
  const { result, requests } = await collectFromRoutes(imfCpiSource);
  assert.deepEqual(
    requests.map((request) => request.url),
    ['http://publisher.test/external/sdmx/3.0/data/dataflow/IMF.STA/CPI/%2B/VNM.CPI._T.IX.M?attributes=dsd&measures=all'],
  );
  assert.deepEqual(
    result.payloads.map((p) => [p.importer.dataset, p.fileName]),
    [['imf-cpi', VN_FILE]],
  );
  assert.deepEqual(
    payloadRecords(result.payloads[0]),
    parseImfCpi(publisherSample('imf', VN_FILE).toString('utf8'), VN_FILE),
    'read once into its observations',
  );
});

test("IMF SDMX-JSON: the recorded US answer gives the IMF's figures; a month without a figure stays null; a changed layout or a bad value is refused", () => {
  assert.deepEqual(parseImfCpi(sample(US_FILE), US_FILE), [
    { series: 'us.cpi', period: '2026-03', value: 151.4352997287388, marker: null, where: 'CPI-USA.CPI._T.IX.M.json: series 0:0:0:0:0 observation 0' },
    { series: 'us.cpi', period: '2026-04', value: 152.7225866809138, marker: null, where: 'CPI-USA.CPI._T.IX.M.json: series 0:0:0:0:0 observation 1' },
  ]);
  const vn = parseImfCpi(sample(VN_FILE), VN_FILE);
  assert.deepEqual(
    vn.map((row) => [row.period, row.value]),
    sampleFigures(VN_FILE),
  );
  assert.ok(vn.every((row) => row.series === 'vn.cpi'));
  assert.equal(vn.find((row) => row.period === '2026-03')?.value, null);

  const text = sample(US_FILE);
  const refused = (content: string, message: RegExp) =>
    assert.throws(
      () => parseImfCpi(content, US_FILE),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  refused('<html><body>Service Unavailable</body></html>', /^CPI-USA\.CPI\._T\.IX\.M\.json: not JSON/);
  refused(text.slice(0, 400), /not JSON/);
  refused(text.replace('"id":"COICOP_1999"', '"id":"COICOP_2018"'), /expected the IMF CPI dataflow's SDMX-JSON/);
  refused(text.replace('"id":"OBS_VALUE"', '"id":"VALUE"'), /expected the IMF CPI dataflow's SDMX-JSON/);
  refused(text.replace('{"id":"IX"}', '{"id":"PC_CP_A_PT"}'), /series USA\.CPI\._T\.PC_CP_A_PT\.M is not the all-items monthly CPI index/);
  refused(text.replace('{"id":"USA"}', '{"id":"CAN"}'), /COUNTRY "CAN" is not one the hub serves/);
  refused(text.replace('"2026-M03"', '"2026-Q1"'), /observation 0: TIME_PERIOD "2026-Q1" is not a month/);
  refused(
    text.replace('"151.4352997287388"', '"n/a"'),
    /^CPI-USA\.CPI\._T\.IX\.M\.json: series 0:0:0:0:0 observation 0: macro:us\.cpi "n\/a" is not a decimal number/,
  );
  refused(text.replace(/"series":\{"0:0:0:0:0":.*?\}\}\}\}/, '"series":{}}'), /the IMF answered no CPI series for this key/);
});

test('an HTML page, a changed layout or 204 No Content served to the IMF source fails the run with a readable reason', async () => {
  const answering = (status: number, body: string) =>
    imfCpiSource.collect({
      baseUrl: 'http://publisher.test',
      params: imfCpiSource.defaultParams,
      credentials: {},
      cursor: undefined,
      now: new Date(),
      fetch: async (request) => ({ notModified: false, url: request.url, status, headers: {}, body: Buffer.from(body), archiveHash: 'x' }),
    });
  await assert.rejects(
    answering(200, '<!DOCTYPE html><title>Maintenance</title>'),
    (error: unknown) => error instanceof ImportError && /^CPI-VNM\.CPI\._T\.IX\.M\.json: not JSON/.test(error.message),
  );
  await assert.rejects(
    answering(200, '{"meta":{},"data":{"dataSets":[],"structures":[]}}'),
    (error: unknown) => error instanceof ImportError && /expected the IMF CPI dataflow's SDMX-JSON/.test(error.message),
  );
  await assert.rejects(
    answering(204, ''),
    (error: unknown) => error instanceof ImportError && /204 No Content: it holds no CPI series VNM\.CPI\._T\.IX\.M/.test(error.message),
  );
});

test("after the IMF source runs, Vietnam's inflation rate and CPI endpoints show exactly the fetched index and its year-on-year change", async (t) => {
  const hub = await createTestHub(t, { now: '2026-06-19T23:00:00.000Z', env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(imfCpiSource);
  const [loaded] = await importPayloads(hub, result.payloads);
  assert.equal(loaded?.rows, 14);
  await hub.changed('macro');
  const key = await hub.key();
  const figures = new Map(sampleFigures(VN_FILE));
  const yoy = (month: string, yearAgo: string, decimals = 2) => {
    const now = figures.get(month);
    const base = figures.get(yearAgo);
    return now == null || base == null ? null : Math.round(((now - base) / base) * 100 * 10 ** decimals) / 10 ** decimals;
  };

  const table = (await hub.get('/openapi/v1/macro/indicators/inflation-rate?periods=3', key)).json().data as {
    columns: { period: string }[];
    rows: { country: string; values: (number | null)[] }[];
  };
  // The first month with a year-on-year change is 2026-04, the sample's first month a year on (2026-03 has no figure).
  assert.deepEqual(
    table.columns.map((c) => c.period),
    ['2026-04', '2026-05'],
  );
  assert.deepEqual(table.rows.find((row) => row.country === 'VN')?.values, [yoy('2026-04', '2025-04'), yoy('2026-05', '2025-05')]);

  const cpi = (await hub.get('/openapi/v1/macro/economic-data?type=cpi&country=VN&period=1Y', key)).json().data as {
    observationDate: string;
    cpiPoints: number | null;
    cpiChangeYoyPercent: number | null;
  }[];
  assert.deepEqual(
    cpi.map((point) => [point.observationDate.slice(0, 7), point.cpiPoints]),
    [...figures].filter(([month]) => month >= '2025-06').map(([month, value]) => [month, value]),
  );
  assert.equal(
    cpi.find((point) => point.observationDate === '2026-05-01')?.cpiChangeYoyPercent,
    yoy('2026-05', '2025-05', 1),
    'the economic-data series rounds to one decimal',
  );
});

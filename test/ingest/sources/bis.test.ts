import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadRecords } from '../../helpers/routes-fetch.ts';
import { bisPolicyRatesSource } from '../../../src/ingest/sources/bis/index.ts';
import { bisCbpolImporter, parseBisPolicyRates } from '../../../src/ingest/importers/macro/bis-cbpol.ts';
import { observationsCsvImporter } from '../../../src/ingest/importers/macro/observations-csv.ts';
import { ImportError } from '../../../src/ingest/source.ts';

const FILE = 'WS_CBPOL-M.JP.csv';
const sample = () => publisherSample('bis', FILE).toString('utf8');

/** The sample's months and rates as the BIS wrote them, read straight from its lines. */
function sampleFigures(): [string, number][] {
  return sample()
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .map((cells) => [cells[5] ?? '', Number(cells[6])]);
}

test("bis-cbpol asks the BIS SDMX API v2 for Japan's monthly policy rate in SDMX-CSV, the whole series", async () => {
  const { result, requests } = await collectFromRoutes(bisPolicyRatesSource);
  assert.deepEqual(
    requests.map((request) => request.url),
    ['http://publisher.test/api/v2/data/dataflow/BIS/WS_CBPOL/1.0/M.JP?format=csv'],
  );
  assert.deepEqual(
    result.payloads.map((p) => [p.importer.dataset, p.fileName]),
    [['bis-cbpol', FILE]],
  );
  assert.deepEqual(payloadRecords(result.payloads[0]), parseBisPolicyRates(sample(), FILE), 'read once into its observations');
  await assert.rejects(collectFromRoutes(bisPolicyRatesSource, { params: { countries: ['VN'] } }), /countries/, 'the BIS publishes no policy rate of Vietnam');
});

test("BIS SDMX-CSV: the sample gives the BIS's figures; a month without a figure is null; labelled codes and quoted attributes are read; a changed layout or a bad value is refused", () => {
  const rows = parseBisPolicyRates(sample(), FILE).rows;
  assert.ok(rows.every((row) => row.series === 'jp.policy-rate'));
  assert.deepEqual(
    rows.map((row) => [row.period, row.value]),
    sampleFigures(),
  );
  // The short-term policy interest rate of 2016–2024, not the basic loan rate's 0.30.
  assert.equal(rows.find((row) => row.period === '2017-02')?.value, -0.1);

  const labelled = [
    'STRUCTURE,STRUCTURE_ID,ACTION,FREQ:Frequency,REF_AREA:Reference area,TIME_PERIOD:Time period or range,OBS_VALUE:Observation Value,COMPILATION:Compilation',
    'dataflow,BIS:WS_CBPOL(1.0),I,M: Monthly,JP: Japan,2013-03,0.05,"From 5 Oct 2010 to 3 Apr 2013: the BOJ encouraged the uncollateralized overnight call rate to remain at around 0 to 0.1 percent,\nmid-point shown"',
    'dataflow,BIS:WS_CBPOL(1.0),I,M: Monthly,JP: Japan,2013-04,,"from 4 Apr 2013 to 20 Sep 2016: no policy rate available"',
    'dataflow,BIS:WS_CBPOL(1.0),I,M: Monthly,JP: Japan,2013-05,NaN,"from 4 Apr 2013 to 20 Sep 2016: no policy rate available"',
  ].join('\r\n');
  assert.deepEqual(
    parseBisPolicyRates(labelled, FILE).rows.map((row) => [row.period, row.value]),
    [
      ['2013-03', 0.05],
      ['2013-04', null],
      ['2013-05', null],
    ],
  );

  const text = sample();
  const refused = (content: string, message: RegExp) =>
    assert.throws(
      () => parseBisPolicyRates(content, FILE),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  refused(
    '<html><body>Service Unavailable</body></html>',
    /^WS_CBPOL-M\.JP\.csv: expected the BIS SDMX-CSV heading with FREQ, REF_AREA, TIME_PERIOD, OBS_VALUE/,
  );
  refused(text.replace('OBS_VALUE', 'VALUE'), /OBS_VALUE missing/);
  refused(text.replace(',I,M,JP,2016-09', ',I,D,JP,2016-09'), /:2: FREQ "D": the hub reads the monthly series/);
  refused(text.replace(',M,JP,2016-09', ',M,GB,2016-09'), /:2: REF_AREA "GB" is not one the hub serves/);
  refused(text.replace('2016-09', '2016-09-30'), /:2: TIME_PERIOD "2016-09-30" is not a month/);
  refused(text.replace('2016-09,-0.1', '2016-09,n/a'), /^WS_CBPOL-M\.JP\.csv:2: macro:jp\.policy-rate "n\/a" is not a decimal number/);
  refused(text.replace('2016-09,-0.1', '2016-09'), /:2: 6 cells for the heading's 7/);
  refused(`${text}dataflow,"BIS:WS_CBPOL(1.0),I,M,JP,2026-09,1\n`, /ends inside a quoted cell/);
  refused(text.split('\n')[0] ?? '', /the BIS answered no observations/);
});

test('an HTML page or 204 No Content served to the BIS source fails the run with a readable reason', async () => {
  const answering = (status: number, body: string) =>
    bisPolicyRatesSource.collect({
      baseUrl: 'http://publisher.test',
      params: bisPolicyRatesSource.defaultParams,
      credentials: {},
      cursor: undefined,
      now: new Date(),
      fetch: async (request) => ({ notModified: false, url: request.url, status, headers: {}, body: Buffer.from(body), archiveHash: 'x' }),
    });
  await assert.rejects(
    answering(200, '<!DOCTYPE html><title>Maintenance</title>'),
    (error: unknown) => error instanceof ImportError && /^WS_CBPOL-M\.JP\.csv: expected the BIS SDMX-CSV heading/.test(error.message),
  );
  await assert.rejects(answering(204, ''), (error: unknown) => error instanceof ImportError && /204 No Content: it holds no series M\.JP/.test(error.message));
});

test("a store holding the BOJ's basic loan rate under jp.policy-rate serves the BIS's policy rate after the BIS source runs, and nothing of the old figure where the BIS has none", async (t) => {
  const hub = await createTestHub(t, { now: '2026-09-28T00:00:00.000Z', env: { FDH_DEMO: 'off' } });
  // What boj-rates stored before: the basic loan rate (IR01 MADR1M) as the policy rate, 0.3 over 2013–2017.
  const stale = [
    'series,period,value',
    'jp.policy-rate,2014-06,0.3',
    'jp.policy-rate,2017-02,0.3',
    'jp.policy-rate,2017-03,0.3',
    'jp.policy-rate,2026-09,1.25',
    '',
  ].join('\n');
  await importPayloads(
    hub,
    [{ importer: observationsCsvImporter, fileName: 'boj-ir01-madr1m.csv', content: Buffer.from(stale), archiveHashes: [] }],
    new Date('2026-09-25T00:00:00Z'),
  );
  const { result } = await collectFromRoutes(bisPolicyRatesSource);
  const [loaded] = await importPayloads(hub, result.payloads, new Date('2026-09-26T06:00:00Z'));
  assert.equal(loaded?.status, 'loaded');
  assert.equal(loaded?.rows, sampleFigures().length + 2, 'every BIS month, and a null for each stored month the BIS does not publish');
  await hub.changed('macro');
  const key = await hub.key();
  const figures = new Map(sampleFigures());

  const table = (await hub.get('/openapi/v1/macro/indicators/policy-rate?periods=4', key)).json().data as {
    columns: { period: string }[];
    rows: { country: string; values: (number | null)[] }[];
  };
  // The BOJ's 2026-09 figure is withdrawn: the latest month served is the BIS's latest.
  const months = ['2026-03', '2026-04', '2026-05', '2026-06'];
  assert.deepEqual(
    table.columns.map((c) => c.period),
    months,
  );
  assert.deepEqual(
    table.rows.find((row) => row.country === 'JP')?.values,
    months.map((month) => figures.get(month)),
  );

  const served = await hub.runtime.store.db
    .selectFrom('macro_observation')
    .select(['period', 'value', 'knowledge_at'])
    .where('series', '=', 'jp.policy-rate')
    .where('period', 'in', ['2014-06', '2017-02', '2017-03'])
    .orderBy('period')
    .orderBy('knowledge_at', 'desc')
    .execute();
  const latest = new Map<string, number | null>();
  for (const row of served) if (!latest.has(row.period)) latest.set(row.period, row.value === null ? null : Number(row.value));
  assert.deepEqual(
    [...latest],
    [
      ['2014-06', null],
      ['2017-02', -0.1],
      ['2017-03', -0.1],
    ],
  );

  // The same answer again is the same release: nothing is written twice.
  const [again] = await importPayloads(hub, result.payloads, new Date('2026-09-27T06:00:00Z'));
  assert.notEqual(again?.status, 'loaded');
  assert.equal(bisCbpolImporter.dataset, 'bis-cbpol');
});

test('an answer that ends before the months the BIS already gave (cut short, or asked for less) is refused, and withdraws nothing', async (t) => {
  const hub = await createTestHub(t, { now: '2026-09-28T00:00:00.000Z', env: { FDH_DEMO: 'off' } });
  const payload = (content: string) => [{ importer: bisCbpolImporter, fileName: FILE, content: Buffer.from(content), archiveHashes: [] }];
  assert.equal((await importPayloads(hub, payload(sample()), new Date('2026-09-26T06:00:00Z')))[0]?.status, 'loaded');
  const cut = sample()
    .split('\n')
    .filter((line) => !line.includes(',2026-06,'))
    .join('\n');
  await assert.rejects(
    importPayloads(hub, payload(cut), new Date('2026-09-27T06:00:00Z')),
    (error: unknown) => error instanceof ImportError && /jp\.policy-rate ends at 2026-05, before the 2026-06 already stored/.test(error.message),
  );
  const june = await hub.runtime.store.db
    .selectFrom('macro_observation')
    .select('value')
    .where('series', '=', 'jp.policy-rate')
    .where('period', '=', '2026-06')
    .execute();
  assert.deepEqual(
    june.map((row) => Number(row.value)),
    [1],
    'one version of 2026-06, its figure',
  );
});

test('the SDMX-CSV answer is bounded like every publisher file: more records than FDH_SYNC_MAX_ROWS are refused', (t) => {
  const previous = process.env.FDH_SYNC_MAX_ROWS;
  process.env.FDH_SYNC_MAX_ROWS = '3';
  t.after(() => {
    if (previous === undefined) delete process.env.FDH_SYNC_MAX_ROWS;
    else process.env.FDH_SYNC_MAX_ROWS = previous;
  });
  assert.throws(
    () => parseBisPolicyRates(sample(), FILE),
    (error: unknown) => error instanceof ImportError && /WS_CBPOL-M\.JP\.csv: record 4: more than 3 lines \(FDH_SYNC_MAX_ROWS\)/.test(error.message),
  );
});

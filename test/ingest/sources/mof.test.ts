import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, routesFetch, payloadBytes } from '../../helpers/routes-fetch.ts';
import { mofJgbYieldsSource } from '../../../src/ingest/sources/mof/index.ts';
import { jgbDate } from '../../../src/ingest/importers/macro/mof-jgb-yields.ts';
import { ImportError } from '../../../src/ingest/source.ts';

const CURRENT = '/english/policy/jgbs/reference/interest_rate/jgbcme.csv';
const HISTORY = '/english/policy/jgbs/reference/interest_rate/historical/jgbcme_all.csv';

/** The sample's 10-year yields by month, read here independently of the importer. */
function tenYearByMonth(file: string): Map<string, number[]> {
  const lines = new TextDecoder('shift_jis').decode(publisherSample('mof', file)).split('\r\n');
  const heading = lines.find((line) => line.startsWith('Date,'))?.split(',') ?? [];
  const column = heading.indexOf('10Y');
  const months = new Map<string, number[]>();
  for (const line of lines.filter((l) => /^\d{4}\//.test(l))) {
    const cells = line.split(',');
    const [year, month] = (cells[0] ?? '').split('/');
    const label = `${year}-${(month ?? '').padStart(2, '0')}`;
    if (cells[column] !== '-') months.set(label, [...(months.get(label) ?? []), Number(cells[column])]);
  }
  return months;
}
const mean = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 1000) / 1000;

test('mof-jgb-yields asks the current month and the history conditionally, current first, and hands them on as UTF-8 decoded from Shift_JIS', async () => {
  const { result, requests } = await collectFromRoutes(mofJgbYieldsSource);
  assert.deepEqual(requests, [{ url: `http://publisher.test${CURRENT}` }, { url: `http://publisher.test${HISTORY}` }]);
  assert.deepEqual(
    result.payloads.map((p) => [p.importer.dataset, p.fileName]),
    [
      ['mof-jgb-yields', 'jgbcme.csv'],
      ['mof-jgb-yields', 'jgbcme_all.csv'],
    ],
  );
  assert.match(payloadBytes(result.payloads[1]).toString('utf8') ?? '', /\r\n※国債金利情報の利用にあたっては/, 'the Shift_JIS note reads as Japanese');
  assert.equal(result.cursor, undefined);
  await assert.rejects(
    collectFromRoutes(mofJgbYieldsSource, { params: { encoding: 'no-such-encoding' } }),
    /mof-jgb-yields: params\.encoding "no-such-encoding"/,
  );
});

test('the next run imports only the files that changed: nothing when both answer 304, the current month alone when the history is unchanged', async () => {
  const run = async (notModified: (url: URL) => boolean) => {
    const { fetch } = routesFetch('mof', { notModified });
    return mofJgbYieldsSource.collect({
      baseUrl: 'http://publisher.test',
      params: mofJgbYieldsSource.defaultParams,
      credentials: {},
      cursor: undefined,
      now: new Date(),
      fetch,
    });
  };
  assert.deepEqual((await run(() => true)).payloads, []);
  assert.deepEqual(
    (await run((url) => url.pathname === HISTORY)).payloads.map((p) => p.fileName),
    ['jgbcme.csv'],
  );
});

test('rows dated in the Japanese era read as the same days; an impossible day is no date', () => {
  assert.equal(jgbDate('R6.10.31'), '2024-10-31');
  assert.equal(jgbDate('H31.4.30'), '2019-04-30');
  assert.equal(jgbDate('R1.5.1'), '2019-05-01');
  assert.equal(jgbDate('2024/9/2'), '2024-09-02');
  assert.equal(jgbDate('2024/2/30'), undefined);
  assert.equal(jgbDate('2024-09-02'), undefined);
});

test('an HTML page with 200, a changed layout, a cut body or a bad figure fails with the reason and imports nothing', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(mofJgbYieldsSource);
  const payload = result.payloads[0];
  assert.ok(payload !== undefined);
  const text = payloadBytes(payload).toString('utf8');
  const refused = async (content: string, message: RegExp) =>
    assert.rejects(
      importPayloads(hub, [{ ...payload, content: Buffer.from(content) }]),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  await refused('<!DOCTYPE html><html><body>ただいまメンテナンス中です</body></html>', /jgbcme\.csv: no "Date,1Y,2Y,…,10Y,…" heading line/);
  await refused(text.replace('9Y,10Y,15Y', '9Y,15Y'), /jgbcme\.csv:2: the heading has no 10Y column/);
  await refused(text.replace('2024/10/2,', '2024.10.2,'), /jgbcme\.csv:4: date "2024\.10\.2" is not a calendar date/);
  await refused(text.replace('2024/10/3,', '2024/10/32,'), /jgbcme\.csv:5: date "2024\/10\/32" is not a calendar date/);
  await refused(text.replace('2024/10/4,', '2024/10/2,'), /jgbcme\.csv:6: 2024-10-02 does not follow 2024-10-03/);
  await refused(text.replace(',0.894,1.371,', ',0.894x,1.371,'), /^jgbcme\.csv:3: 10Y: macro:jp\.bond-10y "0\.894x" is not a decimal number/);
  await refused(text.slice(0, text.indexOf(',0.947,1.437')), /jgbcme\.csv:24: 10 cells for the heading's 16/);
  await refused(
    `${text}※note\r\n2024/11/1,0.289,0.434,0.438,0.499,0.571,0.586,0.643,0.722,0.824,0.947,1.437,1.786,2.03,2.189,2.492\r\n`,
    /jgbcme\.csv:26: a day after the note of line 25/,
  );
  assert.equal((await hub.runtime.store.db.selectFrom('release').select('id').execute()).length, 0);
});

test('after the MOF source runs, the 10-year table and rates-yields show the monthly average of exactly the fetched days', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(mofJgbYieldsSource);
  assert.deepEqual(
    (await importPayloads(hub, result.payloads, new Date('2026-06-19T00:30:00Z'))).map((r) => r.status),
    ['loaded', 'loaded'],
  );
  const published = new Map([...tenYearByMonth('jgbcme_all.csv'), ...tenYearByMonth('jgbcme.csv')]);
  // 1974-09 has days but no 10-year yield ("-"): no figure, not 0.
  assert.deepEqual([...published.keys()], ['2024-09', '2024-10']);
  const expected = [...published.values()].map(mean);
  assert.deepEqual(expected, [0.891, 0.945], 'the averages of the recorded days (19 days of September, 22 of October)');
  const key = await hub.key();
  const table = (await hub.get('/openapi/v1/macro/indicators/government-bond-10y?periods=2', key)).json().data as {
    columns: { period: string }[];
    rows: { country: string; values: (number | null)[] }[];
  };
  assert.deepEqual(
    table.columns.map((c) => c.period),
    ['2024-09', '2024-10'],
  );
  assert.deepEqual(table.rows.find((row) => row.country === 'JP')?.values, expected);
  const rates = (await hub.get('/openapi/v1/macro/monetary-policy/rates-yields?country=JP&period=1Y', key)).json().data as {
    observationDate: string;
    tenYearsGovernmentBondYieldsPct: number | null;
  }[];
  assert.deepEqual(
    rates.map((row) => [row.observationDate, row.tenYearsGovernmentBondYieldsPct]),
    [
      ['2024-09-01', expected[0]],
      ['2024-10-01', expected[1]],
    ],
  );
});

test("a month both files hold keeps the history's complete month: the history is imported last", async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const history = publisherSample('mof', 'jgbcme_all.csv');
  // The current file still showing the first days of September when the history has the whole month.
  const lines = history.toString('latin1').split('\r\n');
  const staleCurrent = Buffer.from([...lines.slice(0, 2), ...lines.filter((l) => l.startsWith('2024/9/')).slice(0, 3), ''].join('\r\n'), 'latin1');
  const result = await mofJgbYieldsSource.collect({
    baseUrl: 'http://publisher.test',
    params: mofJgbYieldsSource.defaultParams,
    credentials: {},
    cursor: undefined,
    now: new Date(),
    fetch: async (request) => ({
      notModified: false,
      url: request.url,
      status: 200,
      headers: {},
      body: request.url.endsWith(HISTORY) ? history : staleCurrent,
      archiveHash: request.url,
    }),
  });
  await importPayloads(hub, result.payloads, new Date('2026-06-19T00:30:00Z'));
  const table = (await hub.get('/openapi/v1/macro/indicators/government-bond-10y?periods=1', await hub.key())).json().data as {
    rows: { country: string; values: (number | null)[] }[];
  };
  assert.deepEqual(table.rows.find((row) => row.country === 'JP')?.values, [mean(tenYearByMonth('jgbcme_all.csv').get('2024-09') ?? [])]);
});

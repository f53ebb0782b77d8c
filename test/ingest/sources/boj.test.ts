import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadRecords } from '../../helpers/routes-fetch.ts';
import { bojRatesSource } from '../../../src/ingest/sources/boj/index.ts';
import { bojStatSearchImporter } from '../../../src/ingest/importers/macro/boj-stat-search.ts';
import { ImportError } from '../../../src/ingest/source.ts';

interface BojResult {
  SERIES_CODE: string;
  FREQUENCY: string;
  VALUES: { SURVEY_DATES: number[]; VALUES: (number | null)[] };
}
const sample = (file: string) => JSON.parse(publisherSample('boj', file).toString('utf8')) as { RESULTSET: BojResult[]; [field: string]: unknown };
const bytes = (document: unknown) => Buffer.from(JSON.stringify(document));

test('boj-rates asks getDataCode once per database in JSON and English, from firstMonth, then from revisionMonths before the newest month loaded', async () => {
  const first = await collectFromRoutes(bojRatesSource);
  const urls = first.requests.map((request) => new URL(request.url));
  assert.deepEqual(
    urls.map((url) => url.pathname),
    ['/api/v1/getDataCode'],
  );
  // The basic loan rate (IR01 MADR1M) is not asked: it is not the policy rate (bis-cbpol feeds jp.policy-rate).
  assert.deepEqual(
    urls.map((url) => [url.searchParams.get('db'), url.searchParams.get('code'), url.searchParams.get('startDate')]),
    [['FM02', 'STRACLUCON', '200001']],
  );
  assert.ok(urls.every((url) => url.searchParams.get('format') === 'json' && url.searchParams.get('lang') === 'en'));
  assert.ok(
    first.requests.every((request) => request.conditional === false),
    'an API answer is asked without validators',
  );
  assert.deepEqual(
    first.result.payloads.map((p) => [p.importer.dataset, p.fileName]),
    [['boj-stat-search', 'FM02-STRACLUCON.json']],
  );
  assert.deepEqual(
    payloadRecords(first.result.payloads[0]),
    bojStatSearchImporter.parse(publisherSample('boj', 'fm02-straclucon.json').toString('utf8'), 'FM02-STRACLUCON.json'),
    'a one-page answer is read once into its observations',
  );
  // The newest month with a figure: the call rate of 2017-03 is still null.
  assert.deepEqual(first.result.cursor, { latestMonth: { STRACLUCON: '2017-02' } });

  const next = await collectFromRoutes(bojRatesSource, { cursor: first.result.cursor });
  assert.deepEqual(
    next.requests.map((request) => new URL(request.url).searchParams.get('startDate')),
    ['201602'],
  );
  const clamped = await collectFromRoutes(bojRatesSource, { cursor: first.result.cursor, params: { firstMonth: '201701' } });
  assert.deepEqual(
    clamped.requests.map((request) => new URL(request.url).searchParams.get('startDate')),
    ['201701'],
    'never before firstMonth',
  );
  await assert.rejects(
    collectFromRoutes(bojRatesSource, { params: { firstMonth: '2000-01' } }),
    /\/sources\/boj-rates\/params\/firstMonth: must match pattern .* \(got "2000-01"\)/,
  );
});

test('BOJ pages beyond the first are asked with startPosition and merged into one answer', async () => {
  const whole = sample('fm02-straclucon.json');
  const pages = [bytes({ ...whole, NEXTPOSITION: 2, RESULTSET: [] }), bytes({ ...whole, NEXTPOSITION: null })];
  const positions: (string | null)[] = [];
  const result = await bojRatesSource.collect({
    baseUrl: 'http://publisher.test',
    params: bojRatesSource.defaultParams,
    credentials: {},
    cursor: undefined,
    now: new Date(),
    fetch: async (request) => {
      const url = new URL(request.url);
      positions.push(url.searchParams.get('startPosition'));
      return {
        notModified: false,
        url: request.url,
        status: 200,
        headers: {},
        body: pages[positions.length - 1] ?? Buffer.from('{}'),
        archiveHash: String(positions.length),
      };
    },
  });
  assert.deepEqual(positions, [null, '2']);
  const merged = result.payloads[0];
  assert.deepEqual(merged?.archiveHashes, ['1', '2']);
  // The second page's series, read once: the same observations as the answer in one page.
  assert.deepEqual(
    payloadRecords(merged),
    bojStatSearchImporter.parse(publisherSample('boj', 'fm02-straclucon.json').toString('utf8'), 'FM02-STRACLUCON.json'),
  );
});

test('an HTML page with 200, an error STATUS, a changed layout or a cut body fails the run with the reason and imports nothing', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(bojRatesSource);
  const payload = result.payloads[0];
  assert.ok(payload !== undefined);
  const refused = async (content: Buffer | string, message: RegExp) =>
    assert.rejects(
      importPayloads(hub, [{ importer: bojStatSearchImporter, fileName: payload.fileName, content: Buffer.from(content), archiveHashes: [] }]),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  await refused('<!DOCTYPE html><html><body>Service temporarily unavailable</body></html>', /FM02-STRACLUCON\.json: not JSON/);
  await refused(
    JSON.stringify({
      STATUS: 400,
      MESSAGEID: 'M181013E',
      MESSAGE: '指定した系列コードは存在しません。：1番目のコード',
      DATE: '2026-11-25T09:30:00.000+09:00',
      PARAMETER: null,
      NEXTPOSITION: null,
      RESULTSET: [],
    }),
    /FM02-STRACLUCON\.json: the BOJ API answered STATUS 400 M181013E: 指定した系列コードは存在しません/,
  );
  const whole = sample('fm02-straclucon.json');
  const changed = (result: Partial<BojResult>) => bytes({ ...whole, RESULTSET: [{ ...whole.RESULTSET[0], ...result }] });
  await refused(changed({ FREQUENCY: 'DAILY' }), /RESULTSET\[0\]: STRACLUCON FREQUENCY "DAILY", expected MONTHLY/);
  await refused(changed({ SERIES_CODE: 'STRDCLUCON' }), /RESULTSET\[0\]: SERIES_CODE "STRDCLUCON" is none the hub reads/);
  await refused(changed({ SERIES_CODE: 'MADR1M' }), /RESULTSET\[0\]: SERIES_CODE "MADR1M" is none the hub reads \(STRACLUCON\)/);
  await refused(changed({ VALUES: { SURVEY_DATES: [201702, 201703], VALUES: [-0.038] } }), /STRACLUCON has 2 SURVEY_DATES and 1 VALUES/);
  await refused(changed({ VALUES: { SURVEY_DATES: [20170201], VALUES: [-0.038] } }), /STRACLUCON SURVEY_DATES\[0\] 20170201 is not a month \(YYYYMM\)/);
  await refused(
    changed({ VALUES: { SURVEY_DATES: [201702], VALUES: ['-0.038' as unknown as number] } }),
    /FM02-STRACLUCON\.json: \/RESULTSET\/0\/VALUES\/VALUES\/0: expected number or null \(got "-0\.038"\)/,
  );
  await refused(bytes({ ...whole, PARAMETER: { db: 'IR01' } }), /STRACLUCON is a series of FM02, the answer is of IR01/);
  const text = publisherSample('boj', 'fm02-straclucon.json').toString('utf8');
  await refused(text.slice(0, text.indexOf('"VALUES": [')), /FM02-STRACLUCON\.json: not JSON/);
  assert.equal((await hub.runtime.store.db.selectFrom('release').select('id').execute()).length, 0);
});

test('after the BOJ source runs, rates-yields shows exactly the fetched call rate, a null as null, and the BOJ feeds no policy rate', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(bojRatesSource);
  assert.deepEqual(
    (await importPayloads(hub, result.payloads, new Date('2026-06-19T00:30:00Z'))).map((r) => r.status),
    ['loaded'],
  );
  const key = await hub.key();
  const policy = (await hub.get('/openapi/v1/macro/indicators/policy-rate?periods=2', key)).json().data as {
    rows: { country: string; values: (number | null)[] }[];
  };
  assert.ok(
    policy.rows.every((row) => row.values.every((value) => value === null)),
    'the basic loan rate is not served as the policy rate',
  );
  const rates = (await hub.get('/openapi/v1/macro/monetary-policy/rates-yields?country=JP&period=1Y', key)).json().data as {
    observationDate: string;
    overnightCallRate: number | null;
    tenYearsGovernmentBondYieldsPct: number | null;
  }[];
  const call = sample('fm02-straclucon.json').RESULTSET[0]?.VALUES;
  assert.deepEqual(
    rates.map((row) => [row.observationDate, row.overnightCallRate, row.tenYearsGovernmentBondYieldsPct]),
    [
      ['2017-02-01', call?.VALUES[0], null],
      ['2017-03-01', call?.VALUES[1], null],
    ],
  );
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadRecords, routesFetch } from '../../helpers/routes-fetch.ts';
import { estatMacroSource } from '../../../src/ingest/sources/estat/index.ts';
import { estatStatsDataImporter } from '../../../src/ingest/importers/macro/estat-stats-data.ts';
import { resolveSource, sourceParams } from '../../../src/ingest/sync/catalogue.ts';
import { redactUrl } from '../../../src/ingest/sync/archive.ts';
import { ImportError } from '../../../src/ingest/source.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { doubleSources } from '../../helpers/all-publishers-hub.ts';
import { percentChange } from '../../../src/domains/macro/periods.ts';
import { addMonths } from '../../../src/kernel/dates.ts';

const APP_ID = { ESTAT_APP_ID: 'test-estat-application-id' };

type Answer = {
  GET_STATS_DATA: { RESULT: Record<string, unknown>; STATISTICAL_DATA: { RESULT_INF: Record<string, unknown>; DATA_INF: { VALUE: Record<string, string>[] } } };
};
const sample = (file: string) => JSON.parse(publisherSample('estat', file).toString('utf8')) as Answer;
const parse = (content: string, fileName: string) =>
  estatStatsDataImporter.parse(content, fileName).observations.map(({ row }) => [row.series, row.period, row.value]);
/** A sample's monthly figures as e-Stat wrote them (`2025001212` → `2025-12`), read straight from its VALUE list. */
const sampleMonths = (file: string): [string, number][] =>
  sample(file).GET_STATS_DATA.STATISTICAL_DATA.DATA_INF.VALUE.map((value) => [
    `${value['@time']?.slice(0, 4)}-${value['@time']?.slice(6, 8)}`,
    Number(value.$),
  ]);
/** A sample with `change` made to its VALUE list, as text. */
const changedSample = (file: string, change: (values: Record<string, string>[]) => void): string => {
  const answer = sample(file);
  change(answer.GET_STATS_DATA.STATISTICAL_DATA.DATA_INF.VALUE);
  return JSON.stringify(answer);
};

test('estat-macro finds the CPI table in the survey catalogue once, then asks getStatsData once per series, narrowed to its cell, with the app id, in JSON with the metadata', async () => {
  const { result, requests } = await collectFromRoutes(estatMacroSource, { credentials: APP_ID });
  const [list, ...urls] = requests.map((request) => new URL(request.url));
  // The CPI's catalogue (survey 00200573) is asked once for both CPI series; its newest base (2020 in the sample) is read.
  assert.equal(list?.pathname, '/rest/3.0/app/json/getStatsList');
  assert.equal(list?.searchParams.get('statsCode'), '00200573');
  assert.equal(list?.searchParams.get('appId'), APP_ID.ESTAT_APP_ID);
  assert.ok(urls.every((url) => url.pathname === '/rest/3.0/app/json/getStatsData'));
  assert.ok(
    urls.every(
      (url) => url.searchParams.get('appId') === APP_ID.ESTAT_APP_ID && url.searchParams.get('metaGetFlg') === 'Y' && url.searchParams.get('lang') === 'J',
    ),
  );
  assert.ok(
    requests.every((request) => request.conditional === false),
    'every answer carries the time it was made: never a 304',
  );
  const narrowing = (url: URL) => Object.fromEntries([...url.searchParams].filter(([name]) => name === 'statsDataId' || name.startsWith('cd')));
  assert.deepEqual(urls.map(narrowing), [
    { statsDataId: '0003427113', cdTab: '1', cdCat01: '0001', cdArea: '00000' },
    { statsDataId: '0003427113', cdTab: '1', cdCat01: '0161', cdArea: '00000' },
    { statsDataId: '0003005865', cdTab: '02', cdCat01: '000', cdCat02: '08', cdCat03: '0', cdArea: '00000' },
    { statsDataId: '0004052177', cdCat01: '0001000' },
    { statsDataId: '0003443838', cdTab: '001', cdCat01: '001', cdCat02: '000', cdCat03: '01000', cdCat04: '01', cdArea: '00000' },
  ]);
  assert.deepEqual(
    result.payloads.map((p) => [p.importer.dataset, p.fileName]),
    [
      ['estat-stats-data', 'jp.cpi.json'],
      ['estat-stats-data', 'jp.cpi.core.json'],
      ['estat-stats-data', 'jp.unemployment.json'],
      ['estat-stats-data', 'jp.industrial-production.json'],
      ['estat-stats-data', 'jp.population.json'],
    ],
  );
  assert.deepEqual(
    payloadRecords(result.payloads[0]),
    estatStatsDataImporter.parse(publisherSample('estat', 'cpi-all-items.json').toString('utf8'), 'jp.cpi.json'),
    'a one-page answer is read once into its observations',
  );
  assert.deepEqual(estatMacroSource.feeds, [
    'macro_observation:jp.cpi',
    'macro_observation:jp.cpi.core',
    'macro_observation:jp.unemployment',
    'macro_observation:jp.industrial-production',
    'macro_observation:jp.population',
  ]);
  // The app id travels in the query: the archive and the messages show it redacted.
  assert.ok(!redactUrl(requests[0]?.url ?? '').includes(APP_ID.ESTAT_APP_ID));
});

test('without ESTAT_APP_ID the source is skipped with a line naming the variable and where to get one', () => {
  const resolved = resolveSource(estatMacroSource, { modulePaths: [] }, {});
  assert.match(resolved.skipped ?? '', /^skipped: ESTAT_APP_ID not set \(free: register at https:\/\/www\.e-stat\.go\.jp\/api\//);
  assert.equal(resolveSource(estatMacroSource, { modulePaths: [] }, APP_ID).skipped, undefined);
});

test('a bad series parameter is refused with the sources file, naming it', () => {
  assert.throws(
    () => sourceParams(estatMacroSource, { series: [{ key: 'jp.cpi', statsDataId: '3427113', narrowing: {} }] }),
    /\/sources\/estat-macro\/params\/series\/0\/statsDataId: must match pattern/,
  );
  assert.throws(
    () => sourceParams(estatMacroSource, { series: [{ key: 'jp.cpi', statsDataId: '0003427113', narrowing: { appId: 'x' } }] }),
    /\/sources\/estat-macro\/params\/series\/0\/narrowing\/appId: is not a known field/,
  );
});

test('e-Stat pages beyond the first (RESULT_INF.NEXT_KEY) are asked from startPosition and merged into one answer', async () => {
  const page = (values: Record<string, string>[], next?: number) => {
    const answer = sample('cpi-core.json');
    answer.GET_STATS_DATA.STATISTICAL_DATA.DATA_INF.VALUE = values;
    if (next !== undefined) answer.GET_STATS_DATA.STATISTICAL_DATA.RESULT_INF.NEXT_KEY = next;
    return Buffer.from(JSON.stringify(answer));
  };
  const values = sample('cpi-core.json').GET_STATS_DATA.STATISTICAL_DATA.DATA_INF.VALUE;
  const bodies = [page(values.slice(0, 2), 3), page(values.slice(2))];
  const starts: (string | null)[] = [];
  const result = await estatMacroSource.collect({
    baseUrl: 'http://publisher.test',
    params: { series: [{ key: 'jp.cpi.core', statsDataId: '0003427113', narrowing: { cdTab: '1', cdCat01: '0161', cdArea: '00000' } }] },
    credentials: APP_ID,
    cursor: undefined,
    now: new Date(),
    fetch: async (request) => {
      starts.push(new URL(request.url).searchParams.get('startPosition'));
      const body = bodies[starts.length - 1] ?? Buffer.from('{}');
      return { notModified: false, url: request.url, status: 200, headers: {}, body, archiveHash: String(starts.length) };
    },
  });
  assert.deepEqual(starts, [null, '3']);
  assert.deepEqual(result.payloads[0]?.archiveHashes, ['1', '2']);
  const rows = (parsed: ReturnType<typeof estatStatsDataImporter.parse>) => parsed.observations.map(({ row }) => [row.series, row.period, row.value]);
  assert.deepEqual(rows(payloadRecords(result.payloads[0])), parse(publisherSample('estat', 'cpi-core.json').toString('utf8'), 'jp.cpi.core.json'));
});

test('getStatsData JSON: months from YYYY00MMMM codes, months of sequence codes from the time class, year averages and weight rows left out, "-" and "***" null', () => {
  const text = (file: string) => publisherSample('estat', file).toString('utf8');
  const core = sampleMonths('cpi-core.json');
  assert.deepEqual(
    parse(text('cpi-core.json'), 'jp.cpi.core.json'),
    core.map(([period, value]) => ['jp.cpi.core', period, value]),
  );
  assert.deepEqual(parse(text('iip-production.json'), 'jp.industrial-production.json'), [['jp.industrial-production', '2026-03', 102]]);
  // A calendar year's and a fiscal year's average (YYYY000000, YYYY100000) are aggregates, not figures of the series.
  const averaged = changedSample('cpi-core.json', (values) => {
    const first = values[0] ?? {};
    values.push({ ...first, '@time': '2024000000' }, { ...first, '@time': '2024100000' });
  });
  assert.deepEqual(parse(averaged, 'jp.cpi.core.json'), parse(text('cpi-core.json'), 'jp.cpi.core.json'));
  const missing = changedSample('cpi-core.json', (values) => {
    values.slice(-2).forEach((value, i) => {
      value.$ = i === 0 ? '-' : '***';
    });
  });
  assert.deepEqual(
    parse(missing, 'jp.cpi.core.json').map(([, period, value]) => [period, value]),
    core.map(([period, value], i) => [period, i >= core.length - 2 ? null : value]),
  );
  // The population estimate comes in 万人 (ten thousands); the hub counts persons.
  assert.deepEqual(parse(text('population-estimate.json'), 'jp.population.json'), [['jp.population', '2022-01', 125_440_000]]);
  assert.deepEqual(parse(text('population-estimate.json').replace('"$":"12544"', '"$":"-"'), 'jp.population.json')[0], ['jp.population', '2022-01', null]);
  assert.deepEqual(parse(text('population-estimate.json').replaceAll('"@unit":"万人"', '"@unit":"千人"'), 'jp.population.json')[0], [
    'jp.population',
    '2022-01',
    12_544_000,
  ]);
  // A quarter's code (first and last month) is a quarter.
  const quarterly = changedSample('cpi-core.json', (values) => {
    values.splice(0, values.length, { ...(values[0] ?? {}), '@time': '2025000709' });
  });
  assert.deepEqual(parse(quarterly, 'jp.cpi.core.json'), [['jp.cpi.core', '2025-Q3', core[0]?.[1]]]);
});

test('an HTML page, an error answer or a changed layout served with 200 fails the run or the import with a readable reason, and changes nothing', async (t) => {
  const answering = (body: string) =>
    estatMacroSource.collect({
      baseUrl: 'http://publisher.test',
      params: { series: [{ key: 'jp.cpi', statsDataId: '0003427113', narrowing: { cdCat01: '0001' } }] },
      credentials: APP_ID,
      cursor: undefined,
      now: new Date(),
      fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body: Buffer.from(body), archiveHash: 'x' }),
    });
  await assert.rejects(
    answering('<!DOCTYPE html><html><body>メンテナンス中</body></html>'),
    (error: unknown) => error instanceof ImportError && /^jp\.cpi\.json: not JSON/.test(error.message),
  );

  const hub = await createTestHub(t);
  const { result } = await collectFromRoutes(estatMacroSource, { credentials: APP_ID });
  const [payload] = result.payloads;
  assert.ok(payload !== undefined);
  // The importer reads the answer as a file (fdh import) the same way.
  const text = publisherSample('estat', 'cpi-all-items.json').toString('utf8');
  const refused = async (content: string, message: RegExp) =>
    assert.rejects(
      importPayloads(hub, [{ importer: estatStatsDataImporter, fileName: payload.fileName, content: Buffer.from(content), archiveHashes: [] }]),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  await refused(
    '{"GET_STATS_DATA":{"RESULT":{"STATUS":100,"ERROR_MSG":"認証に失敗しました。アプリケーションIDを確認して下さい。"}}}',
    /^jp\.cpi\.json: e-Stat answered STATUS 100: 認証に失敗しました/,
  );
  await refused(
    '{"GET_STATS_DATA":{"RESULT":{"STATUS":1,"ERROR_MSG":"正常に終了しましたが、該当データはありませんでした。"}}}',
    /STATUS 1: 正常に終了しましたが、該当データは/,
  );
  await refused(text.replace('"DATA_INF"', '"DATA_INFO"'), /^jp\.cpi\.json: \/GET_STATS_DATA\/STATISTICAL_DATA\/DATA_INF: is missing/);
  const second = (change: (value: Record<string, string>) => void) =>
    changedSample('cpi-all-items.json', (values) => {
      for (const value of values.slice(1, 2)) change(value);
    });
  await refused(
    second((value) => {
      value.$ = value.$?.replace('.', ',') ?? '';
    }),
    /^jp\.cpi\.json: VALUE\[1\]: macro:jp\.cpi "\d+,\d+" is not a decimal number/,
  );
  await refused(
    second((value) => {
      value['@time'] = '2025-05';
    }),
    /VALUE\[1\]: time code "2025-05" is neither e-Stat's YYYY00MMMM/,
  );
  await refused(
    second((value) => {
      value['@cat01'] = '0002';
    }),
    /VALUE\[1\]: @area=00000,@cat01=0002,@tab=1 is another series than @area=00000,@cat01=0001,@tab=1/,
  );
  assert.equal((await hub.runtime.store.db.selectFrom('release').select('id').execute()).length, 0, 'no refused answer left a release');
});

test('after the e-Stat source runs, a hub without the demo serves exactly the fetched CPI, core CPI, unemployment rate and population', async (t) => {
  const hub = await createTestHub(t);
  const { result } = await collectFromRoutes(estatMacroSource, { credentials: APP_ID });
  // Known before the hub's clock (TEST_NOW), so served now.
  const at = new Date('2026-06-19T08:00:00Z');
  const loaded = await importPayloads(hub, result.payloads, at);
  const all = new Map(sampleMonths('cpi-all-items.json'));
  const core = new Map(sampleMonths('cpi-core.json'));
  assert.deepEqual(
    loaded.map((r) => [r.status, r.rows]),
    [
      ['loaded', all.size],
      ['loaded', core.size],
      ['loaded', 1],
      ['loaded', 1],
      ['loaded', 1],
    ],
  );
  // The same figures asked again at another time (another RESULT.DATE) are the release already loaded.
  const { fetch } = routesFetch('estat');
  const later = await estatMacroSource.collect({
    baseUrl: 'http://publisher.test',
    params: estatMacroSource.defaultParams,
    credentials: APP_ID,
    cursor: undefined,
    now: at,
    fetch: async (request) => {
      const answer = await fetch(request);
      return answer.notModified
        ? answer
        : { ...answer, body: Buffer.from(answer.body.toString('utf8').replace(/"DATE":"[^"]+"/, '"DATE":"2026-06-20T09:00:00.000+09:00"')) };
    },
  });
  assert.deepEqual(
    (await importPayloads(hub, later.payloads, at)).map((r) => r.status),
    ['unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged'],
  );

  const key = await hub.key();
  const cpi = (await hub.get('/openapi/v1/macro/economic-data?type=cpi&country=JP', key)).json().data as {
    observationDate: string;
    cpiPoints: number | null;
    coreCpiPoints: number | null;
  }[];
  // The default window (10Y) holds every recorded month (2019-01..2026-05).
  assert.deepEqual(
    cpi.map((p) => [p.observationDate, p.cpiPoints, p.coreCpiPoints]),
    [...all.keys()].map((month) => [`${month}-01`, all.get(month), core.get(month) ?? null]),
  );
  const population = (await hub.get('/openapi/v1/macro/population?country=JP&period=10Y', key)).json().data as {
    observationDate: string;
    population: number | null;
    unemploymentRate: number | null;
  }[];
  assert.deepEqual(population, [
    { country: 'JP', observationDate: '2022-01-01', population: 125_440_000, unemploymentRate: null },
    { country: 'JP', observationDate: '2025-12-01', population: null, unemploymentRate: 2.4 },
  ]);
  const production = await hub.runtime.store.db
    .selectFrom('macro_observation')
    .select(['period', 'value'])
    .where('series', '=', 'jp.industrial-production')
    .execute();
  assert.deepEqual(
    production.map((row) => [row.period, row.value]),
    [['2026-03', 102]],
  );
});

test('the catalogue rule reads the newest base year whose table name fits; a pinned statsDataId skips the catalogue; a catalogue with no fitting table fails naming the rule', async () => {
  const list = JSON.parse(publisherSample('estat', 'getStatsList-cpi.json').toString('utf8')) as {
    GET_STATS_LIST: { DATALIST_INF: { TABLE_INF: Record<string, unknown>[] } };
  };
  const run = (listing: unknown, series: Record<string, unknown>) => {
    const asked: URL[] = [];
    const collected = estatMacroSource.collect({
      baseUrl: 'http://publisher.test',
      params: { series: [{ key: 'jp.cpi', narrowing: { cdCat01: '0001' }, ...series }] },
      credentials: APP_ID,
      cursor: undefined,
      now: new Date(),
      fetch: async (request) => {
        const url = new URL(request.url);
        asked.push(url);
        const body = url.pathname.endsWith('/getStatsList') ? JSON.stringify(listing) : publisherSample('estat', 'cpi-all-items.json').toString('utf8');
        return { notModified: false, url: request.url, status: 200, headers: {}, body: Buffer.from(body), archiveHash: 'x' };
      },
    });
    return collected.then(() => asked.map((url) => url.searchParams.get('statsDataId') ?? `list ${url.searchParams.get('statsCode')}`));
  };
  const rule = { catalogue: { statsCode: '00200573', tableName: '消費者物価指数（{base}年基準）' } };
  assert.deepEqual(await run(list, rule), ['list 00200573', '0003427113']);
  // One table comes as an object, not an array (e-Stat's XML-to-JSON rule).
  const one = structuredClone(list);
  (one.GET_STATS_LIST.DATALIST_INF as Record<string, unknown>).TABLE_INF = list.GET_STATS_LIST.DATALIST_INF.TABLE_INF[2];
  assert.deepEqual(await run(one, rule), ['list 00200573', '0003143513']);
  assert.deepEqual(await run(list, { ...rule, statsDataId: '0003143513' }), ['0003143513']);
  await assert.rejects(
    run(list, { catalogue: { statsCode: '00200573', tableName: '消費者物価指数（{base}年基準）地域差' } }),
    (error: unknown) => error instanceof ImportError && /lists no table named '消費者物価指数（\{base\}年基準）地域差'/.test(error.message),
  );
  const failed = { GET_STATS_LIST: { RESULT: { STATUS: 100, ERROR_MSG: '認証に失敗しました。' } } };
  await assert.rejects(run(failed, rule), (error: unknown) => error instanceof ImportError && /STATUS 100: 認証に失敗しました/.test(error.message));
});

test("estat-macro synced against the double fills Japan's rows of the inflation tables: each month's change on the recorded index a year before", async (t) => {
  const { sourcesFile } = await doubleSources(t, [estatMacroSource]);
  const hub = await createTestHub(t, { env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off', FDH_SYNC_CONTACT: 'hub-tests@example.org' } });
  const sync = await SyncService.open({ ...hub.runtime, env: APP_ID });
  t.after(() => sync.close());
  const [outcome] = await sync.run([estatMacroSource.id]);
  assert.equal(outcome?.status, 'succeeded', JSON.stringify(outcome));
  const key = await hub.key();
  for (const [table, file] of [
    ['inflation-rate', 'cpi-all-items.json'],
    ['core-inflation-rate', 'cpi-core.json'],
  ] as const) {
    const index = new Map(sampleMonths(file));
    const answer = (await hub.get(`/openapi/v1/macro/indicators/${table}?periods=12`, key)).json().data as {
      columns: { period: string }[];
      rows: { country: string; values: (number | null)[] }[];
    };
    const months = answer.columns.map((column) => column.period);
    // The recording ends at May 2026, the newest month any country has here.
    assert.equal(months.at(-1), [...index.keys()].at(-1), table);
    assert.deepEqual(
      answer.rows.find((row) => row.country === 'JP')?.values,
      months.map((month) => percentChange(index.get(month), index.get(addMonths(month, -12)))),
      table,
    );
  }
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, routesFetch } from '../../helpers/routes-fetch.ts';
import { estatDashboardSource } from '../../../src/ingest/sources/estat-dashboard/index.ts';
import { estatDashboardDataImporter } from '../../../src/ingest/importers/macro/estat-dashboard-data.ts';
import { sourceParams } from '../../../src/ingest/sync/catalogue.ts';
import { ImportError } from '../../../src/ingest/source.ts';

const text = () => publisherSample('estat-dashboard', 'retail-sales.json').toString('utf8');
const rows = (content: string) =>
  estatDashboardDataImporter.parse(content, 'jp.retail-sales.json').observations.map(({ row }) => [row.series, row.period, row.value]);

test('estat-dashboard asks getData once per series, for Japan, monthly, original or adjusted figures as configured, with no key', async () => {
  const { result, requests } = await collectFromRoutes(estatDashboardSource);
  const urls = requests.map((request) => new URL(request.url));
  assert.deepEqual(
    urls.map((url) => url.pathname),
    ['/api/1.0/Json/getData'],
  );
  assert.deepEqual(Object.fromEntries(urls[0]?.searchParams ?? []), {
    Lang: 'JP',
    IndicatorCode: '0601010201010010000',
    RegionCode: '00000',
    Cycle: '1',
    IsSeasonalAdjustment: '1',
    MetaGetFlg: 'Y',
  });
  assert.ok(
    requests.every((request) => request.conditional === false),
    'an API answer is asked without validators',
  );
  assert.deepEqual(
    result.payloads.map((p) => [p.importer.dataset, p.fileName]),
    [['estat-dashboard-data', 'jp.retail-sales.json']],
  );
  assert.deepEqual(estatDashboardSource.credentials, []);
  assert.deepEqual(estatDashboardSource.feeds, ['macro_observation:jp.retail-sales']);
  assert.throws(
    () => sourceParams(estatDashboardSource, { series: [{ key: 'jp.retail-sales', indicatorCode: '601010201010010000', seasonal: '1' }] }),
    /\/sources\/estat-dashboard\/params\/series\/0\/indicatorCode: must match pattern/,
  );
});

test('getData JSON: YYYYMM00 codes are months, values as published, an empty value null', () => {
  assert.deepEqual(rows(text()), [
    ['jp.retail-sales', '2025-04', 129_250],
    ['jp.retail-sales', '2025-05', 128_040],
    ['jp.retail-sales', '2026-03', 143_060],
  ]);
  assert.deepEqual(rows(text().replace('"$":"128040"', '"$":""'))[1], ['jp.retail-sales', '2025-05', null]);
});

test('an HTML page, an error status or a changed layout served with 200 fails the import with a readable reason, and changes nothing', async (t) => {
  const hub = await createTestHub(t);
  const refused = async (content: string, message: RegExp) =>
    assert.rejects(
      importPayloads(hub, [{ importer: estatDashboardDataImporter, fileName: 'jp.retail-sales.json', content: Buffer.from(content), archiveHashes: [] }]),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  await refused('<!DOCTYPE html><html><body>メンテナンス中</body></html>', /^jp\.retail-sales\.json: not JSON/);
  await refused(
    '{"GET_STATS":{"RESULT":{"status":"1","errorMsg":"正常に終了しましたが、該当データはありませんでした。"}}}',
    /status "1": 正常に終了しましたが/,
  );
  await refused(text().replace('"DATA_INF"', '"DATA_INFO"'), /^jp\.retail-sales\.json: \/GET_STATS\/STATISTICAL_DATA\/DATA_INF: is missing/);
  await refused(text().replace('"$":"129250"', '"$":"129,250"'), /DATA_OBJ\[0\]: macro:jp\.retail-sales "129,250" is not a decimal number/);
  await refused(text().replace('"@time":"20250400"', '"@time":"20251Q00"'), /DATA_OBJ\[0\]: time code "20251Q00" is not a month/);
  await refused(text().replaceAll('"@cycle":"1"', '"@cycle":"2"'), /DATA_OBJ\[0\]: @cycle "2" is not monthly/);
  await refused(
    text().replace('"@isSeasonal":"1","@isProvisional":"0","$":"128040"', '"@isSeasonal":"2","@isProvisional":"0","$":"128040"'),
    /DATA_OBJ\[1\]: .*@isSeasonal=2 is another series than/,
  );
  await assert.rejects(
    importPayloads(hub, [{ importer: estatDashboardDataImporter, fileName: 'retail.json', content: Buffer.from(text()), archiveHashes: [] }]),
    /retail\.json: the file name must be the series key/,
  );
  assert.equal((await hub.runtime.store.db.selectFrom('release').select('id').execute()).length, 0, 'no refused answer left a release');
});

test('the fetched retail sales are stored once: the same figures asked again at another time are the release already loaded', async (t) => {
  const hub = await createTestHub(t);
  const { result } = await collectFromRoutes(estatDashboardSource);
  const at = new Date('2026-06-19T08:00:00Z');
  assert.deepEqual(
    (await importPayloads(hub, result.payloads, at)).map((r) => [r.status, r.rows]),
    [['loaded', 3]],
  );
  const { fetch } = routesFetch('estat-dashboard');
  const later = await estatDashboardSource.collect({
    baseUrl: 'http://publisher.test',
    params: estatDashboardSource.defaultParams,
    credentials: {},
    cursor: undefined,
    now: at,
    fetch: async (request) => {
      const answer = await fetch(request);
      return answer.notModified
        ? answer
        : { ...answer, body: Buffer.from(answer.body.toString('utf8').replace(/"date":"[^"]+"/, '"date":"Tue Sep 29 09:00:00 JST 2026"')) };
    },
  });
  assert.deepEqual(
    (await importPayloads(hub, later.payloads, at)).map((r) => r.status),
    ['unchanged'],
  );
  const stored = await hub.runtime.store.db
    .selectFrom('macro_observation')
    .select(['period', 'value'])
    .where('series', '=', 'jp.retail-sales')
    .orderBy('period')
    .execute();
  assert.deepEqual(
    stored.map((row) => [row.period, row.value]),
    [
      ['2025-04', 129_250],
      ['2025-05', 128_040],
      ['2026-03', 143_060],
    ],
  );
});

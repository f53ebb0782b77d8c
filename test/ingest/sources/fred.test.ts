import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadRecords } from '../../helpers/routes-fetch.ts';
import { fredIndicesSource } from '../../../src/ingest/sources/fred/index.ts';
import { parseFredObservations } from '../../../src/ingest/importers/indices/fred-observations.ts';
import { ImportError } from '../../../src/ingest/source.ts';

const KEY = { FRED_API_KEY: 'abcdefghijklmnopqrstuvwxyz123456' };

interface Observation {
  date: string;
  value: string;
}
const sample = (file: string) => JSON.parse(publisherSample('fred', file).toString('utf8')) as { observations: Observation[] };

test('fred-indices asks FRED for each index series in JSON with the key, and next time from the newest date loaded', async () => {
  const first = await collectFromRoutes(fredIndicesSource, { credentials: KEY });
  const urls = first.requests.map((request) => new URL(request.url));
  assert.deepEqual(
    urls.map((url) => url.pathname),
    Array(4).fill('/fred/series/observations'),
  );
  assert.deepEqual(
    urls.map((url) => url.searchParams.get('series_id')),
    ['SP500', 'DJIA', 'NASDAQCOM', 'NIKKEI225'],
  );
  assert.ok(urls.every((url) => url.searchParams.get('file_type') === 'json' && url.searchParams.get('api_key') === KEY.FRED_API_KEY));
  assert.ok(
    urls.every((url) => !url.searchParams.has('observation_start')),
    'the first run asks for the whole history',
  );
  assert.ok(first.requests.every((request) => request.conditional === false));
  assert.deepEqual(
    first.result.payloads.map((p) => [p.importer.dataset, p.fileName]),
    [
      ['fred-observations', 'SP500.json'],
      ['fred-observations', 'DJIA.json'],
      ['fred-observations', 'NASDAQCOM.json'],
      ['fred-observations', 'NIKKEI225.json'],
    ],
  );
  assert.deepEqual(
    payloadRecords(first.result.payloads[0]),
    parseFredObservations(publisherSample('fred', 'sp500.json').toString('utf8'), 'SP500.json'),
    'a one-page answer is read once into its closes',
  );
  // The newest date with a value: the Nikkei's 18th is ".", its 19th has a value.
  const starts = { SP500: '2026-06-19', DJIA: '2026-06-19', NASDAQCOM: '2026-06-19', NIKKEI225: '2026-06-19' };
  assert.deepEqual(first.result.cursor, { observationStart: starts });

  const next = await collectFromRoutes(fredIndicesSource, { credentials: KEY, cursor: first.result.cursor });
  assert.deepEqual(
    next.requests.map((request) => new URL(request.url).searchParams.get('observation_start')),
    Object.values(starts),
  );
});

test('FRED pages beyond the first are asked with offset and merged into one answer', async () => {
  const page = (offset: number, observations: Observation[]) => Buffer.from(JSON.stringify({ count: 3, offset, limit: 2, observations }));
  const bodies = [page(0, sample('sp500.json').observations.slice(0, 2)), page(2, sample('sp500.json').observations.slice(2, 3))];
  const offsets: (string | null)[] = [];
  const result = await fredIndicesSource.collect({
    baseUrl: 'http://publisher.test',
    params: { series: ['SP500'] },
    credentials: KEY,
    cursor: undefined,
    now: new Date(),
    fetch: async (request) => {
      offsets.push(new URL(request.url).searchParams.get('offset'));
      const body = bodies[offsets.length - 1] ?? Buffer.from('{}');
      return { notModified: false, url: request.url, status: 200, headers: {}, body, archiveHash: String(offsets.length) };
    },
  });
  assert.deepEqual(offsets, [null, '2']);
  const [payload] = result.payloads;
  assert.deepEqual(payload?.archiveHashes, ['1', '2']);
  // The three observations of both pages, read once (a "." day has no close).
  assert.deepEqual(
    payloadRecords(payload),
    parseFredObservations(JSON.stringify({ observations: sample('sp500.json').observations.slice(0, 3) }), 'SP500.json'),
  );
});

test('FRED JSON: "." is a day without a value, never 0; a changed layout or a bad value is refused naming the observation', () => {
  const records = parseFredObservations(publisherSample('fred', 'sp500.json').toString('utf8'), 'SP500.json');
  const published = sample('sp500.json').observations.flatMap((o, i) =>
    o.value === '.' ? [] : [{ series: 'SP500', date: o.date, close: Number(o.value), where: `SP500.json: observation ${i + 1}` }],
  );
  assert.deepEqual(records, published);
  assert.ok(!records.some((r) => r.date === '2026-06-17'), 'the "." day of the sample is skipped');

  const refused = (content: string, fileName: string, message: RegExp) =>
    assert.throws(
      () => parseFredObservations(content, fileName),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  const text = publisherSample('fred', 'sp500.json').toString('utf8');
  refused(text, 'observations.json', /file name must be the FRED series id/);
  refused('<html><body>Bad Gateway</body></html>', 'SP500.json', /SP500\.json: not JSON/);
  refused(text.slice(0, 200), 'SP500.json', /not JSON/);
  refused(text.replace('"observations"', '"seriess"'), 'SP500.json', /^SP500\.json: \/observations: is missing$/);
  refused(text.replace('"5447.87"', '"5,447.87"'), 'SP500.json', /^SP500\.json: observation 2: index\.close:SPX "5,447\.87" is not a decimal number/);
  refused(text.replace('"2026-06-18"', '"2026-06-31"'), 'SP500.json', /observation 4: date "2026-06-31" is not a calendar date/);
});

test('an HTML page or a changed layout served with 200 fails the FRED run with a readable reason', async () => {
  const answering = (body: string) =>
    fredIndicesSource.collect({
      baseUrl: 'http://publisher.test',
      params: { series: ['SP500'] },
      credentials: KEY,
      cursor: undefined,
      now: new Date(),
      fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body: Buffer.from(body), archiveHash: 'x' }),
    });
  await assert.rejects(
    answering('<!DOCTYPE html><title>Maintenance</title>'),
    (error: unknown) => error instanceof ImportError && /^SP500\.json: not JSON/.test(error.message),
  );
  await assert.rejects(
    answering('{"error_code":400,"error_message":"Bad Request."}'),
    (error: unknown) => error instanceof ImportError && /^SP500\.json: FRED answered 400: Bad Request\.$/.test(error.message),
  );
});

test('after the FRED source runs, the index endpoints show exactly the fetched closes', async (t) => {
  const hub = await createTestHub(t, { now: '2026-06-19T23:00:00.000Z' });
  const { result } = await collectFromRoutes(fredIndicesSource, { credentials: KEY });
  const loaded = await importPayloads(hub, result.payloads);
  assert.deepEqual(
    loaded.map((r) => r.rows),
    [4, 4, 4, 4],
    'five days a series less its "." day',
  );
  const key = await hub.key();
  const global = (await hub.get('/openapi/v1/market/global-indices', key)).json().data as { code: string; level: number; asOf: string }[];
  const last = (file: string) =>
    sample(file)
      .observations.filter((o) => o.value !== '.')
      .at(-1);
  assert.deepEqual(
    global.map((q) => [q.code, q.level, q.asOf]),
    [
      ['SPX', Number(last('sp500.json')?.value), last('sp500.json')?.date],
      ['DJI', Number(last('djia.json')?.value), last('djia.json')?.date],
      ['IXIC', Number(last('nasdaqcom.json')?.value), last('nasdaqcom.json')?.date],
    ],
  );
  const japan = (await hub.get('/openapi/v1/market/indices/snapshot', key)).json().data as { code: string; level: number; asOf: string }[];
  assert.deepEqual(
    japan.map((q) => [q.code, q.level, q.asOf]),
    [['N225', 38633.02, '2026-06-19']],
  );
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { listedSeries } from './listed-series.ts';
import { demoHubPerFile } from './demo-hub.ts';

interface Point {
  date: string;
  period: string;
  value: number | null;
}
type Row = Record<string, string | number | null>;
interface TableSeries {
  fact: string;
  name: string;
  unit: string;
  frequency: string;
  sources: unknown[];
  knowledgeAt: string | null;
  wasRestated: boolean | null;
}
interface Table {
  data: Row[];
  meta: { series: TableSeries[]; frequency: string | null; aggregation: string; units: string };
}
interface ErrorBody {
  success: boolean;
  error: { code: string; message: string | string[] };
}

/** One demo hub for the file: the seed takes a while. */
const { hub: demoHub } = demoHubPerFile();

const CPI = 'macro:us.cpi';
const N225 = 'index.close:N225';
const YEAR = 'from=2025-01-01&to=2025-12-31';

/** A table, checked against the served document. */
async function table(query: string): Promise<Table> {
  const { hub, key, validate } = await demoHub();
  const reply = await hub.get(`/openapi/v1/series/table?${query}`, key);
  assert.equal(reply.statusCode, 200, `${query}: ${reply.body}`);
  const check = validate('/openapi/v1/series/table', 'get');
  assert.ok(check(reply.json()), `${query}: ${JSON.stringify(check.errors)}`);
  return reply.json<Table>();
}

/** One series alone, every point of it in one page, as `/series/{fact}` answers it. */
async function alone(
  fact: string,
  query: string,
): Promise<{ data: Point[]; meta: { knowledgeAt: string | null; wasRestated: boolean | null; frequency: string } }> {
  const { hub, key } = await demoHub();
  const reply = await hub.get(`/openapi/v1/series/${encodeURIComponent(fact)}?${query}&limit=10000`, key);
  assert.equal(reply.statusCode, 200, reply.body);
  const answer = reply.json<{
    data: Point[];
    meta: { knowledgeAt: string | null; wasRestated: boolean | null; frequency: string; nextCursor: string | null };
  }>();
  assert.equal(answer.meta.nextCursor, null, 'one page holds the whole window');
  return answer;
}

/**
 * Each fact's column of the table holds exactly its series alone, by date (`dateOf` a point), and
 * null on every other row; the rows are the dates of any of them, ascending, once each.
 */
function assertColumnsAreTheSeries(rows: readonly Row[], series: Record<string, readonly Point[]>, dateOf: (point: Point) => string): void {
  const dates = rows.map((row) => row.date);
  assert.deepEqual(dates, [...new Set(Object.values(series).flatMap((points) => points.map(dateOf)))].sort(), 'a row per date any series has, ascending');
  for (const [fact, points] of Object.entries(series)) {
    const byDate = new Map(points.map((point) => [dateOf(point), point.value]));
    assert.equal(byDate.size, points.length, `${fact}: a point per date`);
    for (const row of rows) assert.deepEqual([row.date, row[fact]], [row.date, byDate.get(String(row.date)) ?? null], fact);
  }
  for (const row of rows) assert.deepEqual(Object.keys(row), ['date', ...Object.keys(series)], 'every fact a key of every row, in the asked order');
}

/** The hub's CSV as rows of cells (no quoted cells in these answers). */
const csvRows = (text: string): string[][] =>
  text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

test('/series/table of a monthly statistic and a daily index holds each series alone, by its own dates, in JSON and CSV', async () => {
  const { hub, key } = await demoHub();
  const cpi = await alone(CPI, YEAR);
  const n225 = await alone(N225, YEAR);
  assert.ok(cpi.data.length === 12 && n225.data.length > 200);
  const answer = await table(`facts=${CPI},${N225}&${YEAR}`);
  assertColumnsAreTheSeries(answer.data, { [CPI]: cpi.data, [N225]: n225.data }, (point) => point.date);
  // The statistic is dated the 1st, the index its trading days: most rows hold one of them.
  assert.ok(answer.data.some((row) => row[CPI] !== null && row[N225] === null));
  assert.ok(answer.data.some((row) => row[CPI] === null && row[N225] !== null));

  // Described as /series lists each, with its vintage as /series/{fact} gives it.
  const listed = (await listedSeries(hub, key)) as unknown as (TableSeries & { id: string })[];
  const asListed = (fact: string) => {
    const entry = listed.find((candidate) => candidate.id === fact);
    return [fact, entry?.name, entry?.unit, entry?.sources];
  };
  assert.deepEqual(
    answer.meta.series.map((series) => [series.fact, series.name, series.unit, series.sources]),
    [asListed(CPI), asListed(N225)],
  );
  assert.deepEqual(
    answer.meta.series.map((series) => [series.frequency, series.knowledgeAt, series.wasRestated]),
    [
      [cpi.meta.frequency, cpi.meta.knowledgeAt, cpi.meta.wasRestated],
      [n225.meta.frequency, null, null],
    ],
  );
  assert.equal(cpi.meta.frequency, 'monthly');
  assert.deepEqual([answer.meta.frequency, answer.meta.aggregation, answer.meta.units], [null, 'none', 'lin']);

  // As CSV: a date column, then each fact's figures as the series alone gives them, blank where it has none.
  // By Accept, or by format=csv.
  for (const [asked, headers] of [
    ['', { accept: 'text/csv' }],
    ['&format=csv', {}],
  ] as const) {
    const csv = await hub.get(`/openapi/v1/series/table?facts=${N225},${CPI}&${YEAR}${asked}`, key, headers);
    assert.equal(csv.statusCode, 200, csv.body);
    assert.equal(csv.headers['content-type'], 'text/csv; charset=utf-8');
    const [header, ...rows] = csvRows(csv.body);
    assert.deepEqual(header, ['date', N225, CPI], 'the facts in the asked order, headed by their ids');
    assert.ok(rows.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row[0] ?? '') && row.length === 3));
    for (const [column, points] of [
      [1, n225.data],
      [2, cpi.data],
    ] as const) {
      const cells = new Map(rows.map((row) => [row[0], row[column]]));
      for (const point of points) assert.equal(cells.get(point.date), point.value === null ? '' : String(point.value), `${header[column]} ${point.date}`);
      assert.equal(
        [...cells.values()].filter((cell) => cell !== '').length,
        points.filter((point) => point.value !== null).length,
        'blank where it has no figure',
      );
    }
    assert.deepEqual(
      rows.map((row) => row[0]),
      answer.data.map((row) => row.date),
    );
  }
});

test('/series/table with frequency=monthly puts a monthly statistic and a monthly close on one row per month', async () => {
  const cpi = await alone(CPI, `${YEAR}&frequency=monthly`);
  const n225 = await alone(N225, `${YEAR}&frequency=monthly`);
  // The close's month is dated its last trading day, the statistic's its 1st: the row is the month's first day.
  assert.notEqual(n225.data[0]?.date, cpi.data[0]?.date);
  const answer = await table(`facts=${CPI},${N225}&${YEAR}&frequency=monthly`);
  assertColumnsAreTheSeries(answer.data, { [CPI]: cpi.data, [N225]: n225.data }, (point) => `${point.period}-01`);
  assert.equal(answer.data.length, 12);
  assert.ok(answer.data.every((row) => row[CPI] !== null && row[N225] !== null));
  assert.deepEqual([answer.meta.frequency, answer.meta.aggregation], ['monthly', 'eop']);
  assert.deepEqual(
    answer.meta.series.map((series) => series.frequency),
    ['monthly', 'monthly'],
  );

  const { hub, key } = await demoHub();
  const csv = await hub.get(`/openapi/v1/series/table?facts=${CPI},${N225}&${YEAR}&frequency=monthly&format=csv`, key);
  const [header, ...rows] = csvRows(csv.body);
  assert.deepEqual(header, ['date', CPI, N225]);
  assert.deepEqual(
    rows,
    cpi.data.map((point, i) => [`${point.period}-01`, String(point.value), String(n225.data[i]?.value)]),
  );
});

test("/series/table takes a pair's slash raw or percent-encoded, and the same parameters as each series alone", async () => {
  const pair = 'fx.close:USD/JPY';
  const usdJpy = await alone(pair, 'from=2026-05-01&to=2026-05-31&units=pch');
  const raw = await table(`facts=${pair},${N225}&from=2026-05-01&to=2026-05-31&units=pch`);
  const encoded = await table(`facts=fx.close:USD%2FJPY,${N225}&from=2026-05-01&to=2026-05-31&units=pch`);
  assert.deepEqual(encoded.data, raw.data);
  const n225 = await alone(N225, 'from=2026-05-01&to=2026-05-31&units=pch');
  assertColumnsAreTheSeries(raw.data, { [pair]: usdJpy.data, [N225]: n225.data }, (point) => point.date);
  assert.equal(raw.meta.units, 'pch');
});

test('/series/table refuses too many, repeated, unknown and malformed facts, naming them', async () => {
  const { hub, key } = await demoHub();
  const many = Array.from({ length: 21 }, (_, i) => `index.close:X${i}`).join(',');
  const cases: [string, number, RegExp][] = [
    [`facts=${many}`, 400, /facts names 21 series/],
    [`facts=${CPI},${N225},${CPI}`, 400, /facts names macro:us\.cpi twice/],
    [`facts=${CPI},,${N225}`, 400, /facts: an id is empty/],
    [`facts=${CPI},nothing.here:X`, 400, /facts: .*nothing\.here:X/],
    [`facts=${CPI},index.close:NOPE`, 404, /index\.close:NOPE/],
    [`facts=${CPI}&frequency=daily`, 400, /frequency daily is finer than macro:us\.cpi/],
    ['', 400, /facts/],
  ];
  for (const [query, status, message] of cases) {
    const reply = await hub.get(`/openapi/v1/series/table?${query}`, key);
    assert.equal(reply.statusCode, status, `${query}: ${reply.body}`);
    const body = reply.json<ErrorBody>();
    assert.equal(body.success, false);
    assert.match(JSON.stringify(body.error.message), message, query);
  }
  // `/series/table` is the table's own path, never a fact named `table`.
  const bare = (await hub.get('/openapi/v1/series/table', key)).json<ErrorBody>();
  assert.doesNotMatch(JSON.stringify(bare.error.message), /names no fact family/);
});

test("/series/table needs every fact's domain feature, and costs 2 per fact, charged and metered", async () => {
  const { hub } = await demoHub();
  const free = await hub.key('free');
  const refused = await hub.get(`/openapi/v1/series/table?facts=fx.close:USD/JPY,${CPI}`, free);
  assert.equal(refused.statusCode, 403);
  const body = refused.json<ErrorBody>();
  assert.equal(body.error.code, 'FEATURE_NOT_IN_PLAN');
  assert.match(String(body.error.message), /macro_data/);
  assert.equal((await hub.get('/openapi/v1/series/table?facts=fx.close:USD/JPY&from=2026-06-01', free)).statusCode, 200, 'a free plan reads pairs');

  const key = await hub.key('pro');
  const usage = async () => (await hub.get('/openapi/v1/usage', key)).json<{ data: { used: number; keyId: string } }>().data;
  const before = await usage();
  const three = await hub.get(`/openapi/v1/series/table?facts=${CPI},${N225},fx.close:USD/JPY&from=2026-01-01`, key);
  assert.equal(three.statusCode, 200, three.body);
  assert.equal(three.headers['x-ratelimit-weight-used'], '6');
  assert.equal((await usage()).used, before.used + 6);
  // A list longer than a table holds is charged as the longest table.
  const many = Array.from({ length: 25 }, (_, i) => `index.close:X${i}`).join(',');
  assert.equal((await hub.get(`/openapi/v1/series/table?facts=${many}`, key)).headers['x-ratelimit-weight-used'], '40');

  await hub.runtime.usage.flush();
  const metered = await hub.runtime.store.db
    .selectFrom('usage_minute')
    .select(['status_class', 'requests', 'weight'])
    .where('key_id', '=', before.keyId)
    .where('endpoint', '=', '/series/table')
    .orderBy('status_class')
    .execute();
  assert.deepEqual(
    metered.map((row) => [row.status_class, Number(row.requests), Number(row.weight)]),
    [
      ['2xx', 1, 6],
      ['4xx', 1, 40],
    ],
  );
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../../helpers/app.ts';
import { transform } from '../../../src/domains/series/transforms.ts';
import type { SeriesPoint } from '../../../src/domains/series/series.schemas.ts';
import { loadReleases } from '../macro/helpers.ts';
import { demoHubPerFile } from './demo-hub.ts';

interface Envelope {
  data: SeriesPoint[];
  meta: Record<string, unknown>;
}

/** One demo hub for the file: the seed takes a while. */
const { hub: demoHub } = demoHubPerFile();

/** `/openapi/v1/series/…`'s answer, checked against the served OpenAPI document. */
async function series(url: string): Promise<Envelope> {
  const { hub, key, validate } = await demoHub();
  const reply = await hub.get(`/openapi/v1/series/${url}`, key);
  assert.equal(reply.statusCode, 200, `${url}: ${reply.body}`);
  const check = validate('/openapi/v1/series/{fact}', 'get');
  assert.ok(check(reply.json()), `${url}: ${JSON.stringify(check.errors)}`);
  return reply.json<Envelope>();
}

/** Equal within 1e-9 of the expected figure's size (absolute below 1). */
function assertClose(actual: number | null, expected: number, what: string): void {
  assert.ok(actual !== null && Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `${what}: ${actual} ≠ ${expected}`);
}

/**
 * Checks every transformed point against `expected`, computed from the same point's level, the
 * level before it in `levels` and the level the same period a year earlier (undefined: none).
 */
function assertTransformed(
  transformed: readonly SeriesPoint[],
  levels: readonly SeriesPoint[],
  yearEarlier: (period: string) => string,
  expected: (x: number, previous: number | undefined, yearAgo: number | undefined) => number | undefined,
  what: string,
): number {
  const index = new Map(levels.map((point, i) => [point.period, i]));
  let compared = 0;
  for (const point of transformed) {
    const i = index.get(point.period);
    assert.ok(i !== undefined, `${what}: ${point.period} is a period of the levels`);
    const x = levels[i]?.value ?? null;
    const previous = levels[i - 1]?.value ?? undefined;
    const yearAgo = levels[index.get(yearEarlier(point.period)) ?? -1]?.value ?? undefined;
    const figure = x === null ? undefined : expected(x, previous, yearAgo);
    if (figure === undefined || !Number.isFinite(figure)) {
      assert.equal(point.value, null, `${what} ${point.period}`);
    } else {
      assertClose(point.value, figure, `${what} ${point.period}`);
      compared += 1;
    }
    assert.deepEqual([point.open, point.high, point.low, point.close, point.volume], [null, null, null, null, null], `${what} ${point.period}: no bar`);
  }
  return compared;
}

/** `2025-03` → `2024-03`, `2025-Q1` → `2024-Q1`, `2025-03-14` → `2024-03-14`. */
const sameInYearBefore = (period: string) => `${Number(period.slice(0, 4)) - 1}${period.slice(4)}`;
const ln = Math.log;

test('units=pc1 of US CPI is the percent change from the same month a year earlier, also at the first month of a window', async () => {
  const levels = (await series('macro:us.cpi?limit=10000')).data;
  assert.ok(levels.length > 24, 'the demo holds years of CPI');
  const pc1 = await series('macro:us.cpi?limit=10000&units=pc1');
  assert.deepEqual(
    pc1.data.map((point) => point.period),
    levels.map((point) => point.period),
  );
  const compared = assertTransformed(
    pc1.data,
    levels,
    sameInYearBefore,
    (x, _previous, yearAgo) => (yearAgo === undefined ? undefined : (x / yearAgo - 1) * 100),
    'pc1',
  );
  assert.ok(compared >= levels.length - 12);
  assert.deepEqual(
    [pc1.meta.units, pc1.meta.unitsLabel, pc1.meta.aggregation, pc1.meta.unit],
    ['pc1', 'Percent Change from Year Ago', 'none', (await series('macro:us.cpi?limit=1')).meta.unit],
  );

  // The window's first month compares with a month before `from`.
  const window = await series('macro:us.cpi?from=2025-01-01&to=2025-12-31&units=pc1');
  assert.equal(window.data[0]?.period, '2025-01');
  const january = levels.find((point) => point.period === '2025-01')?.value;
  const yearBefore = levels.find((point) => point.period === '2024-01')?.value;
  assert.ok(typeof january === 'number' && typeof yearBefore === 'number');
  assertClose(window.data[0]?.value ?? null, (january / yearBefore - 1) * 100, 'pc1 2025-01 with from=2025-01-01');
  assert.deepEqual(
    window.data,
    pc1.data.filter((point) => point.period >= '2025-01' && point.period <= '2025-12'),
  );

  // Pages of transformed points, by the cursor, are the same points.
  const paged: SeriesPoint[] = [];
  let cursor: string | null = null;
  do {
    const page: Envelope = await series(`macro:us.cpi?from=2025-01-01&to=2025-12-31&units=pc1&limit=5${cursor === null ? '' : `&cursor=${cursor}`}`);
    paged.push(...page.data);
    cursor = page.meta.nextCursor as string | null;
  } while (cursor !== null);
  assert.deepEqual(paged, window.data);
});

test('units chg, log, ch1, pch, pca, cch and cca follow their formulas', async () => {
  const cpi = (await series('macro:us.cpi?limit=10000')).data;
  // From a year before the windows asked below, so each window's first points have their earlier figures.
  const n225 = (await series('index.close:N225?from=2023-01-01&limit=10000')).data;
  const quarterly = (await series('macro:us.cpi?limit=10000&frequency=quarterly')).data;
  type Formula = Parameters<typeof assertTransformed>[3];
  const change: Formula = (x, previous) => (previous === undefined ? undefined : x - previous);
  const cases: [fact: string, query: string, levels: SeriesPoint[], formula: Formula, label: string][] = [
    ['macro:us.cpi', 'units=chg', cpi, change, 'Change'],
    ['macro:us.cpi', 'units=log', cpi, (x) => ln(x), 'Natural Log'],
    ['macro:us.cpi', 'units=ch1', cpi, (x, _previous, yearAgo) => (yearAgo === undefined ? undefined : x - yearAgo), 'Change from Year Ago'],
    [
      'macro:us.cpi',
      'units=pca',
      cpi,
      (x, previous) => (previous === undefined ? undefined : ((x / previous) ** 12 - 1) * 100),
      'Compounded Annual Rate of Change',
    ],
    [
      'macro:us.cpi',
      'units=cca',
      cpi,
      (x, previous) => (previous === undefined ? undefined : (ln(x) - ln(previous)) * 100 * 12),
      'Continuously Compounded Annual Rate of Change',
    ],
    // n_obs_per_yr follows the frequency served: 4 a year for quarters, 260 for days.
    [
      'macro:us.cpi',
      'frequency=quarterly&units=pca',
      quarterly,
      (x, previous) => (previous === undefined ? undefined : ((x / previous) ** 4 - 1) * 100),
      'Compounded Annual Rate of Change',
    ],
    ['index.close:N225', 'from=2024-01-01&units=pch', n225, (x, previous) => (previous === undefined ? undefined : (x / previous - 1) * 100), 'Percent Change'],
    [
      'index.close:N225',
      'from=2024-01-01&units=cch',
      n225,
      (x, previous) => (previous === undefined ? undefined : (ln(x) - ln(previous)) * 100),
      'Continuously Compounded Rate of Change',
    ],
    [
      'index.close:N225',
      'from=2024-01-01&units=cca',
      n225,
      (x, previous) => (previous === undefined ? undefined : (ln(x) - ln(previous)) * 100 * 260),
      'Continuously Compounded Annual Rate of Change',
    ],
    // A day's year-ago figure is the same date's a year earlier: null on a date the index did not trade.
    [
      'index.close:N225',
      'from=2024-01-01&units=ch1',
      n225,
      (x, _previous, yearAgo) => (yearAgo === undefined ? undefined : x - yearAgo),
      'Change from Year Ago',
    ],
  ];
  for (const [fact, query, levels, formula, label] of cases) {
    const url = `${fact}?limit=10000&${query}`;
    const answer = await series(url);
    const from = new URLSearchParams(query).get('from') ?? '';
    assert.deepEqual(
      answer.data.map((point) => point.period),
      levels.filter((point) => point.period >= from).map((point) => point.period),
      url,
    );
    const compared = assertTransformed(answer.data, levels, sameInYearBefore, formula, url);
    assert.ok(compared > answer.data.length / 2, `${url}: ${compared} figures compared`);
    assert.deepEqual([answer.meta.units, answer.meta.unitsLabel], [new URLSearchParams(query).get('units'), label], url);
  }
  // N225's first change of 2024 is from its last close of 2023.
  const [first] = (await series('index.close:N225?from=2024-01-01&limit=1&units=pch')).data;
  const index = n225.findIndex((point) => point.period === first?.period);
  const [previous, x] = [n225[index - 1]?.value, n225[index]?.value];
  assert.ok(index > 0 && typeof previous === 'number' && typeof x === 'number' && (n225[index - 1]?.period ?? '') < '2024-01-01');
  assertClose(first?.value ?? null, (x / previous - 1) * 100, 'pch at the window start');
});

test("a bar's prices and volume are null once transformed, kept in levels", async () => {
  const levels = await series('equity.bar:7203?from=2026-06-01&to=2026-06-05');
  assert.ok(levels.data.length > 0 && levels.data.every((point) => point.open !== null && point.volume !== null));
  assert.deepEqual([levels.meta.units, levels.meta.unitsLabel, levels.meta.aggregation], ['lin', 'Levels', 'none']);
  const changes = await series('equity.bar:7203?from=2026-06-01&to=2026-06-05&units=pch');
  assert.deepEqual(
    changes.data.map((point) => [point.period, point.open, point.high, point.low, point.close, point.volume]),
    levels.data.map((point) => [point.period, null, null, null, null, null]),
  );
});

test("aggregation=avg|sum|eop of N225 by month: the mean, the sum and the last of each month's closes", async () => {
  const days = (await series('index.close:N225?from=2025-01-01&to=2025-12-31&limit=10000')).data;
  const months = new Map<string, SeriesPoint[]>();
  for (const day of days) months.set(day.period.slice(0, 7), [...(months.get(day.period.slice(0, 7)) ?? []), day]);
  assert.equal(months.size, 12);
  const figures = (month: SeriesPoint[]) => month.flatMap((day) => (day.value === null ? [] : [day.value]));
  const expected = {
    avg: (month: SeriesPoint[]) => figures(month).reduce((a, b) => a + b, 0) / figures(month).length,
    sum: (month: SeriesPoint[]) => figures(month).reduce((a, b) => a + b, 0),
    eop: (month: SeriesPoint[]) => month.at(-1)?.value ?? Number.NaN,
  };
  for (const aggregation of ['avg', 'sum', 'eop'] as const) {
    const answer = await series(`index.close:N225?from=2025-01-01&to=2025-12-31&frequency=monthly&aggregation=${aggregation}`);
    assert.deepEqual([answer.meta.aggregation, answer.meta.frequency], [aggregation, 'monthly']);
    assert.deepEqual(
      answer.data.map((point) => [point.period, point.date]),
      [...months].map(([month, points]) => [month, points.at(-1)?.date]),
    );
    for (const point of answer.data) assertClose(point.value, expected[aggregation](months.get(point.period) ?? []), `${aggregation} ${point.period}`);
  }
  // Without `aggregation`, each month's last, as before.
  const eop = await series('index.close:N225?from=2025-01-01&to=2025-12-31&frequency=monthly');
  assert.equal(eop.meta.aggregation, 'eop');
  assert.deepEqual(
    eop.data.map((point) => point.value),
    [...months.values()].map(expected.eop),
  );

  // Aggregated, then transformed: a monthly average's percent change from a year earlier.
  const averages = (await series('index.close:N225?to=2025-12-31&frequency=monthly&aggregation=avg&limit=10000')).data;
  const pc1 = await series('index.close:N225?from=2025-01-01&to=2025-12-31&frequency=monthly&aggregation=avg&units=pc1');
  assert.equal(pc1.data.length, 12);
  assert.equal(
    assertTransformed(
      pc1.data,
      averages,
      sameInYearBefore,
      (x, _previous, yearAgo) => (yearAgo === undefined ? undefined : (x / yearAgo - 1) * 100),
      'avg pc1',
    ),
    12,
  );
});

test("a coin's monthly average is the mean of its days' last snapshots", async () => {
  const days = (await series('crypto.snapshot:BTC?from=2026-06-01&to=2026-06-30')).data;
  assert.ok(days.length > 0);
  const answer = await series('crypto.snapshot:BTC?from=2026-06-01&to=2026-06-30&frequency=monthly&aggregation=avg');
  const figures = days.flatMap((day) => (day.value === null ? [] : [day.value]));
  assert.deepEqual([answer.data.length, answer.meta.aggregation], [1, 'avg']);
  assertClose(answer.data[0]?.value ?? null, figures.reduce((a, b) => a + b, 0) / figures.length, 'BTC June average');
  assert.deepEqual([answer.data[0]?.open, answer.data[0]?.close], [null, null]);
});

test('units and aggregation refused as a 400 naming them', async () => {
  const { hub, key } = await demoHub();
  const cases: [string, RegExp[]][] = [
    ['/series/macro:us.cpi?units=bogus', [/units/]],
    ['/series/index.close:N225?aggregation=avg', [/aggregation/, /frequency/]],
    ['/series/index.close:N225?frequency=monthly&aggregation=median', [/aggregation/]],
    // VNDAF deals three days a week: FRED gives no observations a year to annualise by.
    ['/series/etf.nav:VNDAF?units=pca', [/units/, /frequency/]],
  ];
  for (const [url, messages] of cases) {
    const reply = await hub.get(`/openapi/v1${url}`, key);
    assert.equal(reply.statusCode, 400, `${url}: ${reply.body}`);
    const body = reply.json<{ success: boolean; error: { message: string | string[] } }>();
    assert.equal(body.success, false);
    for (const message of messages) assert.match(JSON.stringify(body.error.message), message, url);
  }
});

test("meta's knowledgeAt covers every month of a quarterly average, and the month a change compares with", async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key('pro');
  await loadReleases(hub, [
    {
      knowledgeAt: '2026-02-12T12:30:00.000Z',
      rows: [
        ['us.cpi', '2025-12', 318.0],
        ['us.cpi', '2026-01', 319.0],
      ],
    },
    { knowledgeAt: '2026-03-12T12:30:00.000Z', rows: [['us.cpi', '2026-02', 320.0]] },
    { knowledgeAt: '2026-04-10T12:30:00.000Z', rows: [['us.cpi', '2026-03', 321.0]] },
    // January revised after March was published.
    { knowledgeAt: '2026-04-20T12:30:00.000Z', rows: [['us.cpi', '2026-01', 319.5]] },
  ]);
  const meta = async (query: string) => {
    const reply = await hub.get(`/openapi/v1/series/macro:us.cpi?${query}`, key);
    assert.equal(reply.statusCode, 200, reply.body);
    const { data, meta } = reply.json<Envelope>();
    return [data.map((point) => point.value), meta.knowledgeAt, meta.wasRestated];
  };
  // The quarter's last month alone is served at eop; every month makes its average.
  assert.deepEqual(await meta('from=2026-01-01&frequency=quarterly'), [[321], '2026-04-10T12:30:00.000Z', false]);
  assert.deepEqual(await meta('from=2026-01-01&frequency=quarterly&aggregation=avg'), [[(319.5 + 320 + 321) / 3], '2026-04-20T12:30:00.000Z', true]);
  // February's change compares with January's revised figure.
  const [values, knowledgeAt, wasRestated] = await meta('from=2026-02-01&to=2026-02-28&units=chg');
  assert.deepEqual([knowledgeAt, wasRestated], ['2026-04-20T12:30:00.000Z', true]);
  assertClose((values as number[])[0] ?? null, 320 - 319.5, 'chg 2026-02');
});

test('transform: a year earlier is found by period, and an undefined figure is null', () => {
  const point = (period: string, value: number | null, date = period.length === 7 ? `${period}-01` : period): SeriesPoint => ({
    date,
    period,
    value,
    open: value,
    high: value,
    low: value,
    close: value,
    volume: 1,
  });
  // September 2024 is missing: counting 12 points back from July 2025 would reach June 2024.
  const months = Array.from({ length: 21 }, (_, i) => `${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`)
    .filter((period) => period !== '2024-09')
    .map((period, i) => point(period, 100 + i));
  const level = (period: string) => months.find((month) => month.period === period)?.value ?? Number.NaN;
  const pc1 = new Map(transform(months, 'pc1', 'monthly').map(({ point }) => [point.period, point.value]));
  assertClose(pc1.get('2025-07') ?? null, (level('2025-07') / level('2024-07') - 1) * 100, 'July against July');
  assert.equal(pc1.get('2025-09'), null, 'September 2024 is missing');
  assert.equal(pc1.get('2024-12'), null, 'nothing a year before');

  const withZero = [point('2025-01', 0), point('2025-02', 5), point('2025-03', -2), point('2025-04', null), point('2025-05', 4)];
  assert.deepEqual(
    transform(withZero, 'pch', 'monthly').map(({ point }) => point.value),
    [null, null, (-2 / 5 - 1) * 100, null, null],
    'a ratio to 0 and a change from a null figure are null',
  );
  assert.deepEqual(
    transform(withZero, 'log', 'monthly').map(({ point }) => point.value),
    [null, Math.log(5), null, null, Math.log(4)],
    'no log of 0 nor of a negative',
  );
  assert.deepEqual(
    transform(withZero, 'cch', 'monthly').map(({ point }) => point.value),
    [null, null, null, null, null],
  );
  assert.deepEqual(
    transform(withZero, 'chg', 'monthly').map(({ point }) => point.value),
    [null, 5, -7, null, null],
  );
  for (const { point: transformed } of transform(withZero, 'chg', 'monthly')) {
    assert.deepEqual([transformed.open, transformed.high, transformed.low, transformed.close, transformed.volume], [null, null, null, null, null]);
  }
  assert.deepEqual(
    transform(withZero, 'lin', 'monthly').map(({ point }) => point),
    withZero,
  );

  // A day's year-ago figure is the same date's (none for 29 February); a week's, 52 weeks earlier.
  const days = [point('2023-02-28', 50), point('2023-03-01', 60), point('2024-02-29', 55), point('2024-03-01', 66)];
  assert.deepEqual(
    transform(days, 'ch1', 'daily').map(({ point }) => point.value),
    [null, null, null, 6],
  );
  const weeks = [point('2024-03-04', 80), point('2024-03-11', 90), point('2025-03-03', 88), point('2025-03-10', 99)];
  assert.deepEqual(
    transform(weeks, 'ch1', 'weekly').map(({ point }) => point.value),
    [null, null, 8, 9],
  );
});

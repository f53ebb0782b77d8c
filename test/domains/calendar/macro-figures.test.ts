import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import { calendarDemoGenerator } from '../../../src/ingest/demo/calendar.ts';
import { macroDemoGenerator } from '../../../src/ingest/demo/macro.ts';
import { loadReleases } from '../macro/helpers.ts';

interface EventItem {
  id: string;
  time: string;
  country: string;
  period: string;
  actual: number | null;
  previous: number | null;
}
interface Table {
  columns: { period: string }[];
  rows: { country: string; values: (number | null)[] }[];
}

/** The calendar series that are macro figures, with the indicator table that shows them. */
const FIGURES: Readonly<Record<string, string>> = {
  'us-cpi-yoy': 'inflation-rate',
  'us-unemployment': 'unemployment-rate',
  'us-ism-manufacturing': 'manufacturing-pmi',
  'jp-cpi-yoy': 'inflation-rate',
  'jp-unemployment': 'unemployment-rate',
  'jp-gdp-qoq': 'gdp-growth-rate',
  'vn-cpi-yoy': 'inflation-rate',
  'vn-industrial-production': 'industrial-production-growth',
  'vn-trade-balance': 'trade-balance',
  'vn-gdp-yoy': 'gdp-growth-rate',
};
const seriesOf = (event: EventItem) => event.id.slice(0, -'-YYYY-MM-DD'.length);

async function json<T>(hub: TestHub, key: string, url: string): Promise<T> {
  const response = await hub.get(`/openapi/v1${url}`, key);
  assert.equal(response.statusCode, 200, url);
  return (response.json() as { data: T }).data;
}

/** The indicator table's figure for a country and period, as the macro endpoint serves it now. */
async function tableFigure(hub: TestHub, key: string, table: string, country: string, period: string): Promise<number | null | undefined> {
  const served = await json<Table>(hub, key, `/macro/indicators/${table}?periods=24`);
  const column = served.columns.findIndex((c) => c.period === period);
  return column < 0 ? undefined : (served.rows.find((r) => r.country === country)?.values[column] ?? null);
}

test('a calendar release that is a macro figure shows the value the indicator table shows', async (t) => {
  const hub = await createTestHub(t, { seed: [macroDemoGenerator, calendarDemoGenerator] });
  const key = await hub.key('pro');
  const events = [
    ...(await json<EventItem[]>(hub, key, '/calendar/events?from=2026-01-01&to=2026-03-31')),
    ...(await json<EventItem[]>(hub, key, '/calendar/events?from=2026-04-01&to=2026-06-19')),
  ];
  const figures = events.filter((e) => seriesOf(e) in FIGURES && e.actual !== null);
  assert.ok(new Set(figures.map(seriesOf)).size === Object.keys(FIGURES).length, 'every mapped series has releases');
  for (const event of figures) {
    const table = FIGURES[seriesOf(event)] ?? '';
    assert.equal(event.actual, await tableFigure(hub, key, table, event.country, event.period), `${event.id} against ${table}`);
  }
});

test('a macro import moves the calendar’s actual, and a figure the macro store has not learned yet is null', async (t) => {
  const hub = await createTestHub(t, { seed: [macroDemoGenerator, calendarDemoGenerator] });
  const key = await hub.key('pro');
  const unemployment = async () =>
    (await json<EventItem[]>(hub, key, '/calendar/events?from=2026-06-01&to=2026-06-10&country=US')).find((e) => seriesOf(e) === 'us-unemployment');
  const before = await unemployment();
  assert.ok(before !== undefined && before.actual !== null);
  await loadReleases(hub, [{ knowledgeAt: '2026-06-18T00:00:00.000Z', rows: [['us.unemployment', before.period, 9.9]] }]);
  assert.equal((await unemployment())?.actual, 9.9);

  // Japan's CPI is due at 23:30 UTC; here the macro store learns it at midnight.
  const jpCpi = async () =>
    (await json<EventItem[]>(hub, key, '/calendar/events?from=2026-06-19&to=2026-06-19&country=JP')).find((e) => seriesOf(e) === 'jp-cpi-yoy');
  const due = await jpCpi();
  assert.ok(due !== undefined);
  hub.clock.set(new Date(Date.parse(due.time) + 1000));
  assert.equal((await jpCpi())?.actual, (await tableFigure(hub, key, 'inflation-rate', 'JP', due.period)) ?? null);
  await loadReleases(hub, [{ knowledgeAt: '2026-06-20T00:00:00.000Z', rows: [['jp.cpi', due.period, 113.4]] }]);
  assert.equal((await jpCpi())?.actual, null, 'not learned before midnight');
  hub.clock.set('2026-06-20T00:00:01.000Z');
  const learned = await jpCpi();
  assert.notEqual(learned?.actual ?? null, null);
  assert.equal(learned?.actual, await tableFigure(hub, key, 'inflation-rate', 'JP', due.period));
});

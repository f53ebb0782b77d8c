import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub, TEST_NOW } from '../../helpers/app.ts';
import { calendarDemoGenerator } from '../../../src/ingest/demo/calendar.ts';
import { macroDemoGenerator } from '../../../src/ingest/demo/macro.ts';

/** The calendar reads the actuals of macro figures from the macro store. */
const SEED = [macroDemoGenerator, calendarDemoGenerator];

interface EventItem {
  id: string;
  time: string;
  country: string;
  name: string;
  importance: string;
  period: string;
  actual: number | null;
  forecast: number | null;
  previous: number | null;
  unit: string;
  source: string;
}

interface Body {
  data: EventItem[];
  error?: { message: string[] };
}

test('events of a window come oldest first with previous read from the prior release', async (t) => {
  const hub = await createTestHub(t, { seed: SEED });
  const key = await hub.key();
  const response = await hub.get('/openapi/v1/calendar/events?from=2026-03-01&to=2026-05-29', key);
  assert.equal(response.statusCode, 200);
  const { data } = response.json() as Body;
  const earlier = ((await hub.get('/openapi/v1/calendar/events?from=2025-12-01&to=2026-02-28', key)).json() as Body).data;
  const stored = await hub.runtime.store.db.selectFrom('calendar_event').selectAll().execute();
  const inWindow = stored.filter((r) => r.scheduled_at >= '2026-03-01' && r.scheduled_at < '2026-05-30');
  assert.equal(data.length, inWindow.length);
  assert.deepEqual(
    data.map((e) => e.time),
    [...data.map((e) => e.time)].sort(),
  );
  assert.deepEqual(new Set(data.map((e) => e.country)), new Set(['US', 'JP', 'VN', 'EU', 'CN']));
  const seriesOf = (event: EventItem) => stored.find((r) => r.id === event.id)?.series;
  const served = [...earlier, ...data];
  for (const event of data) {
    const before = served.filter((e) => seriesOf(e) === seriesOf(event) && e.time < event.time);
    assert.equal(event.previous, before[before.length - 1]?.actual ?? null, event.id);
    assert.ok(event.actual !== null, `${event.id}: every event of the window is already released`);
    assert.match(event.source, /demo/);
  }
});

test('actual is null until the release time on the clock', async (t) => {
  const hub = await createTestHub(t, { seed: SEED });
  const key = await hub.key();
  const { data } = (await hub.get('/openapi/v1/calendar/events?from=2026-06-10&to=2026-07-31', key)).json() as Body;
  const future = data.filter((e) => e.time > TEST_NOW);
  const past = data.filter((e) => e.time <= TEST_NOW);
  assert.ok(future.length > 10 && past.length > 5);
  assert.ok(future.every((e) => e.actual === null));
  assert.ok(future.every((e) => e.forecast !== null));
  assert.ok(past.every((e) => e.actual !== null));
});

test('country and importance filter; country in either case', async (t) => {
  const hub = await createTestHub(t, { seed: SEED });
  const key = await hub.key();
  const { data } = (await hub.get('/openapi/v1/calendar/events?from=2026-01-01&to=2026-03-31&country=jp&importance=high', key)).json() as Body;
  assert.ok(data.length > 0);
  assert.ok(data.every((e) => e.country === 'JP' && e.importance === 'high'));
  assert.ok(data.some((e) => e.name === 'BoJ Interest Rate Decision'));
});

test('a window over 90 days, or reversed, is a 400 naming from and to', async (t) => {
  const hub = await createTestHub(t, { seed: SEED });
  const key = await hub.key();
  const ok = await hub.get('/openapi/v1/calendar/events?from=2026-01-01&to=2026-04-01', key);
  assert.equal(ok.statusCode, 200, 'exactly 90 days apart is allowed');
  for (const query of ['from=2026-01-01&to=2026-04-02', 'from=2026-06-01&to=2026-05-01', 'from=2026-01-01&to=2026-06-30']) {
    const response = await hub.get(`/openapi/v1/calendar/events?${query}`, key);
    assert.equal(response.statusCode, 400, query);
    const message = (response.json() as Body).error?.message.join(' ') ?? '';
    assert.match(message, /from/);
    assert.match(message, /to/);
  }
  const reversed = await hub.get('/openapi/v1/calendar/events?from=2026-06-01&to=2026-05-01', key);
  assert.deepEqual((reversed.json() as Body).error?.message, ['from (2026-06-01) must not be after to (2026-05-01)']);
  const bad = await hub.get('/openapi/v1/calendar/events?importance=critical', key);
  assert.equal(bad.statusCode, 400);
  assert.match(JSON.stringify(bad.json()), /importance/);
});

import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample } from '../../helpers/routes-fetch.ts';
import { fredMacroSource } from '../../../src/ingest/sources/fred/macro.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { importFile } from '../../../src/ingest/source.ts';
import { readSeries } from '../../../src/store/vintage.ts';
import { calendarDemoGenerator } from '../../../src/ingest/demo/calendar.ts';
import { macroDemoGenerator } from '../../../src/ingest/demo/macro.ts';
import { addMonths, addQuarters } from '../../../src/kernel/dates.ts';

const KEY = { FRED_API_KEY: 'abcdefghijklmnopqrstuvwxyz123456' };

interface EventItem {
  id: string;
  period: string;
  actual: number | null;
  previous: number | null;
}

/** The recorded FRED calendar answer, with its release dates replaced by these. */
function releaseDates(from: string, dates: readonly [number, string, string][]): string {
  const answer = JSON.parse(publisherSample('fred', 'releases-dates.json').toString('utf8')) as Record<string, unknown>;
  const release_dates = dates.map(([release_id, release_name, date]) => ({ release_id, release_name, date }));
  return JSON.stringify({ ...answer, realtime_start: from, count: release_dates.length, release_dates });
}

async function importFileAt(hub: TestHub, dataset: string, name: string, content: string, at: string): Promise<void> {
  const importer = findImporter(dataset);
  assert.ok(importer !== undefined);
  const file = join(mkdtempSync(join(hub.dataDir, 'files-')), name);
  writeFileSync(file, content);
  await importFile(hub.runtime.store.db, importer, file, { knowledgeAt: new Date(at), loadedAt: new Date(at) });
}

/** A hub without demo data, the fred-macro double synced into it (PAYEMS and GDPC1 recorded), and FRED's calendar for these days. */
async function syncedHub(t: Parameters<typeof createTestHub>[0], now: string) {
  const hub = await createTestHub(t, { now, env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(fredMacroSource, { credentials: KEY });
  await importPayloads(hub, result.payloads);
  await importFileAt(
    hub,
    'fred-release-dates',
    'releases-dates.json',
    releaseDates('2023-01-01', [
      [50, 'Employment Situation', '2023-05-05'],
      [53, 'Gross Domestic Product', '2024-10-30'],
      [9, 'Advance Monthly Sales for Retail and Food Services', '2024-11-15'],
    ]),
    '2023-01-01T00:00:00Z',
  );
  await hub.changed('calendar', 'macro');
  const key = await hub.key();
  const event = async (id: string): Promise<EventItem | undefined> => {
    const day = id.slice(-10);
    const answer = await hub.get(`/openapi/v1/calendar/events?from=${day}&to=${day}&country=US`, key);
    assert.equal(answer.statusCode, 200, answer.body);
    return (answer.json().data as EventItem[]).find((e) => e.id === id);
  };
  /** A stored figure as the store serves it at the hub's now. */
  const stored = async (series: string, period: string): Promise<number> => {
    const served = await readSeries(hub.runtime.store.db, { series: [series], cutoff: hub.clock.now().toISOString() });
    const value = served.get(series)?.find((f) => f.period === period)?.value;
    assert.ok(typeof value === 'number', `${series} ${period} is stored`);
    return value;
  };
  return { hub, event, stored };
}

test('Nonfarm Payrolls: the actual is PAYEMS of the month less the month before, as stored, from the release time on', async (t) => {
  const { hub, event, stored } = await syncedHub(t, '2023-05-05T12:29:00.000Z');
  const before = await event('us-nfp-2023-05-05');
  assert.equal(before?.period, '2023-04');
  assert.equal(before?.actual, null, 'not before 8:30 New York time');

  hub.clock.set('2023-05-05T12:30:00.000Z');
  const released = await event('us-nfp-2023-05-05');
  const added = (await stored('us.payrolls', '2023-04')) - (await stored('us.payrolls', '2023-03'));
  assert.equal(released?.actual, added);
  // BLS's first print for April 2023: +253,000 jobs.
  assert.equal(released?.actual, 253);
});

test("GDP QoQ: the actual is real GDP's change on the quarter at an annual rate, from the vintage known at the release", async (t) => {
  const { hub, event, stored } = await syncedHub(t, '2024-10-30T12:29:00.000Z');
  assert.equal((await event('us-gdp-qoq-2024-10-30'))?.actual, null, 'not before 8:30 New York time');

  hub.clock.set('2024-10-30T12:30:00.000Z');
  const released = await event('us-gdp-qoq-2024-10-30');
  assert.equal(released?.period, '2024-Q3');
  const q3 = await stored('us.gdp.real', '2024-Q3');
  const q2 = await stored('us.gdp.real', '2024-Q2');
  assert.deepEqual([q3, q2], [23386.248, 23223.906], 'the advance estimate and the second quarter as then known');
  assert.equal(released?.actual, Math.round(((q3 / q2) ** 4 - 1) * 100 * 100) / 100);
  // BEA's advance estimate (FRED A191RL1Q225SBEA of 2024-10-30): 2.8 percent.
  assert.equal(released?.actual?.toFixed(1), '2.8');

  // Later vintages revise the quarters; the release still shows the figure computed from what is stored now.
  hub.clock.set('2026-06-19T17:00:00.000Z');
  const revised = await event('us-gdp-qoq-2024-10-30');
  assert.equal(revised?.actual, Math.round((((await stored('us.gdp.real', '2024-Q3')) / (await stored('us.gdp.real', '2024-Q2'))) ** 4 - 1) * 100 * 100) / 100);
});

test('Retail Sales MoM: null while RSAFS lacks the month, then its change on the month before as stored', async (t) => {
  const { hub, event, stored } = await syncedHub(t, '2024-11-15T14:00:00.000Z');
  const lacking = await event('us-retail-sales-mom-2024-11-15');
  assert.equal(lacking?.period, '2024-10');
  assert.equal(lacking?.actual, null, 'the double has no RSAFS observations');

  // Test figures for two months, loaded as an operator's macro-observations CSV.
  await importFileAt(
    hub,
    'macro-observations',
    'us.csv',
    'series,period,value\nus.retail-sales,2024-09,714302\nus.retail-sales,2024-10,717905\n',
    '2024-11-15T13:30:00Z',
  );
  await hub.changed('macro');
  const released = await event('us-retail-sales-mom-2024-11-15');
  const october = await stored('us.retail-sales', '2024-10');
  const september = await stored('us.retail-sales', '2024-09');
  assert.equal(released?.actual, Math.round(((october - september) / september) * 100 * 100) / 100);
});

test("in the demo the three US figures are the macro demo's: each released one equals the computation from the stored series", async (t) => {
  const hub = await createTestHub(t, { seed: [macroDemoGenerator, calendarDemoGenerator] });
  const key = await hub.key('pro');
  const all: EventItem[] = [];
  for (const [from, to] of [
    ['2026-01-01', '2026-03-31'],
    ['2026-04-01', '2026-06-19'],
  ]) {
    const answer = await hub.get(`/openapi/v1/calendar/events?from=${from}&to=${to}&country=US`, key);
    assert.equal(answer.statusCode, 200, answer.body);
    all.push(...(answer.json().data as EventItem[]));
  }
  const events = all.filter((e) => /^us-(nfp|gdp-qoq|retail-sales-mom)-/.test(e.id) && e.actual !== null);
  const served = await readSeries(hub.runtime.store.db, { series: ['us.payrolls', 'us.gdp.real', 'us.retail-sales'], cutoff: hub.clock.now().toISOString() });
  const value = (series: string, period: string) => served.get(series)?.find((f) => f.period === period)?.value ?? NaN;
  const round2 = (x: number) => Math.round(x * 100) / 100;
  const computed = (event: EventItem): number => {
    if (event.id.startsWith('us-nfp-')) return round2(value('us.payrolls', event.period) - value('us.payrolls', addMonths(event.period, -1)));
    if (event.id.startsWith('us-gdp-qoq-'))
      return round2(((value('us.gdp.real', event.period) / value('us.gdp.real', addQuarters(event.period, -1))) ** 4 - 1) * 100);
    const base = value('us.retail-sales', addMonths(event.period, -1));
    return round2(((value('us.retail-sales', event.period) - base) / base) * 100);
  };
  assert.deepEqual(new Set(events.map((e) => e.id.slice(0, -11))), new Set(['us-nfp', 'us-gdp-qoq', 'us-retail-sales-mom']), 'each has released figures');
  for (const event of events) assert.equal(event.actual, computed(event), event.id);
});

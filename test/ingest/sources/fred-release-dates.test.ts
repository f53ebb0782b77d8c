import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadRecords } from '../../helpers/routes-fetch.ts';
import { fredReleaseDatesSource } from '../../../src/ingest/sources/fred/release-dates.ts';
import { parseFredReleaseDates } from '../../../src/ingest/importers/calendar/fred-release-dates.ts';
import { FRED_CALENDAR_SOURCE } from '../../../src/ingest/importers/calendar/us-releases.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { ImportError, importFile } from '../../../src/ingest/source.ts';
import { zonedInstant } from '../../../src/kernel/dates.ts';

const KEY = { FRED_API_KEY: 'abcdefghijklmnopqrstuvwxyz123456' };
const text = () => publisherSample('fred', 'releases-dates.json').toString('utf8');

test('fred-release-dates asks FRED for every release date from the look-back on, future ones included, in JSON with the key', async () => {
  const { result, requests } = await collectFromRoutes(fredReleaseDatesSource, { credentials: KEY });
  assert.equal(requests.length, 1);
  const url = new URL(requests[0]?.url ?? '');
  assert.equal(url.pathname, '/fred/releases/dates');
  assert.deepEqual(Object.fromEntries(url.searchParams), {
    api_key: KEY.FRED_API_KEY,
    file_type: 'json',
    // collectFromRoutes runs at 2026-06-19: 200 days earlier.
    realtime_start: '2025-12-01',
    realtime_end: '9999-12-31',
    order_by: 'release_date',
    sort_order: 'asc',
    include_release_dates_with_no_data: 'true',
    limit: '1000',
  });
  assert.equal(requests[0]?.conditional, false);
  assert.deepEqual(
    result.payloads.map((p) => [p.importer.dataset, p.fileName]),
    [['fred-release-dates', 'releases-dates.json']],
  );
  assert.deepEqual(payloadRecords(result.payloads[0]), parseFredReleaseDates(text(), 'releases-dates.json'), 'a one-page answer is read once into its events');
});

test('FRED release-date pages beyond the first are asked with offset and merged into one answer', async () => {
  const whole = JSON.parse(text()) as { release_dates: unknown[] };
  const page = (offset: number, dates: unknown[]) => Buffer.from(JSON.stringify({ ...whole, offset, limit: 5, release_dates: dates }));
  const bodies = [page(0, whole.release_dates.slice(0, 5)), page(5, whole.release_dates.slice(5))];
  const offsets: (string | null)[] = [];
  const result = await fredReleaseDatesSource.collect({
    baseUrl: 'http://publisher.test',
    params: fredReleaseDatesSource.defaultParams,
    credentials: KEY,
    cursor: undefined,
    now: new Date('2026-06-19T17:00:00Z'),
    fetch: async (request) => {
      offsets.push(new URL(request.url).searchParams.get('offset'));
      return {
        notModified: false,
        url: request.url,
        status: 200,
        headers: {},
        body: bodies[offsets.length - 1] ?? Buffer.from('{}'),
        archiveHash: String(offsets.length),
      };
    },
  });
  assert.deepEqual(offsets, [null, '5']);
  assert.deepEqual(result.payloads[0]?.archiveHashes, ['1', '2']);
  assert.deepEqual(payloadRecords(result.payloads[0]), parseFredReleaseDates(text(), 'releases-dates.json'));
});

test("FRED release dates: the calendar's releases become events at 8:30 New York time for the period before, others are left out; a changed layout is refused", () => {
  const { from, rows } = parseFredReleaseDates(text(), 'releases-dates.json');
  assert.equal(from, '2025-12-01');
  assert.deepEqual(
    rows.map((row) => [row.id, row.scheduled_at, row.period, row.actual, row.forecast]),
    [
      ['us-nfp-2026-06-05', '2026-06-05T12:30:00.000Z', '2026-05', null, null],
      ['us-unemployment-2026-06-05', '2026-06-05T12:30:00.000Z', '2026-05', null, null],
      ['us-cpi-yoy-2026-06-10', '2026-06-10T12:30:00.000Z', '2026-05', null, null],
      ['us-retail-sales-mom-2026-06-16', '2026-06-16T12:30:00.000Z', '2026-05', null, null],
      ['us-gdp-qoq-2026-06-25', '2026-06-25T12:30:00.000Z', '2026-Q1', null, null],
      ['us-nfp-2026-07-02', '2026-07-02T12:30:00.000Z', '2026-06', null, null],
      ['us-unemployment-2026-07-02', '2026-07-02T12:30:00.000Z', '2026-06', null, null],
      ['us-cpi-yoy-2026-07-14', '2026-07-14T12:30:00.000Z', '2026-06', null, null],
      ['us-gdp-qoq-2026-07-30', '2026-07-30T12:30:00.000Z', '2026-Q2', null, null],
    ],
  );
  assert.ok(rows.every((row) => row.country === 'US' && row.source === FRED_CALENDAR_SOURCE));
  // Eastern standard time in winter: 8:30 is 13:30 UTC.
  assert.equal(zonedInstant('2026-01-13', '08:30', 'America/New_York').toISOString(), '2026-01-13T13:30:00.000Z');

  const refused = (content: string, message: RegExp) =>
    assert.throws(
      () => parseFredReleaseDates(content, 'releases-dates.json'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  refused('<html><body>Bad Gateway</body></html>', /^releases-dates\.json: not JSON/);
  refused(text().slice(0, 300), /not JSON/);
  refused(text().replace('"release_dates"', '"releases"'), /^releases-dates\.json: \/release_dates: is missing$/);
  refused(text().replace('"2026-06-10"', '"2026-06-31"'), /release date 3: date "2026-06-31" is not a calendar date/);
  refused(text().replace('"release_id": 10,', '"release_id": "10",'), /^releases-dates\.json: \/release_dates\/2\/release_id: expected integer \(got "10"\)$/);
  refused(
    text().replace('"Consumer Price Index"', '"Producer Price Index"'),
    /release date 3: release 10 is named "Producer Price Index", not "Consumer Price Index"/,
  );
});

test('an HTML page or a changed layout served with 200 fails the FRED calendar run with a readable reason', async () => {
  const answering = (body: string) =>
    fredReleaseDatesSource.collect({
      baseUrl: 'http://publisher.test',
      params: fredReleaseDatesSource.defaultParams,
      credentials: KEY,
      cursor: undefined,
      now: new Date(),
      fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body: Buffer.from(body), archiveHash: 'x' }),
    });
  await assert.rejects(
    answering('<!DOCTYPE html><title>Maintenance</title>'),
    (error: unknown) => error instanceof ImportError && /^releases-dates\.json: not JSON/.test(error.message),
  );
  await assert.rejects(
    answering('{"error_code":400,"error_message":"Bad Request."}'),
    (error: unknown) =>
      error instanceof ImportError &&
      /^releases-dates\.json: \/count: is missing; \/realtime_start: is missing; \/release_dates: is missing$/.test(error.message),
  );
});

test('after the FRED calendar source runs, /calendar/events shows exactly the fetched events, with the actual of a released CPI and unemployment rate read from the macro store', async (t) => {
  const hub = await createTestHub(t, { now: '2026-06-19T23:00:00.000Z', env: { FDH_DEMO: 'off' } });
  const dir = mkdtempSync(join(hub.dataDir, 'macro-'));
  const csv = join(dir, 'us.csv');
  writeFileSync(csv, 'series,period,value\nus.cpi,2025-05,320.58\nus.cpi,2026-05,329.412\nus.unemployment,2026-05,4.3\n');
  const observations = findImporter('macro-observations');
  assert.ok(observations !== undefined);
  await importFile(hub.runtime.store.db, observations, csv, { knowledgeAt: new Date('2026-06-10T12:30:00Z'), loadedAt: new Date('2026-06-10T12:30:00Z') });

  const { result } = await collectFromRoutes(fredReleaseDatesSource, { credentials: KEY });
  const [loaded] = await importPayloads(hub, result.payloads);
  assert.equal(loaded?.rows, 9);
  await hub.changed('calendar', 'macro');
  const key = await hub.key();
  const answer = await hub.get('/openapi/v1/calendar/events?from=2026-06-01&to=2026-08-29', key);
  assert.equal(answer.statusCode, 200, answer.body);
  const events = answer.json().data as {
    id: string;
    time: string;
    name: string;
    period: string;
    actual: number | null;
    forecast: number | null;
    previous: number | null;
    source: string;
  }[];
  const cpiYoy = Math.round(((329.412 - 320.58) / 320.58) * 100 * 100) / 100;
  assert.deepEqual(
    events.map((e) => [e.id, e.time, e.period, e.actual, e.forecast, e.previous]),
    [
      ['us-nfp-2026-06-05', '2026-06-05T12:30:00.000Z', '2026-05', null, null, null],
      ['us-unemployment-2026-06-05', '2026-06-05T12:30:00.000Z', '2026-05', 4.3, null, null],
      ['us-cpi-yoy-2026-06-10', '2026-06-10T12:30:00.000Z', '2026-05', cpiYoy, null, null],
      ['us-retail-sales-mom-2026-06-16', '2026-06-16T12:30:00.000Z', '2026-05', null, null, null],
      ['us-gdp-qoq-2026-06-25', '2026-06-25T12:30:00.000Z', '2026-Q1', null, null, null],
      ['us-nfp-2026-07-02', '2026-07-02T12:30:00.000Z', '2026-06', null, null, null],
      ['us-unemployment-2026-07-02', '2026-07-02T12:30:00.000Z', '2026-06', null, null, 4.3],
      ['us-cpi-yoy-2026-07-14', '2026-07-14T12:30:00.000Z', '2026-06', null, null, cpiYoy],
      ['us-gdp-qoq-2026-07-30', '2026-07-30T12:30:00.000Z', '2026-Q2', null, null, null],
    ],
  );
  assert.ok(events.every((e) => e.source === FRED_CALENDAR_SOURCE));

  // A later schedule from the same day on replaces the earlier one: a moved release leaves no stale event.
  const moved = text().replace('"2026-07-14"', '"2026-07-15"');
  const again = join(dir, 'releases-dates.json');
  writeFileSync(again, moved);
  const importer = findImporter('fred-release-dates');
  assert.ok(importer !== undefined);
  await importFile(hub.runtime.store.db, importer, again, { knowledgeAt: new Date('2026-06-19T18:00:00Z'), loadedAt: new Date('2026-06-19T18:00:00Z') });
  await hub.changed('calendar');
  const after = (await hub.get('/openapi/v1/calendar/events?from=2026-07-01&to=2026-07-31', key)).json().data as { id: string }[];
  assert.deepEqual(
    after.map((e) => e.id),
    ['us-nfp-2026-07-02', 'us-unemployment-2026-07-02', 'us-cpi-yoy-2026-07-15', 'us-gdp-qoq-2026-07-30'],
  );
});

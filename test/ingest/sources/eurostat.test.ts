import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { startPublisherDouble, type Fault } from '../../helpers/publisher-double.ts';
import { collectFromRoutes, publisherSample, payloadBytes } from '../../helpers/routes-fetch.ts';
import { eurostatReleaseCalendarSource } from '../../../src/ingest/sources/eurostat/index.ts';
import { EUROSTAT_CALENDAR_SOURCE, parseEurostatReleaseCalendar } from '../../../src/ingest/importers/calendar/eurostat-release-calendar.ts';
import { ImportError } from '../../../src/ingest/source.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';

const JSON_TEXT = publisherSample('eurostat', 'release-calendar.json').toString('utf8');

test('eurostat-release-calendar asks eventsJson for the euro indicators from a month before the run to a year after it, and hands the answer on as it arrived', async () => {
  const { result, requests } = await collectFromRoutes(eurostatReleaseCalendarSource);
  const url = new URL(requests[0]?.url ?? '');
  assert.equal(url.pathname, '/eurostat/o/calendars/eventsJson');
  assert.deepEqual(Object.fromEntries(url.searchParams), {
    theme: '0',
    category: '0',
    keywords: '',
    isEuroindicator: 'true',
    authorInclude: '',
    authorExclude: '',
    start: '2026-05-19T00:00:00Z',
    end: '2027-06-20T00:00:00Z',
    timeZone: 'Europe/Luxembourg',
  });
  assert.deepEqual(
    result.payloads.map((p) => [p.importer.dataset, p.fileName, payloadBytes(p).equals(publisherSample('eurostat', 'release-calendar.json'))]),
    [['eurostat-release-calendar', 'eurostat-release-calendar.json', true]],
  );
  assert.deepEqual(eurostatReleaseCalendarSource.feeds, ['calendar_event:eu']);
});

test("Eurostat's calendar: the flash inflation and unemployment releases become EU events at 11:00 Luxembourg time (summer and winter), the others are left out", () => {
  const { from, to, rows } = parseEurostatReleaseCalendar(JSON_TEXT, 'eurostat-release-calendar.json');
  assert.deepEqual([from, to], ['2026-08-13', '2026-12-02'], 'the days the answer covers');
  assert.deepEqual(
    rows.map((row) => [row.id, row.name, row.scheduled_at, row.period, row.actual, row.forecast]),
    [
      ['eu-cpi-flash-2026-09-01', 'Inflation Rate YoY Flash', '2026-09-01T09:00:00.000Z', '2026-08', null, null],
      ['eu-unemployment-2026-10-01', 'Unemployment Rate', '2026-10-01T09:00:00.000Z', '2026-08', null, null],
      ['eu-cpi-flash-2026-10-02', 'Inflation Rate YoY Flash', '2026-10-02T09:00:00.000Z', '2026-09', null, null],
      // Central European time again from 25 October.
      ['eu-unemployment-2026-10-30', 'Unemployment Rate', '2026-10-30T10:00:00.000Z', '2026-09', null, null],
      ['eu-unemployment-2026-12-02', 'Unemployment Rate', '2026-12-02T10:00:00.000Z', '2026-10', null, null],
    ],
  );
  assert.ok(rows.every((row) => row.country === 'EU' && row.source === EUROSTAT_CALENDAR_SOURCE && row.unit === '%'));
  const gdp = JSON_TEXT.replace(
    '{"title":"Unemployment","period":"October 2026"',
    '{"title":"Preliminary flash estimate GDP - EU and euro area","period":"Q3/2026"',
  );
  assert.deepEqual(parseEurostatReleaseCalendar(gdp, 'eurostat-release-calendar.json').rows.at(-1)?.period, '2026-Q3');
});

test('HTML with 200, a cut body and a changed layout are refused naming the file and the reason', () => {
  const refused = (content: string, message: RegExp) =>
    assert.throws(
      () => parseEurostatReleaseCalendar(content, 'eurostat-release-calendar.json'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  refused('<!DOCTYPE html><html><body>Service unavailable</body></html>', /^eurostat-release-calendar\.json: not JSON/);
  refused(JSON_TEXT.slice(0, 200), /^eurostat-release-calendar\.json: not JSON/);
  refused('[]', /the calendar lists no event/);
  refused(
    JSON_TEXT.replaceAll('"Unemployment"', '"Euro area unemployment"').replaceAll('Flash estimate inflation euro area', 'Inflation flash'),
    /no Flash estimate inflation euro area, Unemployment, .* event: a changed layout\?/,
  );
  refused(JSON_TEXT.replace('"start":"2026-10-01T11:00Z"', '"start":"01/10/2026"'), /event 3 \("Unemployment"\): start "01\/10\/2026" is not a day and time/);
  refused(
    JSON_TEXT.replace('"period":"August 2026","start":"2026-10-01', '"period":"2026M08","start":"2026-10-01'),
    /event 3 \("Unemployment"\): period "2026M08" is not a month/,
  );
  refused(JSON_TEXT.replace('"start":"2026-10-30T11:00Z"', '"start":"2026-10-01T11:00Z"'), /a second Unemployment release on 2026-10-01/);
});

test('through fdh sync: the EU events are served; a failed run changes nothing served', async (t) => {
  const double = await startPublisherDouble({ publishers: ['eurostat'] });
  t.after(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'fdh-eurostat-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(sourcesFile, JSON.stringify({ publishers: { eurostat: { baseUrl: double.baseUrl, minRequestIntervalMs: 0 } } }));
  const hub = await createTestHub(t, {
    now: '2026-06-19T23:00:00.000Z',
    env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off', FDH_SYNC_RETRIES: '1', FDH_SYNC_RETRY_BASE_MS: '20', FDH_SYNC_REQUEST_TIMEOUT_MS: '500' },
  });
  const sync = await SyncService.open({ ...hub.runtime, env: {} });
  t.after(() => sync.close());
  const key = await hub.key();
  const served = async () => {
    await hub.changed('calendar');
    const answer = await hub.get('/openapi/v1/calendar/events?from=2026-08-01&to=2026-10-29&country=EU', key);
    assert.equal(answer.statusCode, 200, answer.body);
    return (answer.json().data as { id: string; time: string; period: string }[]).map((e) => [e.id, e.time, e.period]);
  };
  const expected = [
    ['eu-cpi-flash-2026-09-01', '2026-09-01T09:00:00.000Z', '2026-08'],
    ['eu-unemployment-2026-10-01', '2026-10-01T09:00:00.000Z', '2026-08'],
    ['eu-cpi-flash-2026-10-02', '2026-10-02T09:00:00.000Z', '2026-09'],
  ];
  const [outcome] = await sync.run(['eurostat-release-calendar']);
  assert.equal(outcome?.status, 'succeeded', JSON.stringify(outcome));
  assert.deepEqual(await served(), expected);

  // A release Eurostat moves is moved, not doubled.
  double.setBody('/eurostat/o/calendars/eventsJson', JSON_TEXT.replace('"start":"2026-10-02T11:00Z"', '"start":"2026-10-05T11:00Z"'));
  const [moved] = await sync.run(['eurostat-release-calendar']);
  assert.equal(moved?.status, 'succeeded', JSON.stringify(moved));
  const afterMove = [...expected.slice(0, 2), ['eu-cpi-flash-2026-10-05', '2026-10-05T09:00:00.000Z', '2026-09']];
  assert.deepEqual(await served(), afterMove);

  const faults: [Fault, RegExp][] = [
    [{ kind: 'status', status: 503 }, /HTTP 503 \(gave up after 2 attempts\)/],
    [{ kind: 'html-200' }, /eurostat-release-calendar\.json: not JSON/],
  ];
  for (const [fault, reason] of faults) {
    double.fail(fault, { times: fault.kind === 'html-200' ? 1 : 2, path: '/eurostat/o/calendars/eventsJson' });
    const [failed] = await sync.run(['eurostat-release-calendar']);
    assert.equal(failed?.status, 'failed', fault.kind);
    assert.match(failed?.status === 'failed' ? failed.error : '', reason, fault.kind);
    assert.deepEqual(await served(), afterMove, `${fault.kind}: the served events are unchanged`);
  }
});

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { startPublisherDouble, type Fault } from '../../helpers/publisher-double.ts';
import { collectFromRoutes, publisherSample, payloadBytes } from '../../helpers/routes-fetch.ts';
import { blsReleaseScheduleSource } from '../../../src/ingest/sources/bls/index.ts';
import { parseBlsReleaseSchedule } from '../../../src/ingest/importers/calendar/bls-release-schedule.ts';
import { BLS_CALENDAR_SOURCE, FRED_CALENDAR_SOURCE } from '../../../src/ingest/importers/calendar/us-releases.ts';
import { ImportError } from '../../../src/ingest/source.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { loadConfig } from '../../../src/config.ts';

const ICS = publisherSample('bls', 'bls.ics').toString('utf8');

test('bls-release-schedule asks for bls.ics conditionally and hands it on as it arrived; a 304 imports nothing', async () => {
  const { result, requests } = await collectFromRoutes(blsReleaseScheduleSource);
  assert.deepEqual(requests, [{ url: 'http://publisher.test/schedule/news_release/bls.ics' }], 'no conditional: false, so the runner sends its validators');
  assert.deepEqual(
    result.payloads.map((p) => [p.importer.dataset, p.fileName, payloadBytes(p).equals(publisherSample('bls', 'bls.ics'))]),
    [['bls-release-schedule', 'bls.ics', true]],
  );
  const unchanged = await blsReleaseScheduleSource.collect({
    baseUrl: 'http://publisher.test',
    params: {},
    credentials: {},
    cursor: undefined,
    now: new Date(),
    fetch: async (request) => ({ notModified: true, url: request.url }),
  });
  assert.deepEqual(unchanged.payloads, []);
});

test("BLS's schedule: the Employment Situation and CPI become events at BLS's own time (US-Eastern, with daylight saving), the other releases are left out", () => {
  const { from, to, rows } = parseBlsReleaseSchedule(ICS, 'bls.ics');
  assert.deepEqual([from, to], ['2026-01-07', '2026-07-14'], 'the days the file covers');
  assert.deepEqual(
    rows.map((row) => [row.id, row.scheduled_at, row.period, row.actual, row.forecast]),
    [
      // 8:30 Eastern standard time in January, daylight time in summer.
      ['us-nfp-2026-01-09', '2026-01-09T13:30:00.000Z', '2025-12', null, null],
      ['us-unemployment-2026-01-09', '2026-01-09T13:30:00.000Z', '2025-12', null, null],
      ['us-cpi-yoy-2026-01-13', '2026-01-13T13:30:00.000Z', '2025-12', null, null],
      ['us-nfp-2026-06-05', '2026-06-05T12:30:00.000Z', '2026-05', null, null],
      ['us-unemployment-2026-06-05', '2026-06-05T12:30:00.000Z', '2026-05', null, null],
      ['us-cpi-yoy-2026-06-10', '2026-06-10T12:30:00.000Z', '2026-05', null, null],
      ['us-nfp-2026-07-02', '2026-07-02T12:30:00.000Z', '2026-06', null, null],
      ['us-unemployment-2026-07-02', '2026-07-02T12:30:00.000Z', '2026-06', null, null],
      ['us-cpi-yoy-2026-07-14', '2026-07-14T12:30:00.000Z', '2026-06', null, null],
    ],
  );
  assert.ok(rows.every((row) => row.country === 'US' && row.source === BLS_CALENDAR_SOURCE));
  // The time is the file's, not an assumed 8:30: a release moved to 10:00 is read so.
  const cpi = 'DTSTART;TZID=US-Eastern:20260610T083000\nDURATION:PT0M\nSUMMARY:Consumer Price Index';
  assert.ok(ICS.includes(cpi));
  const moved = parseBlsReleaseSchedule(ICS.replace(cpi, cpi.replace('T083000', 'T100000')), 'bls.ics');
  assert.equal(moved.rows.find((row) => row.id === 'us-cpi-yoy-2026-06-10')?.scheduled_at, '2026-06-10T14:00:00.000Z');
});

test('HTML with 200, a cut body and a changed layout are refused naming the file and the reason', () => {
  const refused = (content: string, message: RegExp) =>
    assert.throws(
      () => parseBlsReleaseSchedule(content, 'bls.ics'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  refused(
    "<!DOCTYPE html><html><head><title>Access Denied</title></head><body>You don't have permission</body></html>",
    /^bls\.ics: not an iCalendar file \(it begins "<!DOCTYPE html>/,
  );
  refused(ICS.slice(0, ICS.indexOf('SUMMARY:Consumer Price Index')), /^bls\.ics: not a whole iCalendar file: .*did not end/);
  refused(
    ICS.replace('X-WR-CALNAME:BLS.gov Economic News Release Schedule', 'X-WR-CALNAME:Holidays'),
    /X-WR-CALNAME is "Holidays", not "BLS\.gov Economic News Release Schedule"/,
  );
  refused(
    ICS.replaceAll('SUMMARY:Employment Situation', 'SUMMARY:The Employment Situation').replaceAll('SUMMARY:Consumer Price Index', 'SUMMARY:CPI'),
    /^bls\.ics: no Employment Situation or Consumer Price Index event: a changed layout\?/,
  );
  refused(
    ICS.replace('DTSTART;TZID=US-Eastern:20260605T083000', 'DTSTART;VALUE=DATE:20260605'),
    /event \d+ \("Employment Situation"\): DTSTART 2026-06-05 is a day without a time/,
  );
  refused(
    ICS.replace('DTSTART;TZID=US-Eastern:20260605T083000', 'DTSTART;TZID=America/Chicago:20260605T073000'),
    /event \d+ \("Employment Situation"\): DTSTART 2026-06-05T07:30:00 is in no time zone the file defines/,
  );
  refused(
    ICS.replace('DTSTART;TZID=US-Eastern:20260702T083000', 'DTSTART;TZID=US-Eastern:20260605T083000'),
    /a second Employment Situation release on 2026-06-05/,
  );
});

test("through fdh sync with FRED's calendar: one event per release, BLS's where its schedule covers the day; a failed run changes nothing served", async (t) => {
  const double = await startPublisherDouble({ publishers: ['bls', 'fred'] });
  t.after(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'fdh-bls-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(
    sourcesFile,
    JSON.stringify({ publishers: { bls: { baseUrl: double.baseUrl, minRequestIntervalMs: 0 }, fred: { baseUrl: double.baseUrl, minRequestIntervalMs: 0 } } }),
  );
  const hub = await createTestHub(t, {
    now: '2026-06-19T23:00:00.000Z',
    env: {
      FDH_SOURCES_FILE: sourcesFile,
      FDH_DEMO: 'off',
      FDH_SYNC_RETRIES: '1',
      FDH_SYNC_RETRY_BASE_MS: '20',
      FDH_SYNC_REQUEST_TIMEOUT_MS: '500',
      FDH_SYNC_CONTACT: 'ops@example.org',
    },
  });
  const sync = await SyncService.open({ ...hub.runtime, env: { FRED_API_KEY: 'fred-test-key' } });
  t.after(() => sync.close());
  const key = await hub.key();
  const served = async () => {
    await hub.changed('calendar');
    const answer = await hub.get('/openapi/v1/calendar/events?from=2026-06-01&to=2026-08-29&country=US', key);
    assert.equal(answer.statusCode, 200, answer.body);
    return (answer.json().data as { id: string; time: string; source: string }[]).map((e) => [
      e.id,
      e.time,
      e.source === BLS_CALENDAR_SOURCE ? 'BLS' : e.source === FRED_CALENDAR_SOURCE ? 'FRED' : e.source,
    ]);
  };
  const expected = [
    ['us-nfp-2026-06-05', '2026-06-05T12:30:00.000Z', 'BLS'],
    ['us-unemployment-2026-06-05', '2026-06-05T12:30:00.000Z', 'BLS'],
    ['us-cpi-yoy-2026-06-10', '2026-06-10T12:30:00.000Z', 'BLS'],
    ['us-retail-sales-mom-2026-06-16', '2026-06-16T12:30:00.000Z', 'FRED'],
    ['us-gdp-qoq-2026-06-25', '2026-06-25T12:30:00.000Z', 'FRED'],
    ['us-nfp-2026-07-02', '2026-07-02T12:30:00.000Z', 'BLS'],
    ['us-unemployment-2026-07-02', '2026-07-02T12:30:00.000Z', 'BLS'],
    ['us-cpi-yoy-2026-07-14', '2026-07-14T12:30:00.000Z', 'BLS'],
    ['us-gdp-qoq-2026-07-30', '2026-07-30T12:30:00.000Z', 'FRED'],
  ];

  // FRED first, then BLS: BLS's schedule replaces FRED's events of its releases over its days.
  for (const id of ['fred-release-dates', 'bls-release-schedule']) {
    const [outcome] = await sync.run([id]);
    assert.equal(outcome?.status, 'succeeded', JSON.stringify(outcome));
  }
  assert.deepEqual(await served(), expected);
  const blsRequest = double.requests.find((request) => request.path === '/schedule/news_release/bls.ics');
  assert.match(
    String(blsRequest?.headers['user-agent']),
    /^financial-data-hub\/\d+\.\d+\.\d+ \(ops@example\.org\)$/,
    'BLS reads whom to contact in the User-Agent',
  );
  // FRED again, with the CPI a day earlier than BLS says: within BLS's days FRED's date is not a second event.
  double.setBody('/fred/releases/dates', publisherSample('fred', 'releases-dates.json').toString('utf8').replace('"2026-07-14"', '"2026-07-13"'));
  const [again] = await sync.run(['fred-release-dates']);
  assert.equal(again?.status, 'succeeded', JSON.stringify(again));
  assert.deepEqual(await served(), expected);

  const faults: [Fault, RegExp][] = [
    [{ kind: 'status', status: 503 }, /HTTP 503 \(gave up after 2 attempts\)/],
    [{ kind: 'cut' }, /connection was cut after \d+ bytes of \d+/],
    [{ kind: 'html-200' }, /bls\.ics: not an iCalendar file/],
    [
      { kind: 'body', body: ICS.replaceAll('Employment Situation', 'Jobs').replaceAll('Consumer Price Index', 'Prices'), contentType: 'text/calendar' },
      /bls\.ics: no Employment Situation or Consumer Price Index event/,
    ],
  ];
  for (const [fault, reason] of faults) {
    double.fail(fault, { times: fault.kind === 'html-200' || fault.kind === 'body' ? 1 : 2, path: '/schedule/news_release/bls.ics' });
    const [outcome] = await sync.run(['bls-release-schedule']);
    assert.equal(outcome?.status, 'failed', fault.kind);
    assert.match(outcome?.status === 'failed' ? outcome.error : '', reason, fault.kind);
    assert.deepEqual(await served(), expected, `${fault.kind}: the served events are unchanged`);
  }
});

test('without FDH_SYNC_CONTACT, BLS is skipped saying why (BLS blocks robots that name no contact); a bad e-mail is refused naming the variable', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-bls-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(sourcesFile, JSON.stringify({ publishers: { bls: { baseUrl: 'http://127.0.0.1:9' } } }));
  const hub = await createTestHub(t, { env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off' } });
  const sync = await SyncService.open({ ...hub.runtime, env: {} });
  t.after(() => sync.close());
  const [outcome] = await sync.run(['bls-release-schedule']);
  assert.deepEqual(outcome, {
    sourceId: 'bls-release-schedule',
    status: 'skipped',
    reason:
      'skipped: FDH_SYNC_CONTACT not set (BLS blocks robots that carry no information to contact their owner (terms of use, https://www.bls.gov/bls/blsterms.htm); set it to your e-mail address)',
  });
  for (const bad of ['ops', 'ops@localhost', 'ops @example.org', 'a@b.org\r\nX-Injected: 1', '<ops@example.org>']) {
    assert.throws(
      () => loadConfig({ env: { FDH_SYNC_CONTACT: bad }, cwd: dir }),
      /^Error: FDH_SYNC_CONTACT must be an e-mail address, like ops@example\.org \(got "/,
      bad,
    );
  }
  assert.equal(loadConfig({ env: { FDH_SYNC_CONTACT: 'data.desk+hub@example.co.jp' }, cwd: dir }).fetch.contact, 'data.desk+hub@example.co.jp');
  assert.equal(loadConfig({ env: {}, cwd: dir }).fetch.contact, undefined);
});

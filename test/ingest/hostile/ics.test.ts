import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseBlsReleaseSchedule } from '../../../src/ingest/importers/calendar/bls-release-schedule.ts';
import { publisherSample } from '../../helpers/routes-fetch.ts';
import { assertMemoryBounded, refusedWith } from './payloads.ts';

const ICS = publisherSample('bls', 'bls.ics').toString('utf8');
const DAYLIGHT_RULE = 'DTSTART:20070311T020000\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU';

/** BLS's calendar with its daylight-saving rule replaced. */
const withRule = (rule: string) => {
  assert.ok(ICS.includes(DAYLIGHT_RULE));
  return ICS.replace(DAYLIGHT_RULE, rule);
};

// 426 bytes of such a VTIMEZONE made ical.js expand for minutes and 2.6 GB.
test('a VTIMEZONE recurring every second since 1970 is refused before ical.js expands it', async () => {
  await refusedWith(
    () => parseBlsReleaseSchedule(withRule('DTSTART:19700101T000000\nRRULE:FREQ=SECONDLY'), 'bls.ics'),
    /^bls\.ics: VTIMEZONE "US-Eastern": RRULE FREQ=SECONDLY: a time zone's rules recur yearly/,
  );
  await refusedWith(() => parseBlsReleaseSchedule(withRule('DTSTART:19700101T000000\nRRULE:FREQ=DAILY'), 'bls.ics'), /RRULE FREQ=DAILY/);
  assertMemoryBounded();
});

test('a yearly VTIMEZONE rule that expands by the second, or from year 1 every day, is refused too', async () => {
  await refusedWith(
    () => parseBlsReleaseSchedule(withRule('DTSTART:19700101T000000\nRRULE:FREQ=YEARLY;BYSECOND=0,1,2,3,4,5'), 'bls.ics'),
    /RRULE BYSECOND: a time zone's rules recur on a day/,
  );
  await refusedWith(
    () => parseBlsReleaseSchedule(withRule('DTSTART:00010101T000000\nRRULE:FREQ=YEARLY;BYDAY=MO,TU,WE,TH,FR,SA,SU'), 'bls.ics'),
    /its RRULE would expand to about [\d,]+ changes, more than the 10,000 a zone may have/,
  );
  await refusedWith(
    () => parseBlsReleaseSchedule(ICS.replace('DTSTART;TZID=US-Eastern:20260605T083000', 'DTSTART;TZID=US-Eastern:90000605T083000'), 'bls.ics'),
    /DTSTART 9000-06-05T08:30:00 is not between 1900 and 2200/,
  );
  assertMemoryBounded();
});

test('BLS’s real calendar, with its yearly US-Eastern rules, still imports', () => {
  assert.ok(parseBlsReleaseSchedule(ICS, 'bls.ics').rows.length > 0);
});

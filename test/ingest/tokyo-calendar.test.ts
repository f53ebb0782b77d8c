import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isTokyoSession, japaneseHolidays } from '../../src/ingest/demo/calendars/tokyo.ts';
import { tradingSessions } from '../../src/ingest/demo/equities/sessions.ts';
import { fundSessions } from '../../src/ingest/demo/etf/sessions.ts';

test("the Tokyo calendar closes on national holidays, their substitutes, citizens' holidays and the year end", () => {
  // Cabinet Office list for 2026: 18 days, the substitute of 6 May and the citizens' holiday of 22 September among them.
  assert.deepEqual([...japaneseHolidays(2026)].sort(), [
    '2026-01-01',
    '2026-01-12',
    '2026-02-11',
    '2026-02-23',
    '2026-03-20',
    '2026-04-29',
    '2026-05-03',
    '2026-05-04',
    '2026-05-05',
    '2026-05-06',
    '2026-07-20',
    '2026-08-11',
    '2026-09-21',
    '2026-09-22',
    '2026-09-23',
    '2026-10-12',
    '2026-11-03',
    '2026-11-23',
  ]);
  // The one-off days of the 2019 accession and the Olympic moves of 2021.
  for (const day of ['2019-04-30', '2019-05-01', '2019-05-02', '2019-10-22', '2021-07-22', '2021-07-23', '2021-08-09'])
    assert.equal(isTokyoSession(day), false, day);
  // Before 2019 the Emperor's birthday was 23 December; 23 February only from 2020.
  assert.equal(isTokyoSession('2018-12-21'), true);
  assert.equal(japaneseHolidays(2018).has('2018-12-23'), true);
  assert.equal(isTokyoSession('2019-02-22'), true);
  for (const day of ['2025-12-31', '2026-01-02', '2026-01-03'])
    assert.equal(japaneseHolidays(Number(day.slice(0, 4))).has(day) || !isTokyoSession(day), true, day);
  assert.equal(isTokyoSession('2026-01-05'), true, 'the first Monday after the New Year closure trades');
});

test('stocks and ETFs trade on the same Tokyo days', () => {
  const stocks = tradingSessions('2026-11-20');
  const etfs = fundSessions(stocks[0] ?? '', '2026-11-20', 'jp');
  assert.deepEqual(etfs, stocks);
  assert.ok(!stocks.includes('2026-09-22') && !stocks.includes('2025-11-24') && !stocks.includes('2026-01-12'));
});

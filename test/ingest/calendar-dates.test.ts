import { test } from 'node:test';
import assert from 'node:assert/strict';
import { calendarDate, calendarMonth, calendarPeriod, calendarQuarter, isoDateTime, rfc822DateTime } from '../../src/ingest/calendar-dates.ts';

test('calendar dates: real days in each layout, never a rolled-over one', () => {
  assert.equal(calendarDate('2024-02-29'), '2024-02-29');
  assert.equal(calendarDate('2000-02-29'), '2000-02-29', 'divisible by 400: a leap year');
  assert.equal(calendarDate('2026/06/30', 'YYYY/MM/DD'), '2026-06-30');
  assert.equal(calendarDate('20261231', 'YYYYMMDD'), '2026-12-31');
  for (const impossible of ['2025-02-29', '1900-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-01-32']) {
    assert.equal(calendarDate(impossible), undefined, impossible);
  }
  for (const [text, layout] of [
    ['2026/02/30', 'YYYY/MM/DD'],
    ['20260230', 'YYYYMMDD'],
    ['2026-06-01', 'YYYY/MM/DD'],
    ['2026/06/01', 'YYYY-MM-DD'],
    ['2026-6-1', 'YYYY-MM-DD'],
    [' 2026-06-01', 'YYYY-MM-DD'],
    ['2026-06-01T00:00:00Z', 'YYYY-MM-DD'],
  ] as const) {
    assert.equal(calendarDate(text, layout), undefined, `${text} as ${layout}`);
  }
});

test('months, quarters and observation periods', () => {
  assert.equal(calendarMonth('2026-12'), '2026-12');
  assert.equal(calendarMonth('2026-13'), undefined);
  assert.equal(calendarMonth('2026-00'), undefined);
  assert.equal(calendarQuarter('2026-Q4'), '2026-Q4');
  assert.equal(calendarQuarter('2026-Q5'), undefined);
  assert.equal(calendarQuarter('2026-Q0'), undefined);
  for (const period of ['2026', '2026-Q1', '2026-02', '2024-02-29']) assert.equal(calendarPeriod(period), period);
  for (const period of ['2026-02-31', '2025-02-29', '2026-13', '2026-Q5', '26', '2026-W01']) assert.equal(calendarPeriod(period), undefined, period);
});

test('ISO date-times need a zone and a real day and time', () => {
  assert.equal(isoDateTime('2026-06-19T08:45:00.100Z'), '2026-06-19T08:45:00.100Z');
  assert.equal(isoDateTime('2026-06-18T15:30+09:00'), '2026-06-18T06:30:00.000Z');
  assert.equal(isoDateTime('2026-03-01T01:00:00+0900'), '2026-02-28T16:00:00.000Z');
  assert.equal(isoDateTime('2026-06-19T08:45:00.123456Z'), '2026-06-19T08:45:00.123Z');
  assert.equal(isoDateTime('0050-03-01T00:00:00Z'), '0050-03-01T00:00:00.000Z', 'a two-digit year is not the 1900s');
  for (const text of [
    '2026-02-30T08:45:00Z',
    '2026-06-19T24:00:00Z',
    '2026-06-19T08:60:00Z',
    '2026-06-19T08:45:60Z',
    '2026-06-19T08:45:00',
    '2026-06-19T08:45:00+25:00',
    '2026-06-19',
  ]) {
    assert.equal(isoDateTime(text), undefined, text);
  }
});

test('RFC 822 date-times as RSS writes them', () => {
  assert.equal(rfc822DateTime('Thu, 18 Jun 2026 14:05:00 GMT'), '2026-06-18T14:05:00.000Z');
  assert.equal(rfc822DateTime('Thu, 18 Jun 2026 06:30:00 +0900'), '2026-06-17T21:30:00.000Z');
  assert.equal(rfc822DateTime('1 Jul 2026 09:00 EST'), '2026-07-01T14:00:00.000Z');
  for (const text of [
    'Mon, 30 Feb 2026 09:00:00 GMT',
    'Sun, 29 Feb 2025 09:00:00 GMT',
    'Thu, 18 Jux 2026 14:05:00 GMT',
    'Thu, 18 Jun 26 14:05:00 GMT',
    'Thu, 18 Jun 2026 25:05:00 GMT',
    'Thu, 18 Jun 2026 14:05:00 XYZ',
    'sometime last week',
  ]) {
    assert.equal(rfc822DateTime(text), undefined, text);
  }
});

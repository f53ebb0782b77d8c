import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  addDays,
  addMonths,
  addMonthsToDay,
  addQuarters,
  daysBetween,
  daysInMonth,
  isoDay,
  monthEnd,
  mondayOf,
  monthsBetween,
  quarterEnd,
  quarterStart,
  weekdayOf,
} from '../../src/kernel/dates.ts';

const FIRST = Date.UTC(1990, 0, 1);
const LAST = Date.UTC(2100, 11, 31);
/** Any day of 1990–2100, `YYYY-MM-DD`. */
const day = fc.integer({ min: FIRST / 86_400_000, max: LAST / 86_400_000 }).map((n) => isoDay(n * 86_400_000));
const shift = fc.integer({ min: -5000, max: 5000 });
const months = fc.integer({ min: -240, max: 240 });
const monthLabel = day.map((d) => d.slice(0, 7));
const quarterLabel = day.map((d) => `${d.slice(0, 4)}-Q${Math.ceil(Number(d.slice(5, 7)) / 3)}`);

test('addDays: a shift and its reverse give the day back, and the shift is the distance', () => {
  fc.assert(
    fc.property(day, shift, (d, n) => {
      assert.equal(addDays(addDays(d, n), -n), d);
      assert.equal(daysBetween(d, addDays(d, n)), n);
      assert.match(addDays(d, n), /^\d{4}-\d{2}-\d{2}$/);
    }),
  );
  assert.equal(addDays('2024-02-28', 1), '2024-02-29');
  assert.equal(addDays('2026-03-01', -1), '2026-02-28');
});

test('addMonthsToDay: the month-end clamp never overflows into the next month', () => {
  fc.assert(
    fc.property(day, months, (d, n) => {
      const moved = addMonthsToDay(d, n);
      assert.equal(moved.slice(0, 7), addMonths(d.slice(0, 7), n), 'lands in the target month');
      const wanted = Number(d.slice(8, 10));
      const last = daysInMonth(Number(moved.slice(0, 4)), Number(moved.slice(5, 7)));
      assert.equal(Number(moved.slice(8, 10)), Math.min(wanted, last), 'keeps the day, clamped to the month');
    }),
  );
  assert.equal(addMonthsToDay('2026-03-31', -1), '2026-02-28');
  assert.equal(addMonthsToDay('2024-03-31', -1), '2024-02-29');
  assert.equal(addMonthsToDay('2026-05-31', -3), '2026-02-28');
  assert.equal(addMonthsToDay('2026-01-31', 12), '2027-01-31');
});

test('month and quarter labels: shifts invert, ranges count, ends are the last day', () => {
  fc.assert(
    fc.property(monthLabel, months, (m, n) => {
      assert.equal(addMonths(addMonths(m, n), -n), m);
      assert.equal(monthsBetween(m, addMonths(m, Math.abs(n))).length, Math.abs(n) + 1);
      const end = monthEnd(m);
      assert.equal(end.slice(0, 7), m);
      assert.equal(addDays(end, 1).slice(0, 7), addMonths(m, 1));
    }),
  );
  fc.assert(
    fc.property(quarterLabel, fc.integer({ min: -80, max: 80 }), (q, n) => {
      assert.equal(addQuarters(addQuarters(q, n), -n), q);
      assert.equal(addDays(quarterEnd(q), 1), quarterStart(addQuarters(q, 1)));
    }),
  );
  assert.equal(quarterEnd('2025-Q4'), '2025-12-31');
  assert.equal(monthEnd('2024-02'), '2024-02-29');
});

test('mondayOf: a Monday within the six days before', () => {
  fc.assert(
    fc.property(day, (d) => {
      const monday = mondayOf(d);
      assert.equal(weekdayOf(monday), 1);
      assert.ok(daysBetween(monday, d) >= 0 && daysBetween(monday, d) <= 6);
    }),
  );
});

// npm test: embedded pass only (a pure function of dates)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { frequencyOfDays } from '../../../src/domains/series/point-frequency.ts';
import { addDays } from '../../../src/kernel/dates.ts';

const every = (start: string, count: number, step: (i: number) => number): string[] => {
  const days = [start];
  for (let i = 1; i < count; i++) days.push(addDays(days[i - 1] ?? start, step(i)));
  return days;
};

test('a series is labelled at the median step between its days: weekends, holidays and a missing month do not move it', () => {
  // Weekdays from a Monday, a holiday on the 8th: steps of 1, and 3 over each weekend.
  const weekdays = every('2026-06-01', 21, (i) => (i % 5 === 0 ? 3 : 1)).filter((_, i) => i !== 7);
  assert.equal(frequencyOfDays(weekdays), 'daily');
  assert.equal(frequencyOfDays(every('2026-01-02', 21, () => 7)), 'weekly');
  const months = Array.from({ length: 21 }, (_, i) => `${2024 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`).filter(
    (day) => day !== '2024-07-01',
  );
  assert.equal(frequencyOfDays(months), 'monthly');
  assert.equal(frequencyOfDays(['2024-01-01', '2024-04-01', '2024-07-01', '2024-10-01', '2025-01-01']), 'quarterly');
  assert.equal(frequencyOfDays(['2022-01-01', '2023-01-01', '2024-01-01']), 'annual');
  // A fund dealing on Mondays, Wednesdays and Fridays: steps of 2, 2 and 3.
  assert.equal(frequencyOfDays(every('2026-06-01', 21, (i) => (i % 3 === 0 ? 3 : 2))), 'irregular');
  assert.equal(frequencyOfDays(['2026-06-01']), undefined);
});

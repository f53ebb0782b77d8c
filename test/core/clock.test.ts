import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { isoFormatter, rememberingIsoFormatter } from '../../src/core/clock.ts';

/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the years toISOString writes with four digits. */
const FIRST_MS = -62_167_219_200_000;
const LAST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

test('the ISO formatter writes exactly what toISOString writes, for any instant of years 0000–9999', () => {
  const iso = isoFormatter();
  fc.assert(
    fc.property(fc.integer({ min: FIRST_MS, max: LAST_MS }), (ms) => {
      assert.equal(iso(ms), new Date(ms).toISOString());
    }),
    { numRuns: 20_000 },
  );
});

test('the ISO formatter is exact at the edges of a day, in order and out of order', () => {
  const iso = isoFormatter();
  const edges = ['2026-02-28T23:59:59.999Z', '2026-03-01T00:00:00.000Z', '2024-02-29T12:00:00.005Z', '1970-01-01T00:00:00.000Z', '1969-12-31T23:59:59.999Z', '2000-12-31T23:59:59.990Z'];
  for (const text of [...edges, ...edges.toReversed()]) assert.equal(iso(Date.parse(text)), text);
  assert.throws(() => iso(Number.NaN), RangeError);
});

test('the remembering formatter answers each instant like toISOString', () => {
  const iso = rememberingIsoFormatter();
  for (const ms of [1_795_314_180_000, 1_795_314_180_000, 1_795_314_180_001, 86_400_000 * 20_000 - 1]) assert.equal(iso(ms), new Date(ms).toISOString());
});

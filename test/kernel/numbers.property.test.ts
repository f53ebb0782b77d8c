import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { roundTo } from '../../src/kernel/numbers.ts';

const figure = fc.double({ min: -1e9, max: 1e9, noNaN: true });
const decimals = fc.integer({ min: 0, max: 6 });

test('roundTo is symmetric around zero: -x rounds to minus what x rounds to', () => {
  fc.assert(fc.property(figure, decimals, (x, d) => assert.equal(roundTo(-x, d) + 0, -roundTo(x, d) + 0)));
  assert.equal(roundTo(-0.125, 2), -0.13);
  assert.equal(roundTo(0.125, 2), 0.13);
  assert.equal(roundTo(-2.5, 0), -3);
});

test('roundTo is idempotent and moves a figure by at most half a unit of its last place', () => {
  fc.assert(
    fc.property(figure, decimals, (x, d) => {
      const once = roundTo(x, d);
      assert.equal(roundTo(once, d), once);
      assert.ok(Math.abs(once - x) <= 0.5 / 10 ** d + Math.abs(x) * 1e-12);
    }),
  );
});

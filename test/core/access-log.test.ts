import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { millisecondsText } from '../../src/core/access-log.ts';

test('the access line prints milliseconds rounded to hundredths, as a JSON number', () => {
  assert.equal(millisecondsText(0.049), '0.05');
  assert.equal(millisecondsText(12.5), '12.50');
  assert.equal(millisecondsText(3), '3.00');
  assert.equal(millisecondsText(0.004), '0.00');
  fc.assert(
    fc.property(fc.double({ min: 0, max: 1e7, noNaN: true }), (ms) => {
      const text = millisecondsText(ms);
      assert.match(text, /^\d+\.\d\d$/);
      assert.equal(JSON.parse(text), Math.round(ms * 100) / 100);
    }),
  );
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CROSS_SIGNIFICANT_DIGITS, pairInstruments, pairRate } from '../../../src/domains/instruments/dollar-quotes.ts';

// The ECB's rates of 2024-08-12 (units per euro) and Vietcombank's USD/VND of 2026-09-02.
const STORED = new Map([
  ['fx:EUR/USD', 1.0925],
  ['fx:EUR/JPY', 161.25],
  ['fx:EUR/GBP', 0.85554],
  ['fx:USD/VND', 25880],
]);
const rate = (base: string, quote: string) => pairRate(base, quote, (instrument) => STORED.get(instrument));
const cross = (value: number) => Number(value.toPrecision(CROSS_SIGNIFICANT_DIGITS));

test('a stored pair is served as published, never re-rounded', () => {
  assert.deepEqual(rate('EUR', 'GBP'), { value: 0.85554, instruments: ['fx:EUR/GBP'] });
  assert.deepEqual(rate('EUR', 'JPY'), { value: 161.25, instruments: ['fx:EUR/JPY'] });
});

test('a derived pair carries five significant digits, the fewest its legs carry', () => {
  assert.equal(CROSS_SIGNIFICANT_DIGITS, 5);
  assert.deepEqual(rate('GBP', 'EUR'), { value: cross(1 / 0.85554), instruments: ['fx:EUR/GBP'] });
  // Through the euro when both legs are euro rates: GBP/JPY = (JPY per EUR) / (GBP per EUR).
  assert.deepEqual(rate('GBP', 'JPY'), { value: cross(161.25 / 0.85554), instruments: ['fx:EUR/GBP', 'fx:EUR/JPY'] });
  assert.equal(rate('USD', 'JPY')?.value, 147.6);
  // Through the dollar when a leg is quoted against the dollar only.
  assert.deepEqual(rate('EUR', 'VND'), { value: cross(1.0925 * 25880), instruments: ['fx:EUR/USD', 'fx:USD/VND'] });
  // JPY/VND needs the dollar's yen rate, which the ECB importer stores as USD/JPY.
  const withUsdJpy = new Map([...STORED, ['fx:USD/JPY', 147.6]]);
  assert.equal(pairRate('JPY', 'VND', (instrument) => withUsdJpy.get(instrument))?.value, cross(25880 / 147.6));
});

test('without the legs there is no figure, never a zero', () => {
  assert.equal(rate('EUR', 'CNY'), null);
  assert.ok(pairInstruments('GBP', 'JPY').includes('fx:EUR/GBP'));
});

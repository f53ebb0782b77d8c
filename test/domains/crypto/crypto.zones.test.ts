import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fearGreedClassification, mvrvZone, nuplZone } from '../../../src/domains/crypto/crypto.zones.ts';

test('MVRV zones switch exactly at 1, 2.4 and 3.7 (lower bound inclusive)', () => {
  const cases: [number, string][] = [
    [0.5, 'undervalued'],
    [0.9999, 'undervalued'],
    [1, 'fair_value'],
    [2.3999, 'fair_value'],
    [2.4, 'overheating'],
    [3.6999, 'overheating'],
    [3.7, 'overvalued'],
    [8, 'overvalued'],
  ];
  for (const [value, zone] of cases) assert.equal(mvrvZone(value), zone, String(value));
});

test('NUPL zones switch exactly at 0, 0.25, 0.5 and 0.75 (lower bound inclusive)', () => {
  const cases: [number, string][] = [
    [-0.2, 'capitulation'],
    [-0.0001, 'capitulation'],
    [0, 'hope_fear'],
    [0.2499, 'hope_fear'],
    [0.25, 'optimism'],
    [0.4999, 'optimism'],
    [0.5, 'belief'],
    [0.7499, 'belief'],
    [0.75, 'euphoria'],
    [0.9, 'euphoria'],
  ];
  for (const [value, zone] of cases) assert.equal(nuplZone(value), zone, String(value));
});

test('Fear & Greed bands', () => {
  const cases: [number, string][] = [
    [0, 'Extreme fear'],
    [24, 'Extreme fear'],
    [25, 'Fear'],
    [44, 'Fear'],
    [45, 'Neutral'],
    [55, 'Neutral'],
    [56, 'Greed'],
    [75, 'Greed'],
    [76, 'Extreme greed'],
    [100, 'Extreme greed'],
  ];
  for (const [value, band] of cases) assert.equal(fearGreedClassification(value), band, String(value));
});

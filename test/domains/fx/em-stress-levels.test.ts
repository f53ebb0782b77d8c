import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { PANIC_AT, stressLevel, stressSummary, WARNING_AT } from '../../../src/domains/fx/fx.em-stress.ts';
import { closeTo, expectedLevel, independentStress, testClose } from './independent.ts';

test('pair levels at their thresholds: rising volatility or a price far from its mean, either way', () => {
  assert.equal(WARNING_AT, 2);
  assert.equal(PANIC_AT, 3);
  assert.equal(stressLevel(1.99, 0), 'STABLE');
  assert.equal(stressLevel(2, 0), 'WARNING');
  assert.equal(stressLevel(2.99, 0), 'WARNING');
  assert.equal(stressLevel(3, 0), 'PANIC');
  assert.equal(stressLevel(0, 1.99), 'STABLE');
  assert.equal(stressLevel(0, -2), 'WARNING');
  assert.equal(stressLevel(0, 2.99), 'WARNING');
  assert.equal(stressLevel(0, -3), 'PANIC');
  // Falling volatility is calm, not stress.
  assert.equal(stressLevel(-3.5, 0.5), 'STABLE');
  // The twin's examples: USD/CNY (z −1.52, price z −2) and USD/IDR (1.02, 2.49) are both WARNING.
  assert.equal(stressLevel(-1.52, -2), 'WARNING');
  assert.equal(stressLevel(1.02, 2.49), 'WARNING');
  assert.equal(stressLevel(null, 1), 'UNKNOWN');
  assert.equal(stressLevel(1, null), 'UNKNOWN');
});

test('summary level at its thresholds: a panic weighs two warnings; 2 make WARNING, 4 PANIC', () => {
  assert.equal(stressSummary([]), null);
  assert.equal(stressSummary(['UNKNOWN', 'UNKNOWN']), null);
  assert.deepEqual(stressSummary(['STABLE', 'WARNING', 'UNKNOWN']), { level: 'STABLE', score: 1, panicCount: 0, warningCount: 1 });
  assert.deepEqual(stressSummary(['WARNING', 'WARNING']), { level: 'WARNING', score: 2, panicCount: 0, warningCount: 2 });
  assert.deepEqual(stressSummary(['PANIC', 'STABLE']), { level: 'WARNING', score: 2, panicCount: 1, warningCount: 0 });
  assert.deepEqual(stressSummary(['PANIC', 'WARNING']), { level: 'WARNING', score: 3, panicCount: 1, warningCount: 1 });
  // The twin's example: four warnings and no panic is PANIC with score 4.
  assert.deepEqual(stressSummary(['WARNING', 'WARNING', 'WARNING', 'WARNING']), { level: 'PANIC', score: 4, panicCount: 0, warningCount: 4 });
  assert.deepEqual(stressSummary(['PANIC', 'PANIC']), { level: 'PANIC', score: 4, panicCount: 2, warningCount: 0 });
});

function weekdays(until: string, count: number): string[] {
  const dates: string[] = [];
  for (let time = Date.parse(`${until}T00:00:00Z`); dates.length < count; time -= 86_400_000) {
    const day = new Date(time).getUTCDay();
    if (day !== 0 && day !== 6) dates.push(new Date(time).toISOString().slice(0, 10));
  }
  return dates.reverse();
}

test('a volatility spike in stored closes makes a pair PANIC; a short history is UNKNOWN with null figures', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  const dates = weekdays('2026-06-19', 150);
  // USD/TRY: a calm drift with small alternating moves for 140 days, then ten days of 3% swings.
  let level = 40;
  const tryCloses = dates.map((_, i) => {
    const move = i < 140 ? (i % 2 === 0 ? 0.002 : -0.0015) * (1 + (i % 7) / 10) : i % 2 === 0 ? 0.03 : -0.025;
    level *= Math.exp(move);
    return Number(level.toFixed(4));
  });
  const rows = [
    ...dates.map((date, i) => testClose('USD/TRY', date, tryCloses[i] as number)),
    ...dates.slice(-10).map((date, i) => testClose('USD/BRL', date, 5.4 + i / 100)),
  ];
  await db.insertInto('instrument_close').values(rows).execute();
  const response = await hub.get('/openapi/v1/fx/em-stress', await hub.key());
  const pairs = (response.json().data as { pairs: Record<string, unknown>[] }).pairs;
  const turkey = pairs.find((p) => p.pair === 'USD/TRY');
  const expected = independentStress(tryCloses);
  assert.ok(expected.z >= 3, `the spike is a 3-sigma volatility event (z = ${expected.z})`);
  assert.equal(turkey?.level, 'PANIC');
  assert.equal(turkey?.level, expectedLevel(expected.z, expected.priceZ));
  assert.ok(closeTo(turkey?.zScore as number, expected.z, 2));
  assert.equal(turkey?.sampleN, 90);
  // Ten closes: nine returns, no 30-day volatility, no baseline.
  assert.deepEqual(
    pairs.find((p) => p.pair === 'USD/BRL'),
    {
      pair: 'USD/BRL',
      latestPrice: 5.49,
      vol30d: null,
      vol90dMean: null,
      vol90dSd: null,
      zScore: null,
      priceZScore: null,
      level: 'UNKNOWN',
      sampleN: 0,
    },
  );
  const summary = await hub.get('/openapi/v1/fx/summary', await hub.key());
  assert.deepEqual(summary.json().data.emStress, { level: 'WARNING', score: 2, panicCount: 1, warningCount: 0 });
});

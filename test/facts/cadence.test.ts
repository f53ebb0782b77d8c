import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cadenceOf } from '../../src/facts/cadence.ts';
import { FACT_FAMILIES } from '../../src/facts/families.ts';
import { dueAt, freshnessOf, storedPeriod } from '../../src/facts/freshness.ts';
import { storedFact } from '../../src/facts/names.ts';

const due = (stored: string, lastPeriod: string | null) => dueAt(cadenceOf(stored), lastPeriod)?.toISOString() ?? null;

test('the periods the tables store are read with their end: year, quarter, month, day, instant; anything else is not a period', () => {
  assert.deepEqual(storedPeriod('2025'), { grain: 'year', endMs: Date.parse('2026-01-01T00:00:00Z') });
  assert.deepEqual(storedPeriod('2025-Q4'), { grain: 'quarter', endMs: Date.parse('2026-01-01T00:00:00Z') });
  assert.deepEqual(storedPeriod('2015-Q3'), { grain: 'quarter', endMs: Date.parse('2015-10-01T00:00:00Z') });
  assert.deepEqual(storedPeriod('2026-02'), { grain: 'month', endMs: Date.parse('2026-03-01T00:00:00Z') });
  assert.deepEqual(storedPeriod('2026-02-28'), { grain: 'day', endMs: Date.parse('2026-03-01T00:00:00Z') });
  assert.deepEqual(storedPeriod('2026-06-18T13:30:00.000Z'), { grain: 'instant', endMs: Date.parse('2026-06-18T13:30:00Z') });
  for (const text of ['', '26', '2025-Q5', '2025-Q0', '2026-13', '2026-02-30', '2026/02', 'latest', '2026-06-18Tnoon'])
    assert.equal(storedPeriod(text), undefined, text);
});

test("quarterly GDP: Japan's next quarter is due about 45 days after it ends (ESRI's first preliminary), other countries' within two months", () => {
  assert.deepEqual(cadenceOf('macro_observation:jp.gdp.real'), cadenceOf('macro_observation:jp.gdp.nominal'));
  // 2015-Q3 is followed by 2015-Q4, which ends 2016-01-01; ESRI's first estimate comes mid-February.
  assert.equal(due('macro_observation:jp.gdp.real', '2015-Q3'), '2016-02-20T00:00:00.000Z');
  assert.equal(due('macro_observation:us.gdp.real', '2026-Q1'), '2026-09-04T00:00:00.000Z');
});

test('monthly CPI is due about a month after the next month; annual population at its year; TIBOR the business days after', () => {
  // April's is followed by May's, which ends 2026-06-01 and comes within 35 days.
  assert.equal(due('macro_observation:us.cpi', '2026-04'), '2026-07-06T00:00:00.000Z');
  assert.equal(due('macro_observation:jp.cpi.core', '2026-04'), '2026-07-06T00:00:00.000Z');
  assert.equal(due('macro_observation:us.ppi', '2026-04'), '2026-07-06T00:00:00.000Z');
  // An annual population series (Vietnam's) is never due a month after its year: the stored grain is kept.
  assert.equal(due('macro_observation:vn.population', '2025'), '2027-03-02T00:00:00.000Z');
  assert.equal(due('macro_observation:us.population', '2026-04'), '2026-07-31T00:00:00.000Z');
  // Friday's fixing: Monday's is due, with two business days' margin: stale from Thursday.
  assert.equal(due('macro_observation:jp.tibor.3m', '2026-06-19'), '2026-06-25T00:00:00.000Z');
});

test('daily closes skip the weekend; monthly commodity averages are due after the next month; crypto counts every day', () => {
  assert.equal(due('instrument_close:index:FTSE', '2026-06-17'), '2026-06-23T00:00:00.000Z'); // Wed → Thu's close, + 2 business days: end of Mon
  assert.equal(due('instrument_close:index:FTSE', '2026-06-19'), '2026-06-25T00:00:00.000Z'); // Fri → Mon's, + 2: end of Wed
  assert.equal(due('instrument_close:commodity:wti-crude', '2026-06-19'), '2026-06-25T00:00:00.000Z');
  assert.equal(due('instrument_close:commodity:copper-lme', '2026-05-01'), '2026-06-22T00:00:00.000Z');
  assert.equal(due('instrument_close:commodity:gold', '2026-05-01'), '2026-06-17T00:00:00.000Z');
  assert.equal(due('crypto_metric:btc_hashrate', '2026-06-20T00:00:00.000Z'), '2026-06-23T00:00:00.000Z');
  assert.equal(due('etf_nav', '2026-06-19'), '2026-06-25T00:00:00.000Z');
});

test("a release calendar is due when it has run out; a road price table by the next year's first month; MLIT's quarter three months on", () => {
  assert.equal(due('calendar_event:us', '2026-12-18T13:30:00.000Z'), '2026-12-25T13:30:00.000Z');
  assert.equal(due('re_road_price', '2025'), '2026-02-01T00:00:00.000Z');
  assert.equal(due('re_transaction:jp', '2025-Q4'), '2026-07-15T00:00:00.000Z');
});

test('reference data and irregular events are never due, nor is a fact with no period or an unreadable one', () => {
  for (const stored of ['etf_fund:trust_fee', 'etf_fund:name', 'crypto_coin', 're_province:vn', 're_ward:jp.boundary', 'equity_issue', 'equity_action']) {
    assert.equal(due(stored, '2020-01-01'), null, stored);
    assert.equal(due(stored, null), null, stored);
  }
  assert.equal(due('macro_observation:us.cpi', 'not a period'), null);
  // FDI's method-change marker is an event; its preliminary flag is quarterly like its figures.
  assert.equal(due('macro_observation:jp.fdi.outward.method-change', '2025-Q1'), null);
  assert.equal(due('macro_observation:jp.fdi.outward.preliminary', '2025-Q1'), '2025-09-14T00:00:00.000Z');
});

test('every family has a cadence; a family with a due date has a non-empty basis', () => {
  for (const family of FACT_FAMILIES) {
    const stored = storedFact(family.name.includes('.') && family.stored.includes('*') ? `${family.name}:x` : family.name);
    assert.ok(stored !== undefined, family.name);
    const cadence = cadenceOf(stored);
    assert.ok(cadence.basis.length > 0, family.name);
    assert.equal(
      cadence.kind === 'none',
      family.frequency === 'static' || family.pointInTime.startsWith('reference data') || family.name === 'equity.action',
      family.name,
    );
  }
});

test('a fact is stale only once its due date has passed; its age runs from the knowledge time of its newest release', () => {
  const states = [
    { fact: 'macro_observation:jp.gdp.real', lastPeriod: '2015-Q3', knowledgeAt: '2016-01-10T01:00:00.000Z', sourceIds: ['cao-gdp'] },
    { fact: 'etf_fund:trust_fee', lastPeriod: null, knowledgeAt: '2016-01-10T01:00:00.000Z', sourceIds: [] },
  ];
  const before = freshnessOf(states, new Date('2016-02-19T23:59:59.000Z'));
  assert.deepEqual(
    before.map(({ name, stale, dueAt: at, ageSeconds }) => ({ name, stale, dueAt: at, ageSeconds })),
    [
      { name: 'etf.trustFee', stale: false, dueAt: null, ageSeconds: 40 * 86_400 + 22 * 3600 + 59 * 60 + 59 },
      { name: 'macro:jp.gdp.real', stale: false, dueAt: '2016-02-20T00:00:00.000Z', ageSeconds: 40 * 86_400 + 22 * 3600 + 59 * 60 + 59 },
    ],
  );
  const after = freshnessOf(states, new Date('2016-02-20T00:00:01.000Z'));
  assert.deepEqual(
    after.map(({ name, stale }) => [name, stale]),
    [
      ['etf.trustFee', false],
      ['macro:jp.gdp.real', true],
    ],
  );
  // Years later the reference fact is still not stale.
  assert.equal(freshnessOf(states, new Date('2030-01-01T00:00:00.000Z'))[0]?.stale, false);
  // A release known after the clock's now is new, not of negative age.
  assert.equal(freshnessOf(states, new Date('2016-01-01T00:00:00.000Z'))[0]?.ageSeconds, 0);
});

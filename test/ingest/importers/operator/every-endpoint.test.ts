import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allPublishersHub } from '../../../helpers/all-publishers-hub.ts';
import { unfilledFields } from '../../../helpers/endpoint-fields-check.ts';
import { importOperatorFile, operatorFixture } from '../../../helpers/operator-files.ts';
import { ENDPOINT_FACTS } from '../../../../src/facts/endpoint-fields.ts';

/**
 * Issue 32's "with such files for the licensed facts, every one of the 67 endpoints can be
 * full": a store synced once from every shipped publisher's recorded samples (no demo), then
 * the operator's files of test/fixtures/operator/ (made-up stand-ins for licensed data, see its
 * README) loaded as `fdh import` loads them.
 */
const OPERATOR_FILES = [
  ['geography', 'examples/vietnam-provinces-wards.geojson'],
  ['instruments', 'licensed/instruments.csv'],
  ['observations', 'licensed/observations.csv'],
  ['observations', 'examples/hanoi-land-prices.csv'],
  ['events', 'licensed/events.csv'],
] as const;

/**
 * Fields a shipped source fills whose recorded samples end before the window the example asks
 * for (no operator file is for them): the dollar-index replica's ECB legs end 2026-03-05.
 */
const SAMPLES_BEFORE_WINDOW: Readonly<Record<string, string>> = {
  '/commodities/gold-dxy: series.dxy[].value': "the replica's recorded ECB legs end 2026-03-05, before the 3 months to 2026-06-19 the chart shows",
  '/commodities/gold-dxy: series.dxy[].date': "the replica's recorded ECB legs end 2026-03-05, before the 3 months to 2026-06-19 the chart shows",
  '/fx/correlation: matrix': "DXY (the replica) and the dollar pairs' recorded ECB history end 2026-03-05, before the licensed gold's days",
};

test('with the operator files for what no shipped source fills, every data endpoint answers 200 with every field filled', async (t) => {
  const { hub, outcomes } = await allPublishersHub(t);
  assert.deepEqual(outcomes.filter((outcome) => outcome.status !== 'succeeded').map((outcome) => outcome.sourceId), [], 'every publisher source synced');
  for (const [format, file] of OPERATOR_FILES) {
    const result = await importOperatorFile(hub, format, operatorFixture(file));
    assert.equal(result.status, 'loaded', file);
  }
  assert.equal(ENDPOINT_FACTS.length, 67);
  const key = await hub.key('pro');
  const problems: string[] = [];
  for (const endpoint of ENDPOINT_FACTS) problems.push(...(await unfilledFields(hub, key, endpoint)));
  const excused = (field: string, problem: string) => problem.startsWith(`${field} is null or empty`);
  assert.deepEqual(problems.filter((problem) => !Object.keys(SAMPLES_BEFORE_WINDOW).some((field) => excused(field, problem))), []);
  assert.deepEqual(Object.keys(SAMPLES_BEFORE_WINDOW).filter((field) => !problems.some((problem) => excused(field, problem))), [], 'SAMPLES_BEFORE_WINDOW names only fields left empty');
});

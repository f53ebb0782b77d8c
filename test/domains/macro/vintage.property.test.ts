import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import type { FdiByRegion } from '../../../src/domains/macro/fdi.schemas.ts';
import type { IndicatorTable } from '../../../src/domains/macro/indicators.schemas.ts';
import type { Tibor } from '../../../src/domains/macro/tibor.schemas.ts';
import { endOfDay, selectAsOf, type ObservationVersion } from '../../../src/store/vintage.ts';
import { call, clearStore, loadReleases, type TestRelease } from './helpers.ts';

/**
 * Random release histories, loaded in random order (backfills included), against an independent
 * model of contract section 7: per series and period the figure served at a cut-off is the latest
 * one known; `knowledgeAt` is when the served figure was first learned (a release repeating it
 * does not move it); a figure is restated when a different one was known before it, at or before
 * the cut-off.
 */
interface Expected {
  value: number | null;
  knowledgeAt: string;
  restated: boolean;
}

function model(releases: readonly TestRelease[], cutoff: string): Map<string, Expected> {
  const state = new Map<string, Expected>();
  for (const release of [...releases].sort((a, b) => (a.knowledgeAt < b.knowledgeAt ? -1 : 1))) {
    if (release.knowledgeAt > cutoff) continue;
    for (const [series, period, value] of release.rows) {
      const key = `${series}|${period}`;
      const current = state.get(key);
      if (current === undefined) state.set(key, { value, knowledgeAt: release.knowledgeAt, restated: false });
      else if (current.value !== value) state.set(key, { value, knowledgeAt: release.knowledgeAt, restated: true });
    }
  }
  return state;
}

const summary = (served: Expected[]) => ({
  knowledgeAt:
    served
      .map((s) => s.knowledgeAt)
      .sort()
      .at(-1) ?? null,
  wasRestated: served.some((s) => s.restated),
});

const TODAY = '2026-06-19';
const DAY0 = Date.parse('2026-01-10T00:00:00.000Z');
const day = (offset: number) => new Date(DAY0 + offset * 86_400_000).toISOString().slice(0, 10);

/** Releases with distinct knowledge times between 2026-01-10 and 2026-06-18, over the given cells. */
function releasesOver(cells: readonly (readonly [string, string])[]) {
  const value = fc.constantFrom(0.1, 0.2, 0.3, null);
  const release = fc.record({
    minute: fc.integer({ min: 0, max: 159 * 1440 }),
    rows: fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: cells.length - 1 }), value), { minLength: 1, maxLength: cells.length, selector: ([cell]) => cell }),
  });
  return fc.uniqueArray(release, { minLength: 1, maxLength: 6, selector: (r) => r.minute }).map((list): TestRelease[] =>
    list.map((r) => ({
      knowledgeAt: new Date(DAY0 + r.minute * 60_000).toISOString(),
      rows: r.rows.map(([cell, v]) => {
        const [series, period] = cells[cell] ?? ['', ''];
        return [series, period, v] as const;
      }),
    })),
  );
}

/** Cut-off days from before the first release to today; `undefined`: no asOf. */
const asOfs = fc.array(fc.option(fc.integer({ min: -5, max: 160 }).map(day), { nil: undefined }), { minLength: 1, maxLength: 4 });

const cutoffOf = (asOf: string | undefined) => (asOf === undefined ? '2026-06-19T08:45:30.000Z' : endOfDay(asOf > TODAY ? TODAY : asOf));
const withAsOf = (url: string, asOf: string | undefined) => (asOf === undefined ? url : `${url}&asOf=${asOf > TODAY ? TODAY : asOf}`);

test('selectAsOf serves the latest version known at the cut-off and flags restated figures (pure)', () => {
  const version = fc.record({
    series: fc.constantFrom('a', 'b'),
    period: fc.constantFrom('2026-01', '2026-02'),
    value: fc.constantFrom(1, 2, null),
    knowledgeAt: fc.integer({ min: 0, max: 100 }).map((d) => `${day(d)}T00:00:00.000Z`),
  });
  fc.assert(
    fc.property(
      fc.uniqueArray(version, { maxLength: 12, selector: (v) => `${v.series}${v.period}${v.knowledgeAt}` }),
      fc.integer({ min: -1, max: 101 }),
      (raw, cut) => {
        const versions: ObservationVersion[] = raw.map((v) => ({ ...v, marker: null, source: 's' }));
        const cutoff = endOfDay(day(cut));
        const served = selectAsOf(versions, cutoff);
        for (const series of ['a', 'b']) {
          for (const period of ['2026-01', '2026-02']) {
            const known = versions
              .filter((v) => v.series === series && v.period === period && v.knowledgeAt <= cutoff)
              .sort((x, y) => (x.knowledgeAt < y.knowledgeAt ? -1 : 1));
            const figure = served.get(series)?.find((f) => f.period === period);
            const last = known.at(-1);
            if (last === undefined) {
              assert.equal(figure, undefined);
              continue;
            }
            let runStart = known.length - 1;
            while (runStart > 0 && known[runStart - 1]?.value === last.value) runStart--;
            assert.equal(figure?.value, last.value);
            assert.equal(figure?.knowledgeAt, known[runStart]?.knowledgeAt, 'first learned: the start of the trailing run of equal figures');
            assert.equal(
              figure?.restated,
              known.some((v) => v.value !== last.value),
            );
          }
        }
      },
    ),
    { numRuns: 300 },
  );
});

let shared: { hub: TestHub } | undefined;
async function hubFor(t: Parameters<typeof createTestHub>[0]) {
  shared = { hub: await createTestHub(t) };
  return shared;
}

test('endpoints serve exactly what was known at random cut-offs: TIBOR, Japan FDI, an indicator table', async (t) => {
  const { hub } = shared ?? (await hubFor(t));
  const tenors = ['1w', '1m', '3m', '6m'] as const;
  const dates = ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08'];
  const tiborCells = tenors.flatMap((tenor) => dates.map((date) => [`jp.tibor.${tenor}`, date] as const));
  await fc.assert(
    fc.asyncProperty(releasesOver(tiborCells), asOfs, async (releases, cuts) => {
      await clearStore(hub);
      await loadReleases(hub, releases);
      // A fresh key per run: the manual clock never leaves its minute, so one key's budget would run out.
      const key = await hub.key('enterprise');
      for (const asOf of cuts) {
        const expected = model(releases, cutoffOf(asOf));
        const { body } = await call<Tibor>(hub, key, withAsOf('/macro/interbank-rates/jp/tibor?period=3Y', asOf));
        const servedDates = [...new Set([...expected.keys()].map((k) => k.split('|')[1] ?? ''))].sort();
        assert.equal(body.data.latestDate, servedDates.at(-1) ?? null);
        assert.deepEqual(
          body.data.points.map((p) => p.date),
          servedDates,
        );
        for (const point of body.data.points) {
          for (const tenor of tenors) {
            const field = `tibor${tenor}` as 'tibor1w' | 'tibor1m' | 'tibor3m' | 'tibor6m';
            assert.equal(point[field], expected.get(`jp.tibor.${tenor}|${point.date}`)?.value ?? null);
          }
        }
        const { knowledgeAt, wasRestated } = summary([...expected.values()]);
        assert.equal(body.data.knowledgeAt, knowledgeAt);
        assert.equal(body.data.wasRestated, wasRestated);
      }
    }),
    { numRuns: 25 },
  );

  const quarters = ['2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4'];
  const parts = ['total', 'asia', 'europe'];
  const fdiCells = parts.flatMap((part) => quarters.map((q) => [`jp.fdi.outward.${part}`, q] as const));
  await fc.assert(
    fc.asyncProperty(releasesOver(fdiCells), asOfs, async (releases, cuts) => {
      await clearStore(hub);
      await loadReleases(hub, releases);
      // A fresh key per run: the manual clock never leaves its minute, so one key's budget would run out.
      const key = await hub.key('enterprise');
      for (const asOf of cuts) {
        const expected = model(releases, cutoffOf(asOf));
        const { status, body } = await call<FdiByRegion>(hub, key, withAsOf('/macro/fdi/by-region?country=jp&direction=outward&from=2025-Q1&to=2025-Q4', asOf));
        assert.equal(status, 200, JSON.stringify(body));
        const latestPeriod =
          [...expected.keys()]
            .map((k) => k.split('|')[1] ?? '')
            .sort()
            .at(-1) ?? null;
        assert.equal(body.data.latestPeriod, latestPeriod);
        assert.deepEqual(
          body.data.outward?.map((r) => r.period),
          latestPeriod === null ? [] : quarters,
          'nothing known yet: the empty answer',
        );
        for (const record of body.data.outward ?? []) {
          assert.equal(record.total, expected.get(`jp.fdi.outward.total|${record.period}`)?.value ?? null);
          assert.equal(record.values.asia, expected.get(`jp.fdi.outward.asia|${record.period}`)?.value ?? null);
          assert.equal(record.values.europe, expected.get(`jp.fdi.outward.europe|${record.period}`)?.value ?? null);
          assert.equal(record.values.africa, null);
        }
        const { knowledgeAt, wasRestated } = summary([...expected.values()]);
        assert.equal(body.data.knowledgeAt, knowledgeAt);
        assert.equal(body.data.wasRestated, wasRestated);
      }
    }),
    { numRuns: 25 },
  );

  const months = ['2025-10', '2025-11', '2025-12', '2026-01'];
  const rateCells = months.map((m) => ['us.policy-rate', m] as const);
  await fc.assert(
    fc.asyncProperty(releasesOver(rateCells), asOfs, async (releases, cuts) => {
      await clearStore(hub);
      await loadReleases(hub, releases);
      // A fresh key per run: the manual clock never leaves its minute, so one key's budget would run out.
      const key = await hub.key('enterprise');
      for (const asOf of cuts) {
        const expected = model(releases, cutoffOf(asOf));
        const { body } = await call<IndicatorTable>(hub, key, withAsOf('/macro/indicators/policy-rate?periods=204', asOf));
        const withValue = months.filter((m) => expected.get(`us.policy-rate|${m}`)?.value != null);
        const first = withValue[0];
        const last = withValue.at(-1);
        const columns = first === undefined || last === undefined ? [] : months.filter((m) => m >= first && m <= last);
        assert.deepEqual(
          body.data.columns.map((c) => c.period),
          columns,
        );
        assert.deepEqual(
          body.data.rows[0]?.values ?? [],
          columns.map((m) => expected.get(`us.policy-rate|${m}`)?.value ?? null),
        );
        const served = columns.flatMap((m) => {
          const e = expected.get(`us.policy-rate|${m}`);
          return e === undefined ? [] : [e];
        });
        const { knowledgeAt, wasRestated } = summary(served);
        assert.equal(body.data.knowledgeAt, knowledgeAt);
        assert.equal(body.data.wasRestated, wasRestated);
      }
    }),
    { numRuns: 25 },
  );
});

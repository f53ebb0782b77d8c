import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import type { Tibor } from '../../../src/domains/macro/tibor.schemas.ts';
import { importFile, ImportError } from '../../../src/ingest/source.ts';
import { tiborJbaImporter } from '../../../src/ingest/importers/macro/tibor-jba.ts';
import { call, fixture, loadReleases, messages } from './helpers.ts';

const at = (iso: string) => ({ knowledgeAt: new Date(iso), loadedAt: new Date(iso) });
const rows = (date: string, rate: number) => (['1w', '1m', '3m', '6m'] as const).map((tenor) => [`jp.tibor.${tenor}`, date, rate] as const);

async function hubWithTibor(t: Parameters<typeof createTestHub>[0]): Promise<{ hub: TestHub; key: string }> {
  const hub = await createTestHub(t);
  await loadReleases(hub, [
    {
      knowledgeAt: '2026-05-10T02:00:00.000Z',
      rows: [...rows('2025-06-05', 0.5), ...rows('2025-06-06', 0.51), ...rows('2026-05-05', 0.8), ...rows('2026-05-06', 0.81)],
    },
  ]);
  const result = await importFile(hub.runtime.store.db, tiborJbaImporter, fixture('jba-tibor-2026-06.csv'), at('2026-06-05T02:30:00.000Z'));
  assert.equal(result.status, 'loaded');
  return { hub, key: await hub.key() };
}

const tibor = (hub: TestHub, key: string, query = '') => call<Tibor>(hub, key, `/macro/interbank-rates/jp/tibor${query}`);

test('TIBOR windows count back from the latest date with data, not from today', async (t) => {
  const { hub, key } = await hubWithTibor(t);
  const month = await tibor(hub, key, '?period=1M');
  assert.equal(month.body.data.latestDate, '2026-06-05');
  assert.deepEqual([month.body.data.from, month.body.data.to], ['2026-05-06', '2026-06-05']);
  assert.deepEqual(
    month.body.data.points.map((p) => p.date),
    ['2026-05-06', '2026-06-01', '2026-06-02', '2026-06-03', '2026-06-04', '2026-06-05'],
  );
  const year = await tibor(hub, key);
  assert.equal(year.body.data.period, '1Y', 'default window');
  assert.equal(year.body.data.from, '2025-06-06');
  assert.equal(year.body.data.points[0]?.date, '2025-06-06');
  assert.equal(year.body.data.points.length, 8);
  const threeYears = await tibor(hub, key, '?period=3Y');
  assert.equal(threeYears.body.data.points.length, 9);
});

test("TIBOR tenors the publisher left blank are null, never 0; figures are the file's", async (t) => {
  const { hub, key } = await hubWithTibor(t);
  const { body } = await tibor(hub, key, '?period=1M');
  const june3 = body.data.points.find((p) => p.date === '2026-06-03');
  assert.deepEqual(june3, { date: '2026-06-03', tibor1w: null, tibor1m: 0.93926, tibor3m: 0.99229, tibor6m: 1.07062 });
  assert.equal(body.data.source, 'JBA TIBOR Administration; Test publisher');
  assert.equal(body.data.unit, 'percent');
  assert.equal(body.data.country, 'JP');
});

test('TIBOR asOf: the window counts from the latest date known then; before any data the answer is empty', async (t) => {
  const { hub, key } = await hubWithTibor(t);
  const before = await tibor(hub, key, '?period=1M&asOf=2026-06-04');
  assert.equal(before.body.data.latestDate, '2026-05-06');
  assert.deepEqual(
    before.body.data.points.map((p) => p.date),
    ['2026-05-05', '2026-05-06'],
  );
  assert.equal(before.body.data.from, '2026-04-07');
  const empty = await tibor(hub, key, '?asOf=2026-05-09');
  assert.equal(empty.status, 200);
  assert.deepEqual([empty.body.data.latestDate, empty.body.data.points, empty.body.data.wasRestated], [null, [], false]);
  const bad = await tibor(hub, key, '?period=2Y');
  assert.equal(bad.status, 400);
  assert.match(messages(bad.body), /period/);
});

test('TIBOR import: the same file twice adds nothing; a corrected file is a revision served from its knowledgeAt', async (t) => {
  const { hub, key } = await hubWithTibor(t);
  const db = hub.runtime.store.db;
  const count = async () =>
    Number(
      (
        await db
          .selectFrom('macro_observation')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await count();
  const again = await importFile(db, tiborJbaImporter, fixture('jba-tibor-2026-06.csv'), at('2026-06-06T02:30:00.000Z'));
  assert.equal(again.status, 'unchanged');
  assert.equal(await count(), before);
  const corrected = await importFile(db, tiborJbaImporter, fixture('jba-tibor-2026-06-corrected.csv'), at('2026-06-08T02:30:00.000Z'));
  assert.equal(corrected.status, 'loaded');
  assert.equal(corrected.rows, 6 * 4);
  assert.equal(await count(), before + 6 * 4);
  const versions = await db.selectFrom('macro_observation').select('value').where('series', '=', 'jp.tibor.3m').where('period', '=', '2026-06-03').execute();
  assert.deepEqual(new Set(versions.map((v) => v.value)), new Set([0.99229, 0.995]), 'the changed fixing is a revision beside the first figure');
  const latest = await tibor(hub, key, '?period=1M');
  assert.equal(latest.body.data.points.find((p) => p.date === '2026-06-03')?.tibor3m, 0.995);
  assert.equal(latest.body.data.wasRestated, true);
  assert.equal(latest.body.data.knowledgeAt, '2026-06-08T02:30:00.000Z');
  const then = await tibor(hub, key, '?period=1M&asOf=2026-06-07');
  assert.equal(then.body.data.points.find((p) => p.date === '2026-06-03')?.tibor3m, 0.99229);
  assert.equal(then.body.data.wasRestated, false);
  assert.equal(then.body.data.knowledgeAt, '2026-06-05T02:30:00.000Z');
});

test('TIBOR import: a malformed file is rejected naming the line, and nothing is written', async (t) => {
  const { hub } = await hubWithTibor(t);
  const db = hub.runtime.store.db;
  const releases = async () =>
    Number(
      (
        await db
          .selectFrom('release')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await releases();
  await assert.rejects(
    importFile(db, tiborJbaImporter, fixture('jba-tibor-malformed.csv'), at('2026-06-09T00:00:00.000Z')),
    (error: unknown) => error instanceof ImportError && /^jba-tibor-malformed\.csv:4: macro:jp\.tibor\.1m "abc" is not a decimal number/.test(error.message),
  );
  assert.equal(await releases(), before);
});

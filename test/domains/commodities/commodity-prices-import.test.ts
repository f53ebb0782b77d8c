import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestHub, TEST_NOW } from '../../helpers/app.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { importFile, ImportError, type Importer } from '../../../src/ingest/source.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/commodities/${name}`, import.meta.url));
const options = { knowledgeAt: new Date(TEST_NOW), loadedAt: new Date(TEST_NOW) };

function importer(): Importer {
  const found = findImporter('commodity-prices-csv') as Importer | undefined;
  assert.ok(found !== undefined, 'fdh import knows commodity-prices-csv');
  return found;
}

test('a commodity price CSV loads closes that the endpoints serve, gaps and all', async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key();
  const result = await importFile(hub.runtime.store.db, importer(), fixture('commodity-prices.csv'), options);
  assert.deepEqual([result.status, result.rows], ['loaded', 12]);

  const history = (await hub.get('/openapi/v1/commodities/wti-crude/history?period=7d', key)).json().data;
  assert.deepEqual(history, [
    { date: '2026-06-15', close: 77.9 },
    { date: '2026-06-16', close: 76.6 },
    { date: '2026-06-17', close: 76.8 },
    { date: '2026-06-19', close: 76.55 },
  ]);
  const list = (await hub.get('/openapi/v1/commodities?search=zinc', key)).json().data;
  assert.deepEqual(list, [
    {
      id: 'zinc-lme',
      name: 'Zinc (LME)',
      category: 'metals',
      unit: 'USD/ton',
      lastClose: 3588,
      currency: 'USD',
      change1dPct: Math.round((3588 / 3491 - 1) * 10000) / 100,
      changeMtdPct: null,
      changeYtdPct: null,
      ma50: null,
      trend: null,
      trendline: [3555.5, 3491, 3588],
      updatedAt: '2026-06-19T00:00:00.000Z',
    },
  ]);
  const silver = (await hub.get('/openapi/v1/commodities?search=silver', key)).json().data[0];
  assert.equal(silver.lastClose, null, 'a commodity without closes is listed with nulls');
  assert.deepEqual(silver.trendline, []);
  assert.equal((await importFile(hub.runtime.store.db, importer(), fixture('commodity-prices.csv'), options)).status, 'unchanged');
});

test('a malformed commodity CSV is rejected naming the line, before anything is written', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  await assert.rejects(
    importFile(db, importer(), fixture('commodity-prices-malformed.csv'), options),
    (error: unknown) => error instanceof ImportError && /line 3/.test(error.message),
  );
  assert.equal((await db.selectFrom('instrument_close').selectAll().execute()).length, 0);
  const parse = (text: string) => () => importer().parse(text, 'x.csv');
  assert.throws(parse('day,slug,close\n'), /line 1/);
  assert.throws(parse('date,slug,close\n2026-02-30,gold,1\n'), /line 2.*date/);
  assert.throws(parse('date,slug,close\n2026-06-01,unobtainium,1\n'), /line 2.*unobtainium/);
  assert.throws(parse('date,slug,close\n2026-06-01,gold,1\n2026-06-01,gold,2\n'), /line 3.*twice/);
  assert.throws(parse('date,slug,close\n2026-06-01,gold,0\n'), /line 2.*close/);
});

test('month- and year-to-date changes are against a close of the month or year before, never an older one', async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key();
  await importFile(hub.runtime.store.db, importer(), fixture('commodity-prices-gap.csv'), options);
  const item = async (search: string) => (await hub.get(`/openapi/v1/commodities?search=${search}`, key)).json().data[0];
  // Zinc's close before 2026 is of 2019: no year-to-date change rather than one over six years.
  const zinc = await item('zinc');
  assert.deepEqual([zinc.changeMtdPct, zinc.changeYtdPct], [null, null]);
  // Copper closed on 2026-05-29 and 2025-12-31: both changes are against them.
  const copper = await item('copper');
  assert.deepEqual([copper.changeMtdPct, copper.changeYtdPct], [Math.round((9690 / 9500 - 1) * 10000) / 100, Math.round((9690 / 8700 - 1) * 10000) / 100]);
});

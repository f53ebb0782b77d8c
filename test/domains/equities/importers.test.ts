import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { importFile, ImportError } from '../../../src/ingest/source.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { db, equitiesHub, type EquitiesHub } from './equities-hub.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/equities/${name}`, import.meta.url));

async function load(hub: EquitiesHub, dataset: string, file: string) {
  const importer = findImporter(dataset);
  assert.ok(importer !== undefined, dataset);
  const at = new Date('2024-08-01T00:00:00Z');
  return importFile(db(hub), importer, fixture(file), { knowledgeAt: at, loadedAt: at });
}

test('J-Quants files load into the equities endpoints', async (t) => {
  const hub = await equitiesHub(t, { seed: false });
  hub.clock.set('2024-08-01T01:00:00Z');
  assert.equal((await load(hub, 'jquants-listed-info', 'listed_info.json')).rows, 3, 'the TOKYO PRO Market issue is not loaded');
  assert.equal((await load(hub, 'jquants-daily-quotes', 'daily_quotes.json')).status, 'loaded');
  assert.equal((await load(hub, 'jquants-daily-quotes', 'daily_quotes.json')).status, 'unchanged');
  await load(hub, 'jquants-statements', 'statements.json');

  await t.test('the AdjustmentFactor becomes a split or a reverse split behind the adjusted prices', async () => {
    const actions = await hub.json('/market/jp/equities/8697/corporate-actions');
    assert.deepEqual(actions.body.data, [{ effectiveDate: '2024-03-27', type: 'split', ratio: 2, adjustmentFactor: 0.5 }]);
    assert.deepEqual(actions.body.meta.source, ['J-Quants']);
    const prices = (await hub.json('/market/jp/equities/8697/prices?range=max')).body.data as {
      points: { date: string; close: number; adjustedClose: number; volume: number; adjustedVolume: number }[];
    };
    // J-Quants' own AdjustmentClose and AdjustmentVolume of the fixture.
    assert.deepEqual(
      prices.points.map((p) => p.adjustedClose),
      [4030, 4050, 4070, 4090, 4100],
    );
    assert.deepEqual(
      prices.points.map((p) => p.adjustedVolume),
      [2000000, 2400000, 2600000, 2500000, 2300000],
    );
    const reverse = (await hub.json('/market/jp/equities/130A/prices?range=max')).body.data as typeof prices;
    assert.deepEqual(
      reverse.points.map((p) => [p.date, p.adjustedClose, p.adjustedVolume]),
      [
        ['2024-03-25', 1210, 500000],
        ['2024-03-27', 1240, 480000],
        ['2024-03-28', 1230, 450000],
        ['2024-03-29', 1260, 470000],
      ],
    );
  });

  await t.test('statements: TTM from the YTD figures; the share count of the latest disclosure', async () => {
    const statement = (await hub.json('/market/jp/equities/86970/financial-statements')).body.data as {
      columns: { key: string }[];
      rows: { key: string; values: Record<string, number | null> }[];
    };
    assert.deepEqual(
      statement.columns.map((c) => c.key),
      ['ttm', '2024-03-31'],
    );
    const sales = statement.rows.find((r) => r.key === 'netSales');
    // Q1 FY2025 + FY2024 − Q1 FY2024, in yen.
    assert.equal(sales?.values.ttm, 41e9 + 152.8e9 - 38e9);
    assert.equal(sales?.values['2024-03-31'], 152.8e9);
    assert.equal(statement.rows.find((r) => r.key === 'operatingExpenses')?.values.ttm, null, 'not published in the summary');
    const profile = (await hub.json('/market/jp/equities/8697')).body.data as { sharesOutstanding: number; marketCap: number; segment: string };
    assert.equal(profile.sharesOutstanding, 1057156882);
    assert.equal(profile.marketCap, 1057156882 * 4100);
    assert.equal(profile.segment, 'prime');
    const preferred = (await hub.json('/market/jp/equities/25935')).body.data as { securityType: string; name: string };
    assert.equal(preferred.securityType, 'preferred');
    assert.equal(preferred.name, '伊藤園第1種優先株式');
  });

  await t.test('a malformed file is rejected by line before anything is written', async () => {
    const before = await db(hub)
      .selectFrom('equity_bar')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await assert.rejects(load(hub, 'jquants-daily-quotes', 'daily_quotes_malformed.json'), (error: Error) => {
      assert.ok(error instanceof ImportError);
      assert.match(error.message, /daily_quotes\[1\].*Date/);
      return true;
    });
    const after = await db(hub)
      .selectFrom('equity_bar')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(after.n), Number(before.n));
  });
});

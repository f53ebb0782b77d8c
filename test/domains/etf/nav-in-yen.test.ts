import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestHub } from '../../helpers/app.ts';
import { importFile } from '../../../src/ingest/source.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import type { Importer } from '../../../src/ingest/source.ts';
import { API } from './etf-fixture.ts';

/**
 * A PCF of a fund holding foreign shares. The file is in the JPX/ICE PCF layout of
 * 1306-pcf.csv; its holdings' shares and prices are test inputs (no recorded PCF of a fund with
 * foreign holdings was at hand), chosen so that the dollar lines dominate the NAV. The day's
 * rates are the ECB sample's (eurofxref-hist.csv, 2026-06-19: USD 1.1423 and JPY 184.31 per euro).
 */
const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url));
const when = { knowledgeAt: new Date('2026-06-20T09:00:00Z'), loadedAt: new Date('2026-06-20T09:00:00Z') };

function importer(dataset: string): Importer {
  const found = findImporter(dataset);
  assert.ok(found !== undefined && !('records' in found), dataset);
  return found;
}

test('a fund holding dollar shares has its NAV in yen: the holdings converted at the USD/JPY rate the FX endpoint serves for that day', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  await importFile(db, importer('ecb-eurofxref'), fixture('fx/eurofxref-hist.csv'), when);
  const result = await importFile(db, importer('jpx-etf-pcf'), fixture('etf/1557-pcf-usd.csv'), when);
  assert.equal(result.status, 'loaded');

  const key = await hub.key();
  const table = (await hub.get(`${API}/fx/table?pairs=USD/JPY`, key)).json().data as { rows: { pair: string; lastPrice: number; asOf: string }[] };
  const usdJpy = table.rows.find((row) => row.pair === 'USD/JPY');
  assert.ok(usdJpy !== undefined);
  assert.equal(usdJpy.asOf, '2026-06-19');

  const nav = await db.selectFrom('etf_nav').selectAll().where('fund_code', '=', '1557').executeTakeFirstOrThrow();
  const inYen = (1200 * 201.5 + 800 * 478.25) * usdJpy.lastPrice + 10000 * 2100 + 1250000;
  assert.equal(nav.date, '2026-06-19');
  assert.equal(nav.total_net_assets, inYen);
  assert.equal(nav.nav, inYen / 1000);

  // The holdings keep their own currency's prices; the endpoint says which.
  const holdings = (await hub.get(`${API}/etf/1557/holdings`, key)).json().data as { code: string; currency: string; stockPrice: number }[];
  assert.deepEqual(
    holdings.map((h) => [h.code, h.currency, h.stockPrice]),
    [
      ['AAPL', 'USD', 201.5],
      ['MSFT', 'USD', 478.25],
      ['8306', 'JPY', 2100],
    ],
  );
});

test("without that day's rate of a holding's currency the NAV of the day is null (no row), never converted at another day's rate", async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  await importFile(db, importer('ecb-eurofxref'), fixture('fx/eurofxref-hist.csv'), when);
  // The same fund a day later, a Saturday: the ECB published no rate that day.
  const dir = mkdtempSync(join(tmpdir(), 'fdh-pcf-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const saturday = join(dir, '1557-pcf-20260620.csv');
  writeFileSync(saturday, readFileSync(fixture('etf/1557-pcf-usd.csv'), 'utf8').replace(',20260619', ',20260620'));
  const result = await importFile(db, importer('jpx-etf-pcf'), saturday, when);
  assert.equal(result.status, 'loaded');

  assert.deepEqual(await db.selectFrom('etf_nav').selectAll().where('fund_code', '=', '1557').execute(), []);
  const key = await hub.key();
  const detail = (await hub.get(`${API}/etf/1557/detail`, key)).json().data as Record<string, unknown>;
  assert.equal(detail.totalAssetValue, undefined);
  const holdings = (await hub.get(`${API}/etf/1557/holdings`, key)).json().data as { fundDate: string }[];
  assert.deepEqual([...new Set(holdings.map((h) => h.fundDate))], ['2026-06-20']);
});

test("a holding in euros is converted at the ECB's EUR/JPY of that day, the close the FX endpoint serves", async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  await importFile(db, importer('ecb-eurofxref'), fixture('fx/eurofxref-hist.csv'), when);
  const dir = mkdtempSync(join(tmpdir(), 'fdh-pcf-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, '1557-pcf-eur.csv');
  writeFileSync(file, `${readFileSync(fixture('etf/1557-pcf-usd.csv'), 'utf8').trimEnd()}\nSAP,SAP SE,DE0007164600,XETRA,EUR,100,250\n`);
  await importFile(db, importer('jpx-etf-pcf'), file, when);

  const key = await hub.key();
  const rows = ((await hub.get(`${API}/fx/table?pairs=EUR/USD,USD/JPY,EUR/JPY`, key)).json().data as { rows: { pair: string; lastPrice: number }[] }).rows;
  const close = (pair: string) => rows.find((row) => row.pair === pair)?.lastPrice ?? Number.NaN;
  // The ECB's own EUR/JPY, as published: no cross through the dollar.
  const yenPerEuro = close('EUR/JPY');
  const nav = await db.selectFrom('etf_nav').selectAll().where('fund_code', '=', '1557').executeTakeFirstOrThrow();
  const expected = 1250000 + (1200 * 201.5 + 800 * 478.25) * close('USD/JPY') + 10000 * 2100 + 100 * 250 * yenPerEuro;
  assert.ok(Math.abs((nav.total_net_assets ?? 0) - expected) < 1e-6, `${nav.total_net_assets} ≈ ${expected}`);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { createTestHub } from '../../helpers/app.ts';
import { importFile, ImportError } from '../../../src/ingest/source.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { parsePcf } from '../../../src/ingest/importers/etf/jpx-pcf.ts';
import { API } from './etf-fixture.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/etf/${name}`, import.meta.url));
const when = { knowledgeAt: new Date('2026-02-18T09:00:00Z'), loadedAt: new Date('2026-02-18T09:00:00Z') };

test('a JPX PCF file loads as the fund’s holdings snapshot and that day’s net assets', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  const importer = findImporter('jpx-etf-pcf');
  assert.ok(importer !== undefined);
  const result = await importFile(db, importer, fixture('1306-pcf.csv'), when);
  assert.equal(result.status, 'loaded');
  assert.equal(result.rows, 1 + 5 + 1);

  const key = await hub.key();
  const holdings = (await hub.get(`${API}/etf/1306/holdings`, key)).json().data as Record<string, unknown>[];
  assert.equal(holdings.length, 5);
  assert.deepEqual(
    { ...holdings[0], id: 0 },
    {
      id: 0,
      code: '1301',
      name: 'KYOKUYO CO LTD',
      exchange: 'TSE',
      currency: 'JPY',
      sharesAmount: '350200.000000',
      stockPrice: 4865,
      value: '1703723000.000000',
      etfCode: '1306',
      sharesOutstanding: '8131915510.000000',
      fundDate: '2026-02-17',
      isin: 'JP3257200000',
    },
  );
  const nav = await db.selectFrom('etf_nav').selectAll().where('fund_code', '=', '1306').executeTakeFirstOrThrow();
  const holdingsValue = 350200 * 4865 + 7196900 * 1414.5 + 370657800 * 2900 + 506573900 * 2100 + 213874100 * 3500;
  assert.equal(nav.total_net_assets, holdingsValue + 478108071923);
  assert.equal(nav.nav, (holdingsValue + 478108071923) / 8131915510);
  assert.equal(nav.source, 'JPX ETF PCF (ICE Data Services)');

  const again = await importFile(db, importer, fixture('1306-pcf.csv'), when);
  assert.equal(again.status, 'unchanged');
});

test('a malformed PCF is rejected naming the line, before anything is written', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  const importer = findImporter('jpx-etf-pcf');
  assert.ok(importer !== undefined);
  await assert.rejects(
    importFile(db, importer, fixture('1306-pcf-malformed.csv'), when),
    (error: unknown) => error instanceof ImportError && /line 5/.test(error.message),
  );
  assert.equal((await db.selectFrom('etf_holding').select('id').execute()).length, 0);
  assert.equal((await db.selectFrom('release').select('id').execute()).length, 0);
  assert.throws(() => parsePcf('Code,Name\n'), /line 1/);
  assert.throws(() => parsePcf('ETF Code,ETF Name,Fund Cash Component,Shares Outstanding,Fund Date\n1306,TOPIX ETF,1,100,2026-02-17\n'), /line 2: Fund Date/);
});

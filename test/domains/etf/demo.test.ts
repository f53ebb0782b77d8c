import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/store/schema.ts';
import { runDemoGenerators } from '../../../src/ingest/demo/framework.ts';
import { etfDemoGenerator } from '../../../src/ingest/demo/etf.ts';
import { ETF_DEMO_SOURCE } from '../../../src/ingest/demo/etf/catalogue.ts';
import { etfHub } from './etf-fixture.ts';

const TABLES = ['etf_fund', 'etf_nav', 'etf_price', 'etf_holding'] as const;

async function digest(db: Kysely<Database>): Promise<string> {
  const hash = createHash('sha256');
  // Sorted: a store may return rows in any order once they have been deleted and written again.
  for (const table of TABLES) {
    const rows = (await db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row));
    hash.update(JSON.stringify(rows.sort()));
  }
  return hash.digest('hex');
}

test('the demo is deterministic, labelled demo, and cleared exactly', async (t) => {
  const { hub } = await etfHub(t);
  const db = hub.runtime.store.db;
  const first = await digest(db);
  await runDemoGenerators(db, [etfDemoGenerator], { until: '2026-06-19', scale: 'small' });
  assert.equal(await digest(db), first);
  for (const table of TABLES) {
    const sources = await db.selectFrom(table).select('source').distinct().execute();
    assert.deepEqual(
      sources.map((s) => s.source),
      [ETF_DEMO_SOURCE],
      table,
    );
  }
  assert.match(ETF_DEMO_SOURCE, /demo/);
  await db.transaction().execute((trx) => etfDemoGenerator.clear(trx));
  for (const table of TABLES) assert.equal((await db.selectFrom(table).select('source').execute()).length, 0, table);
});

test('the demo holds the twin’s identifiers, ends at the demo date and has gaps, never zeros', async (t) => {
  const { hub } = await etfHub(t);
  const db = hub.runtime.store.db;
  const codes = (await db.selectFrom('etf_fund').select('code').execute()).map((f) => f.code);
  for (const code of ['1305', '1306', '1321', '1348', '518A', 'VESAF', 'VEOF', 'VNDAF']) assert.ok(codes.includes(code), code);
  // The funds compare with the VN-Index of the instruments' series store, the one the indices endpoints serve.
  const index = await db.selectFrom('instrument_close').select(['date', 'close']).where('instrument', '=', 'index:VNINDEX').orderBy('date').execute();
  assert.ok(index.length > 1000);
  assert.ok((index[index.length - 1]?.date ?? '') <= '2026-06-19');
  assert.ok(index.every((r) => r.close > 150 && r.close < 3000));

  const navs = await db.selectFrom('etf_nav').select(['fund_code', 'date', 'nav', 'units_outstanding']).execute();
  assert.ok(navs.every((n) => n.nav > 0 && (n.units_outstanding ?? 1) > 0));
  assert.ok(navs.every((n) => n.date <= '2026-06-19'));
  const prices = await db.selectFrom('etf_price').select(['close', 'volume']).execute();
  assert.ok(prices.every((p) => p.close > 0 && (p.volume ?? 1) > 0));
  // VNDAF deals on Mondays, Wednesdays and Fridays only.
  const vndaf = navs.filter((n) => n.fund_code === 'VNDAF');
  assert.ok(vndaf.every((n) => [1, 3, 5].includes(new Date(`${n.date}T00:00:00Z`).getUTCDay())));
  // Daily volatility of a TOPIX fund is in a market's range (0.5 %–2 % a day).
  const topix = navs.filter((n) => n.fund_code === '1306').sort((a, b) => a.date.localeCompare(b.date));
  const returns = topix.slice(1).map((n, i) => Math.log(n.nav / (topix[i]?.nav ?? n.nav)));
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const sd = Math.sqrt(returns.reduce((a, r) => a + (r - mean) ** 2, 0) / returns.length);
  assert.ok(sd > 0.005 && sd < 0.02, `daily sd ${sd}`);
});

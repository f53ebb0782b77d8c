import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import type { InsertObject, Kysely } from 'kysely';
import { createTestHub } from '../../helpers/app.ts';
import { countQueries, queriesOf } from '../../helpers/query-counter.ts';
import { EtfRepo } from '../../../src/domains/etf/etf.repo.ts';
import { EtfService } from '../../../src/domains/etf/etf.service.ts';
import type { Database } from '../../../src/store/schema.ts';

const DAYS = 40;
const LAST_DAY = Date.UTC(2026, 5, 18);
const dayOf = (back: number) => new Date(LAST_DAY - back * 86_400_000).toISOString().slice(0, 10);
const codeOf = (i: number) => `F${String(i).padStart(3, '0')}`;

async function insertChunked<T extends 'etf_fund' | 'etf_nav' | 'etf_price' | 'etf_holding'>(
  db: Kysely<Database>,
  table: T,
  rows: InsertObject<Database, T>[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500))
      .execute();
}

/** `funds` funds with 40 days of NAV, three sessions of prices and two holdings snapshots each. */
async function seedFunds(db: Kysely<Database>, funds: number): Promise<void> {
  const indexes = Array.from({ length: funds }, (_, i) => i);
  await insertChunked(
    db,
    'etf_fund',
    indexes.map((i) => ({
      id: i + 1,
      code: codeOf(i),
      name: `Fund ${i}`,
      name_jp: null,
      management_company: 'Test AM',
      index_name: null,
      trading_unit: 1,
      trust_fee: 0.1,
      country: 'jp',
      distribution_yield: null,
      etf_type: 'equity',
      listing_date: '2020-01-06',
      currency: 'JPY',
      source: 'test',
    })),
  );
  await insertChunked(
    db,
    'etf_nav',
    indexes.flatMap((i) =>
      Array.from({ length: DAYS }, (_, back) => ({
        fund_code: codeOf(i),
        date: dayOf(back),
        nav: 1000 + i + back * ((i % 3) - 1),
        total_net_assets: 1e9 + i * 1e6 + back,
        units_outstanding: 1e6 + i * 10 + ((back * i) % 7),
        source: 'test',
      })),
    ),
  );
  await insertChunked(
    db,
    'etf_price',
    indexes.flatMap((i) =>
      [0, 1, 2].map((back) => ({
        id: i * 3 + back + 1,
        fund_code: codeOf(i),
        date: dayOf(back),
        open: null,
        high: null,
        low: null,
        close: 1001 + i - back,
        volume: 100 + i,
        source: 'test',
      })),
    ),
  );
  await insertChunked(
    db,
    'etf_holding',
    indexes.flatMap((i) =>
      [7, 0].flatMap((back, snapshot) =>
        [0, 1, 2].map((h) => ({
          id: i * 6 + snapshot * 3 + h + 1,
          fund_code: codeOf(i),
          fund_date: dayOf(back),
          symbol: `S${h}`,
          name: `Stock ${h}`,
          isin: null,
          exchange: null,
          currency: 'JPY',
          sector: h === 0 ? null : 'Tech',
          asset_class: 'equity',
          shares: 10 + h,
          price: 100 + snapshot,
          eps: null,
          bps: null,
          sps: null,
          cfps: null,
          source: 'test',
        })),
      ),
    ),
  );
}

/** The queries each fund-spanning read sends on a store of `funds` funds, and how many funds its answer covers. */
async function countsOn(t: TestContext, funds: number) {
  const hub = await createTestHub(t);
  await seedFunds(hub.runtime.store.db, funds);
  const counted = countQueries(hub.runtime.store.db);
  const service = new EtfService(new EtfRepo(counted.db));
  const queries = {
    list: await queriesOf(counted, () => service.listEtfs()),
    heatmap: await queriesOf(counted, () => service.getHeatmap()),
    topPerformance: await queriesOf(counted, () => service.getTopPerformance({ period: '1M' })),
    topNetflow: await queriesOf(counted, () => service.getTopNetflow({ type: 'positive' })),
    composition: await queriesOf(counted, () => service.getComposition({ code: codeOf(0) })),
    compareComposition: await queriesOf(counted, () => service.compareFundComposition({ codes: [0, 1, 2, 3, 4].map(codeOf).join(',') })),
    holdings: await queriesOf(counted, () => service.getHoldings({ code: codeOf(0) })),
  };
  const covered = {
    list: (await service.listEtfs()).filter((item) => item.price !== null && item.aum !== null).length,
    heatmap: (await service.getHeatmap()).filter((item) => item.marketCapChange !== undefined).length,
    compared: (await service.compareFundComposition({ codes: [0, 1, 2, 3, 4].map(codeOf).join(',') })).length,
  };
  return { queries, covered };
}

test('the ETF list, rankings, heatmap and compositions send as many queries for 100 funds as for 10', async (t) => {
  const ten = await countsOn(t, 10);
  const hundred = await countsOn(t, 100);
  assert.deepEqual(ten.covered, { list: 10, heatmap: 10, compared: 5 });
  assert.deepEqual(hundred.covered, { list: 100, heatmap: 100, compared: 5 });
  assert.deepEqual(hundred.queries, ten.queries);
  // Comparing five compositions costs what one does, but the five funds' lookup.
  assert.equal(ten.queries.compareComposition, ten.queries.composition);
  for (const [read, sent] of Object.entries(ten.queries)) assert.ok(sent <= 3, `${read} sends ${sent} queries`);
});

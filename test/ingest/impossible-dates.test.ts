import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { createTestHub, TEST_NOW } from '../helpers/app.ts';
import type { Database } from '../../src/store/schema.ts';
import { importFile, ImportError } from '../../src/ingest/source.ts';
import { findImporter } from '../../src/ingest/importers/index.ts';
import { realEstateDemoGenerator } from '../../src/ingest/demo/real-estate.ts';

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const options = { knowledgeAt: new Date(TEST_NOW), loadedAt: new Date(TEST_NOW) };

interface ImpossibleDateCase {
  dataset: string;
  /** A good file of the dataset, loaded first so that the store has something to keep. */
  valid: string;
  impossible: string;
  /** The place (line, or record for JSON) and the offending value. */
  error: RegExp;
}

const CASES: readonly ImpossibleDateCase[] = [
  {
    dataset: 'commodity-prices-csv',
    valid: fixture('commodities/commodity-prices.csv'),
    impossible: fixture('commodities/commodity-prices-impossible-date.csv'),
    error: /^line 4: date "2025-02-29" is not a calendar date/,
  },
  {
    dataset: 'coingecko-markets',
    valid: fixture('crypto/coingecko-markets.json'),
    impossible: fixture('crypto/coingecko-markets-impossible-date.json'),
    error: /^item 2 of the array: "last_updated" of ethereum "2026-02-30T08:44:01\.101Z" is not a calendar date-time/,
  },
  {
    dataset: 'jpx-etf-pcf',
    valid: fixture('etf/1306-pcf.csv'),
    impossible: fixture('etf/1306-pcf-impossible-date.csv'),
    error: /^line 2: Fund Date "20260230" is not a calendar date/,
  },
  {
    dataset: 'ecb-eurofxref',
    valid: fixture('fx/eurofxref-hist.csv'),
    impossible: fixture('fx/eurofxref-impossible-date.csv'),
    error: /^line 3: date "2026-02-29" is not a calendar date/,
  },
  {
    dataset: 'vietcombank-exrate-xml',
    valid: fileURLToPath(new URL('../fixtures/publishers/vietcombank/pXML-2026-06-13.xml', import.meta.url)),
    impossible: fixture('fx/vietcombank-impossible-date.xml'),
    error: /^vietcombank-impossible-date\.xml: line 3: DateTime "2\/29\/2026 5:38:54 PM" is not the bank's M\/D\/YYYY h:mm:ss AM\|PM/,
  },
  {
    dataset: 'fred-indices',
    valid: fileURLToPath(new URL('../domains/indices/fixtures/fredgraph.csv', import.meta.url)),
    impossible: fixture('indices/fred-impossible-date.csv'),
    error: /^line 3: date "2026-04-31" is not a calendar date/,
  },
  {
    dataset: 'jp-tibor-jba',
    valid: fixture('macro/jba-tibor-2026-06.csv'),
    impossible: fixture('macro/jba-tibor-impossible-date.csv'),
    error: /^jba-tibor-impossible-date\.csv:7: date "2026\/02\/30" is not a calendar date/,
  },
  {
    dataset: 'boj-stat-search',
    valid: fixture('publishers/boj/fm02-straclucon.json'),
    impossible: fixture('macro/boj-impossible-month.json'),
    error: /^boj-impossible-month\.json: RESULTSET\[0\]: STRACLUCON SURVEY_DATES\[0\] 201713 is not a month/,
  },
  {
    dataset: 'mof-jgb-yields',
    valid: fixture('publishers/mof/jgbcme.csv'),
    impossible: fixture('macro/mof-impossible-date.csv'),
    error: /^mof-impossible-date\.csv:4: date "2024\/2\/30" is not a calendar date/,
  },
  {
    dataset: 'macro-observations',
    valid: fixture('macro/jp-fdi-observations.csv'),
    impossible: fixture('macro/observations-impossible-date.csv'),
    error: /^observations-impossible-date\.csv:3: period "2026-02-31" is not a calendar period/,
  },
  {
    dataset: 'estat-stats-data',
    valid: fixture('macro/estat/jp.cpi.core.json'),
    impossible: fixture('macro/estat-impossible-date/jp.cpi.core.json'),
    error: /^jp\.cpi\.core\.json: VALUE\[2\]: time code "2025001313" is not a month, a quarter or a year/,
  },
  {
    dataset: 'cao-gdp-csv',
    valid: fixture('macro/cao-gaku-jk1532.csv'),
    impossible: fixture('macro/cao-gaku-jk-impossible-quarter.csv'),
    error: /^cao-gaku-jk-impossible-quarter\.csv:12: "2015\/ 13-15\." is not a calendar quarter of a known year/,
  },
  {
    dataset: 'jquants-listed-info',
    valid: fixture('equities/listed_info.json'),
    impossible: fixture('equities/listed_info_impossible_date.json'),
    error: /^listed_info_impossible_date\.json: info\[0\]: Date "2024-13-01" is not a calendar date/,
  },
  {
    dataset: 'jquants-daily-quotes',
    valid: fixture('equities/daily_quotes.json'),
    impossible: fixture('equities/daily_quotes_impossible_date.json'),
    error: /^daily_quotes_impossible_date\.json: daily_quotes\[1\]: Date "2023-02-29" is not a calendar date/,
  },
  {
    dataset: 'jquants-statements',
    valid: fixture('equities/statements.json'),
    impossible: fixture('equities/statements_impossible_date.json'),
    error: /^statements_impossible_date\.json: statements\[0\]: CurrentPeriodEndDate "2023-06-31" is not a calendar date/,
  },
  {
    dataset: 'news-feed',
    valid: fixture('news/markets.rss.xml'),
    impossible: fixture('news/impossible-date.rss.xml'),
    error: /^impossible-date\.rss\.xml: line 13: item 2: publication date "Mon, 30 Feb 2026 09:00:00 \+0900" is not a calendar date-time/,
  },
  {
    dataset: 'news-feed',
    valid: fixture('news/markets.atom.xml'),
    impossible: fixture('news/impossible-date.atom.xml'),
    error: /^impossible-date\.atom\.xml: line 9: entry 1: publication date "2025-02-29T11:45:00Z" is not a calendar date-time/,
  },
  {
    dataset: 'real-estate-mlit-transactions',
    valid: fixture('real-estate/mlit-tokyo-2026q1.csv'),
    impossible: fixture('real-estate/mlit-impossible-quarter.csv'),
    error: /^mlit-impossible-quarter\.csv: line 3: Period "5th quarter 2026" is not a calendar quarter/,
  },
];

/** The release table and every table an importer writes. */
const TABLES: readonly (keyof Database)[] = [
  'release',
  'instrument_close',
  'crypto_coin',
  'crypto_market_snapshot',
  'etf_fund',
  'etf_holding',
  'etf_nav',
  'market_index',
  'macro_observation',
  'equity_issue',
  'equity_session',
  'equity_bar',
  'equity_action',
  'equity_statement',
  'news_article',
  'news_article_symbol',
  'news_article_category',
  're_transaction',
];

async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

function importer(dataset: string) {
  const found = findImporter(dataset);
  assert.ok(found !== undefined, `fdh import knows ${dataset}`);
  return found;
}

test('a file with an impossible date is rejected naming its place and the value; the store is unchanged', async (t) => {
  // The real-estate demo provides the wards MLIT files are matched to.
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const db = hub.runtime.store.db;
  for (const { dataset, valid } of CASES) {
    assert.equal((await importFile(db, importer(dataset), valid, options)).status, 'loaded', `${dataset}: ${valid}`);
  }
  for (const { dataset, impossible, error } of CASES) {
    await t.test(`${dataset}: ${impossible.split('/').at(-1) ?? ''}`, async () => {
      const before = await rowCounts(db);
      await assert.rejects(importFile(db, importer(dataset), impossible, options), (rejection: unknown) => {
        assert.ok(rejection instanceof ImportError, String(rejection));
        assert.match(rejection.message, error);
        return true;
      });
      assert.deepEqual(await rowCounts(db), before);
    });
  }
});

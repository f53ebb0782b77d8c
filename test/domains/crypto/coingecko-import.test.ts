import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestHub, TEST_NOW } from '../../helpers/app.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { importFile, ImportError, type Importer } from '../../../src/ingest/source.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/crypto/${name}`, import.meta.url));

function importer(): Importer {
  const found = findImporter('coingecko-markets') as Importer | undefined;
  assert.ok(found !== undefined, 'fdh import knows coingecko-markets');
  return found;
}

test('a CoinGecko /coins/markets file becomes one market snapshot the endpoints serve', async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key();
  const db = hub.runtime.store.db;
  const options = { knowledgeAt: new Date(TEST_NOW), loadedAt: new Date(TEST_NOW) };
  const result = await importFile(db, importer(), fixture('coingecko-markets.json'), options);
  assert.equal(result.status, 'loaded');

  const published = JSON.parse(readFileSync(fixture('coingecko-markets.json'), 'utf8')) as {
    id: string;
    symbol: string;
    current_price: number | null;
    market_cap: number | null;
    last_updated: string;
  }[];
  const served = published.filter((c) => c.current_price !== null && c.market_cap !== null);
  assert.equal(result.rows, served.length, 'the coin without price or market cap is skipped');

  const rows = await db.selectFrom('crypto_market_snapshot').selectAll().execute();
  const newest = published.map((c) => c.last_updated).sort().at(-1);
  assert.deepEqual([...new Set(rows.map((r) => r.at))], [newest], 'one snapshot at the newest last_updated');
  assert.ok(rows.every((r) => r.source === 'CoinGecko'));

  const bubble = (await hub.get('/openapi/v1/crypto/bubble-map', key)).json().data;
  const largest = Math.max(...served.map((c) => c.market_cap ?? 0));
  assert.deepEqual(
    bubble.coins.map((c: { symbol: string; size: number; change: number | null }) => [c.symbol, c.size, c.change]),
    served
      .toSorted((a, b) => (b.market_cap ?? 0) - (a.market_cap ?? 0))
      .map((c) => [c.symbol.toUpperCase(), Math.round(Math.sqrt((c.market_cap ?? 0) / largest) * 1e4) / 1e4, null]),
    'no earlier snapshot: changes are null, never 0',
  );
  const overview = (await hub.get('/openapi/v1/crypto', key)).json().data;
  assert.equal(overview.marketCapChange24h, null);
  assert.deepEqual(overview.trending, []);

  const again = await importFile(db, importer(), fixture('coingecko-markets.json'), options);
  assert.equal(again.status, 'unchanged');
});

test('a malformed CoinGecko file is rejected, naming the item, before anything is written', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  await assert.rejects(
    importFile(db, importer(), fixture('coingecko-markets-malformed.json'), { knowledgeAt: new Date(TEST_NOW), loadedAt: new Date(TEST_NOW) }),
    (error: unknown) => error instanceof ImportError && /item 2/.test(error.message) && /market_cap/.test(error.message),
  );
  assert.equal((await db.selectFrom('crypto_market_snapshot').selectAll().execute()).length, 0);
  assert.equal((await db.selectFrom('release').selectAll().execute()).length, 0);
  assert.throws(() => importer().parse('{"id":"bitcoin"}', 'x.json'), ImportError);
});

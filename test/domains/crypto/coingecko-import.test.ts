import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    price_change_24h?: number | null;
    market_cap_change_24h?: number | null;
    last_updated: string;
  }[];
  const served = published.filter((c) => c.current_price !== null && c.market_cap !== null);
  assert.equal(result.rows, served.length, 'the coin without price or market cap is skipped');

  const rows = await db.selectFrom('crypto_market_snapshot').selectAll().execute();
  const newest =
    published
      .map((c) => c.last_updated)
      .sort()
      .at(-1) ?? '';
  const dayBefore = new Date(Date.parse(newest) - 24 * 3_600_000).toISOString();
  assert.deepEqual([...new Set(rows.map((r) => r.at))], [newest, dayBefore], 'the snapshot at the newest last_updated, and the market 24 hours before it');
  assert.ok(rows.every((r) => r.source === 'CoinGecko'));
  // The day before, by CoinGecko's own 24-hour changes: price − price_change_24h, no volume.
  const before = new Map(rows.filter((r) => r.at === dayBefore).map((r) => [r.coin_id, r]));
  for (const coin of served) {
    const reference = before.get(coin.id);
    const published24h = typeof coin.price_change_24h === 'number' && typeof coin.market_cap_change_24h === 'number';
    assert.equal(reference !== undefined, published24h, `${coin.id}: a day-before price only where CoinGecko publishes its 24-hour changes`);
    if (reference === undefined) continue;
    assert.equal(reference.price, (coin.current_price ?? 0) - (coin.price_change_24h ?? 0));
    assert.equal(reference.market_cap, (coin.market_cap ?? 0) - (coin.market_cap_change_24h ?? 0));
    assert.equal(reference.volume_24h, null);
  }

  const bubble = (await hub.get('/openapi/v1/crypto/bubble-map', key)).json().data;
  const largest = Math.max(...served.map((c) => c.market_cap ?? 0));
  const dayChange = (c: (typeof served)[number]) => {
    const from = before.get(c.id)?.price;
    return from === undefined ? null : Math.round(((c.current_price ?? 0) / from - 1) * 100 * 1e4) / 1e4;
  };
  assert.deepEqual(
    bubble.coins.map((c: { symbol: string; size: number; change: number | null }) => [c.symbol, c.size, c.change]),
    served
      .toSorted((a, b) => (b.market_cap ?? 0) - (a.market_cap ?? 0))
      .map((c) => [c.symbol.toUpperCase(), Math.round(Math.sqrt((c.market_cap ?? 0) / largest) * 1e4) / 1e4, dayChange(c)]),
    'the 24-hour change against the day-before market; null where CoinGecko gave no 24-hour change, never 0',
  );
  const overview = (await hub.get('/openapi/v1/crypto', key)).json().data;
  assert.equal(typeof overview.marketCapChange24h, 'number');
  assert.ok(overview.trending.length > 0, 'trending coins come from the one snapshot');

  const again = await importFile(db, importer(), fixture('coingecko-markets.json'), options);
  assert.equal(again.status, 'unchanged');
});

test('a malformed CoinGecko file is rejected, naming the item, before anything is written', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  await assert.rejects(
    importFile(db, importer(), fixture('coingecko-markets-malformed.json'), { knowledgeAt: new Date(TEST_NOW), loadedAt: new Date(TEST_NOW) }),
    (error: unknown) => error instanceof ImportError && /: \/1\/market_cap: expected number or null \(got "lots"\)/.test(error.message),
  );
  assert.equal((await db.selectFrom('crypto_market_snapshot').selectAll().execute()).length, 0);
  assert.equal((await db.selectFrom('release').selectAll().execute()).length, 0);
  assert.throws(() => importer().parse('{"id":"bitcoin"}', 'x.json'), ImportError);
});

test("a snapshot fetched 24 to 26 hours before is the day before: CoinGecko's changes add none, and the volumes compare", async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  const options = { knowledgeAt: new Date(TEST_NOW), loadedAt: new Date(TEST_NOW) };
  const published = JSON.parse(readFileSync(fixture('coingecko-markets.json'), 'utf8')) as { last_updated: string | null }[];
  const newest =
    published
      .map((c) => c.last_updated ?? '')
      .sort()
      .at(-1) ?? '';
  const fetchedAt = new Date(Date.parse(newest) - 25 * 3_600_000).toISOString();
  const dir = mkdtempSync(join(tmpdir(), 'fdh-coingecko-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const earlier = join(dir, 'coingecko-markets-earlier.json');
  writeFileSync(earlier, JSON.stringify(published.map((c) => ({ ...c, last_updated: c.last_updated === null ? null : fetchedAt }))));
  assert.equal((await importFile(db, importer(), earlier, options)).status, 'loaded');
  assert.equal((await importFile(db, importer(), fixture('coingecko-markets.json'), options)).status, 'loaded');
  const times = [...new Set((await db.selectFrom('crypto_market_snapshot').select('at').execute()).map((r) => r.at))].sort();
  const beforeEarlier = new Date(Date.parse(fetchedAt) - 24 * 3_600_000).toISOString();
  assert.deepEqual(times, [beforeEarlier, fetchedAt, newest], "the earlier snapshot's day before, and none from the changes beside the fetched one");
  const overview = (await hub.get('/openapi/v1/crypto', await hub.key())).json().data;
  assert.equal(overview.volumeChange24h, 0, 'the same volumes a day apart: a 0 % change, from the fetched snapshot');
});

test('a coin missing from the snapshot has no dominance share (null, and so has other), and the 24-hour change compares only coins with a day-before figure', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const published = JSON.parse(readFileSync(fixture('coingecko-markets.json'), 'utf8')) as Record<string, unknown>[];
  // No Solana, and Tether without CoinGecko's 24-hour changes (so no day-before figure of it).
  const coins = published
    .filter((coin) => coin.id !== 'solana' && coin.market_cap !== null)
    .map((coin) => (coin.id === 'tether' ? { ...coin, price_change_24h: null, market_cap_change_24h: null } : coin));
  const dir = mkdtempSync(join(tmpdir(), 'fdh-coingecko-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'coingecko-markets.json');
  writeFileSync(file, JSON.stringify(coins));
  assert.equal((await importFile(hub.runtime.store.db, importer(), file, { knowledgeAt: new Date(TEST_NOW), loadedAt: new Date(TEST_NOW) })).status, 'loaded');
  const overview = (await hub.get('/openapi/v1/crypto', await hub.key())).json().data;
  assert.equal(overview.dominance.sol, null);
  assert.equal(overview.dominance.other, null);
  assert.equal(typeof overview.dominance.btc, 'number');
  const withChange = coins.filter((coin) => coin.id !== 'tether') as { market_cap: number; market_cap_change_24h: number }[];
  const now = withChange.reduce((sum, coin) => sum + coin.market_cap, 0);
  const then = withChange.reduce((sum, coin) => sum + coin.market_cap - coin.market_cap_change_24h, 0);
  assert.equal(overview.marketCapChange24h, Math.round((now / then - 1) * 100 * 1e4) / 1e4, 'Tether, with no day-before figure, counts on neither side');
});

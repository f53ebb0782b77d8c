import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { startPublisherDouble } from '../../helpers/publisher-double.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { sources } from '../../../src/ingest/sources/index.ts';

/**
 * Issue 24's first "done when": a store with no demo, the sources file pointing every shipped
 * publisher at the local double (which serves each publisher's recorded samples at its real
 * paths), one `fdh sync` run of every source, and the endpoints show the fetched figures. The
 * expected figures are those of the samples under test/fixtures/publishers/.
 */
test('one sync of every shipped source against the publishers\' doubles fills FX, indices, crypto, equities, TIBOR, news, municipalities, their boundaries and transactions with exactly the fetched figures', async (t) => {
  const publishers = [...new Set(sources.map((source) => source.publisher))];
  const double = await startPublisherDouble({ publishers });
  t.after(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'fdh-all-publishers-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(
    sourcesFile,
    JSON.stringify({
      // The double answers at once: the publishers' rate-limit gaps would only slow the test.
      publishers: Object.fromEntries(publishers.map((id) => [id, { baseUrl: double.baseUrl, minRequestIntervalMs: 0 }])),
      sources: {
        'jba-tibor': { enabled: true, params: { path: '/rate/jba-tibor-2026-06.csv' } },
        'rss-feeds': { params: { feeds: [{ url: '/feeds/markets.rss.xml' }, { url: '/feeds/markets.atom.xml' }] } },
        'jquants-equities-bars-daily': { params: { initialDays: 1 } },
        'jquants-fins-summary': { params: { initialDays: 1 } },
        'mlit-transactions': { params: { initialQuarters: 1 } },
      },
    }),
  );
  const hub = await createTestHub(t, { env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off' } });
  const sync = await SyncService.open({
    ...hub.runtime,
    env: { FRED_API_KEY: 'fred-test-key', JQUANTS_API_KEY: 'jquants-test-key', MLIT_API_KEY: 'mlit-test-key' },
  });
  t.after(() => sync.close());

  const outcomes = await sync.run([]);
  assert.deepEqual(
    outcomes.filter((outcome) => outcome.status !== 'succeeded').map((outcome) => JSON.stringify(outcome)),
    [],
    'every shipped source succeeded',
  );
  assert.equal(outcomes.length, sources.length, 'every shipped source ran');
  const origins = await hub.runtime.store.db.selectFrom('release').select(['origin', 'source_id']).execute();
  assert.ok(origins.length >= sources.length && origins.every((release) => release.origin === 'sync'), 'every release came from the sync');

  const key = await hub.key();
  const data = async (path: string) => {
    const answer = await hub.get(`/openapi/v1${path}`, key);
    assert.equal(answer.statusCode, 200, `${path}: ${answer.body}`);
    return answer.json().data;
  };
  // ECB: the newest day of eurofxref-hist.csv inside the zip, 2026-06-19, USD 1.1423 per euro.
  const fx = await data('/fx/table?pairs=EUR/USD');
  assert.equal(fx.rows[0].lastPrice, 1.1423);
  // FRED: SP500's newest observation, 5473.23 on 2026-06-19.
  const global = await data('/market/global-indices');
  const spx = global.find((index: { code: string }) => index.code === 'SPX');
  assert.deepEqual([spx?.level, spx?.asOf], [5473.23, '2026-06-19']);
  // CoinGecko: the first coin of page 1, bitcoin, market cap 1,254,560,380,643 USD.
  const bubbles = await data('/crypto/bubble-map');
  assert.equal(bubbles.coins.find((coin: { symbol: string }) => coin.symbol.toUpperCase() === 'BTC')?.marketCap, 1254560380643);
  // J-Quants: JPX (8697) closed at 2,045 yen on 2023-03-24 on 2,202,500 shares.
  const prices = await data('/market/jp/equities/8697/prices?range=max');
  assert.deepEqual(
    prices.points.map((point: { date: string; close: number; volume: number }) => [point.date, point.close, point.volume]),
    [['2023-03-24', 2045, 2202500]],
  );
  // JBA: the 3-month TIBOR of 2026-06-05 is 0.99369 % (the columns run 1W, 1M, 2M, 3M, 6M, 12M).
  const tibor = await data('/macro/interbank-rates/jp/tibor');
  assert.equal(tibor.latestDate, '2026-06-05');
  assert.equal(tibor.points.at(-1).tibor3m, 0.99369);
  // RSS: the feed's items, by their titles.
  const feed = await data('/news/feed?limit=100');
  assert.ok(feed.some((item: { title: string }) => item.title === 'Bitcoin surges to a record as inflows boost demand'));
  // MIC: the code list's prefectures and Tokyo's municipalities, by code, with the list's names.
  const provinces = await data('/real-estate/jp/provinces?lang=en');
  assert.deepEqual(provinces.map((province: { id: number; name: string }) => [province.id, province.name]).sort(), [[101, '北海道'], [113, '東京都']]);
  const wards = await data('/real-estate/jp/provinces/113/wards');
  assert.deepEqual(wards.map((ward: { wardId: number }) => ward.wardId), [1_013_101, 1_013_102, 1_013_201]);
  // MLIT N03: Chuo-ku's outline (35 positions once simplified); the others have none fetched.
  const outlines = await data('/real-estate/jp/geojson?provinceId=113');
  assert.deepEqual(outlines.wards.map((ward: { wardId: number; coordinates: number[][][] }) => [ward.wardId, ward.coordinates[0]?.length ?? 0]), [[1_013_101, 0], [1_013_102, 35], [1_013_201, 0]]);
  // MLIT: four transactions of Chuo-ku, Tokyo (13102), the first at 47,000,000 yen.
  const transactions = await data('/real-estate/jp/provinces/113/wards/1013102/transactions');
  assert.equal(transactions.count, 4);
  assert.ok(transactions.transactions.some((item: { price: number }) => item.price === 47_000_000));
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub, TEST_NOW } from '../../helpers/app.ts';
import { cryptoDemoGenerator } from '../../../src/ingest/demo/crypto.ts';

const HOUR = 3_600_000;
const close = (actual: number, expected: number, digits: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= 10 ** -digits / 2 + 1e-9, `${what}: ${actual} vs ${expected}`);

test('crypto figures agree with an independent calculation from the stored rows', async (t) => {
  const hub = await createTestHub(t, { seed: [cryptoDemoGenerator] });
  const key = await hub.key();
  const db = hub.runtime.store.db;
  const now = Date.parse(TEST_NOW);
  const get = async (url: string) => {
    const res = await hub.get(`/openapi/v1${url}`, key);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data;
  };

  const rows = await db.selectFrom('crypto_market_snapshot as s').innerJoin('crypto_coin as c', 'c.id', 's.coin_id').selectAll().execute();
  const times = [...new Set(rows.map((r) => r.at))].sort();
  const latest = times.filter((at) => Date.parse(at) <= now).at(-1) ?? '';
  const atLatest = rows.filter((r) => r.at === latest).sort((a, b) => b.market_cap - a.market_cap || b.coin_id.localeCompare(a.coin_id));
  const total = atLatest.reduce((s, r) => s + r.market_cap, 0);
  const referenceOf = (ms: number, tolerance: number) =>
    times.filter((at) => Date.parse(at) <= Date.parse(latest) - ms && Date.parse(at) >= Date.parse(latest) - ms - tolerance).at(-1);
  const priceAt = (at: string | undefined, coinId: string) => rows.find((r) => r.at === at && r.coin_id === coinId)?.price;

  await t.test('the latest snapshot is the last one at or before now (hourly data: 08:00)', () => {
    assert.equal(latest, '2026-06-19T08:00:00.000Z');
    assert.ok(atLatest.length >= 100 && atLatest.length <= 250, `${atLatest.length} coins`);
  });

  await t.test('overview totals, 24h changes and dominance shares summing to 100', async () => {
    const data = await get('/crypto');
    close(data.totalMarketCap, total, 2, 'totalMarketCap');
    const volume = atLatest.reduce((s, r) => s + (r.volume_24h ?? 0), 0);
    close(data.volume24h, volume, 2, 'volume24h');
    const ref = referenceOf(24 * HOUR, 2 * HOUR);
    assert.equal(ref, '2026-06-18T08:00:00.000Z');
    const before = rows.filter((r) => r.at === ref);
    const totalBefore = before.reduce((s, r) => s + r.market_cap, 0);
    const volumeBefore = before.reduce((s, r) => s + (r.volume_24h ?? 0), 0);
    close(data.marketCapChange24h, (total / totalBefore - 1) * 100, 4, 'marketCapChange24h');
    close(data.volumeChange24h, (volume / volumeBefore - 1) * 100, 4, 'volumeChange24h');

    const share = (id: string) => ((atLatest.find((r) => r.coin_id === id)?.market_cap ?? 0) / total) * 100;
    const named = { btc: 'bitcoin', eth: 'ethereum', bnb: 'binancecoin', sol: 'solana', xrp: 'ripple' } as const;
    for (const [field, id] of Object.entries(named)) close(data.dominance[field], share(id), 2, `dominance.${field}`);
    const others = atLatest.filter((r) => !Object.values(named).includes(r.coin_id as never)).reduce((s, r) => s + r.market_cap, 0);
    close(data.dominance.other, (others / total) * 100, 2, 'dominance.other');
    const sum = Object.values(data.dominance as Record<string, number>).reduce((s, v) => s + v, 0);
    assert.ok(Math.abs(sum - 100) < 1e-9, `dominance sums to ${sum}`);
  });

  await t.test('fear & greed is the latest daily value with its band', async () => {
    const { fearGreed } = await get('/crypto');
    const row = await db
      .selectFrom('crypto_fear_greed')
      .selectAll()
      .where('date', '<=', TEST_NOW.slice(0, 10))
      .orderBy('date', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(fearGreed.date, row.date);
    assert.equal(fearGreed.value, row.value);
    const band = row.value <= 24 ? 'Extreme fear' : row.value <= 44 ? 'Fear' : row.value <= 55 ? 'Neutral' : row.value <= 75 ? 'Greed' : 'Extreme greed';
    assert.equal(fearGreed.classification, band);
  });

  await t.test('trending: top 6 gainers over 24h, then the biggest top-20 mover, tagged by the documented rule', async () => {
    const ref = referenceOf(24 * HOUR, 2 * HOUR);
    const candidates = atLatest.flatMap((r, i) => {
      const before = priceAt(ref, r.coin_id);
      return before === undefined ? [] : [{ id: r.coin_id, symbol: r.symbol, rank: i + 1, change: Math.round((r.price / before - 1) * 1e6) / 1e4 }];
    });
    const gainers = candidates
      .filter((c) => c.change > 0)
      .sort((a, b) => b.change - a.change || a.rank - b.rank)
      .slice(0, 6);
    const mover = candidates.filter((c) => c.rank <= 20).sort((a, b) => Math.abs(b.change) - Math.abs(a.change) || a.rank - b.rank)[0];
    const expected = mover !== undefined && !gainers.includes(mover) ? [...gainers, mover] : gainers;
    const firstSeen = (id: string) =>
      rows
        .filter((r) => r.coin_id === id)
        .map((r) => r.at)
        .sort()[0] ?? '';
    const isNew = (id: string) => Date.parse(firstSeen(id)) > Date.parse(latest) - 7 * 24 * HOUR;

    const { trending } = await get('/crypto');
    assert.deepEqual(
      trending.map((c: { symbol: string; rank: number; tag: string }) => [c.symbol, c.rank, c.tag]),
      expected.map((c, i) => [c.symbol, c.rank, isNew(c.id) ? 'new' : i === 0 ? 'top-gainer' : c.rank <= 20 ? 'top20-mover' : 'gainer']),
    );
    trending.forEach((c: { priceChange24h: number }, i: number) => {
      close(c.priceChange24h, expected[i]?.change ?? NaN, 4, 'priceChange24h');
    });
    // The demo lists Falcon Finance three days before the end and pumps it: it trends as `new`.
    assert.ok(trending.some((c: { symbol: string; tag: string }) => c.symbol === 'FF' && c.tag === 'new'));
  });

  await t.test('bubble map: top coins by market cap, change over each timeframe, size = sqrt(cap / largest)', async () => {
    for (const [timeframe, ms, tolerance] of [
      ['1h', HOUR, 0.25 * HOUR],
      ['1d', 24 * HOUR, 2 * HOUR],
      ['1w', 168 * HOUR, 12 * HOUR],
    ] as const) {
      const data = await get(`/crypto/bubble-map?timeframe=${timeframe}&limit=200`);
      assert.equal(data.coins.length, Math.min(200, atLatest.length));
      const ref = referenceOf(ms, tolerance);
      data.coins.forEach((coin: { symbol: string; marketCap: number; change: number | null; size: number }, i: number) => {
        const row = atLatest[i];
        assert.ok(row !== undefined);
        assert.equal(coin.symbol, row.symbol);
        close(coin.marketCap, row.market_cap, 2, 'marketCap');
        close(coin.size, Math.sqrt(row.market_cap / (atLatest[0]?.market_cap ?? NaN)), 4, `size ${coin.symbol}`);
        assert.ok(coin.size > 0 && coin.size <= 1);
        const before = priceAt(ref, row.coin_id);
        if (before === undefined) assert.equal(coin.change, null, `${coin.symbol} has no ${timeframe} reference`);
        else close(coin.change ?? NaN, (row.price / before - 1) * 100, 4, `change ${timeframe} ${coin.symbol}`);
      });
      assert.equal(data.coins[0].size, 1);
    }
  });

  await t.test('dominance: top 10 shares of the same total, with the snapshot time', async () => {
    const data = await get('/crypto/dominance');
    close(data.totalMarketCap, total, 2, 'totalMarketCap');
    assert.equal(data.coins.length, 10);
    data.coins.forEach((coin: { symbol: string; dominancePercentage: number }, i: number) => {
      assert.equal(coin.symbol, atLatest[i]?.symbol);
      close(coin.dominancePercentage, ((atLatest[i]?.market_cap ?? NaN) / total) * 100, 2, coin.symbol);
    });
    assert.deepEqual(data.asOf, { globalMetrics: latest, assets: latest, skewSeconds: 0, isStale: false });
    hub.clock.set('2026-06-19T10:00:01.000Z');
    // 10:00 brings a newer snapshot; an hour of silence after it is fine, more than two is stale.
    assert.equal((await get('/crypto/dominance')).asOf.isStale, false);
    hub.clock.set('2026-06-20T02:00:01.000Z');
    assert.equal((await get('/crypto/dominance')).asOf.isStale, true);
    hub.clock.set(TEST_NOW);
  });

  const metric = async (name: string) =>
    db.selectFrom('crypto_metric').selectAll().where('metric', '=', name).where('at', '<=', TEST_NOW).orderBy('at', 'desc').executeTakeFirstOrThrow();

  await t.test('on-chain: latest published values; MVRV and NUPL from BTC market cap and realized cap', async () => {
    const data = await get('/crypto/onchain');
    assert.equal(data.ethGas.safe, (await metric('eth_gas_safe')).value);
    assert.equal(data.ethGas.baseFee, (await metric('eth_base_fee')).value);
    assert.equal(data.btcActiveAddresses, (await metric('btc_active_addresses')).value);
    const realized = (await metric('btc_realized_cap')).value;
    const btcCap = atLatest.find((r) => r.coin_id === 'bitcoin')?.market_cap ?? NaN;
    close(data.mvrv.value, btcCap / realized, 4, 'mvrv');
    close(data.nupl.value, (btcCap - realized) / btcCap, 4, 'nupl');
    const mvrvZone = data.mvrv.value < 1 ? 'undervalued' : data.mvrv.value < 2.4 ? 'fair_value' : data.mvrv.value < 3.7 ? 'overheating' : 'overvalued';
    assert.equal(data.mvrv.zone, mvrvZone);
  });

  await t.test('derivatives: open interest as a decimal string in contracts, annualised funding, 24h liquidation sums', async () => {
    const data = await get('/crypto/derivatives');
    assert.deepEqual(data.openInterest.btc, { symbol: 'BTCUSDT', value: (await metric('btc_open_interest')).value.toFixed(3), unit: 'BTC' });
    assert.match(data.openInterest.eth.value, /^\d+\.\d{3}$/);
    const funding = (await metric('btc_funding_rate')).value;
    assert.equal(data.fundingRate.btc.rate, funding);
    close(data.fundingRate.btc.annualized, funding * 3 * 365 * 100, 5, 'annualized');
    const window = await db
      .selectFrom('crypto_metric')
      .selectAll()
      .where('at', '>', new Date(now - 24 * HOUR).toISOString())
      .where('at', '<=', TEST_NOW)
      .execute();
    const sum = (name: string) => window.filter((r) => r.metric === name).reduce((s, r) => s + r.value, 0);
    close(data.liquidations24h.long, sum('liquidations_long'), 2, 'long');
    close(data.liquidations24h.short, sum('liquidations_short'), 2, 'short');
    close(data.liquidations24h.total, sum('liquidations_long') + sum('liquidations_short'), 2, 'total');
    const put = (await metric('btc_put_oi')).value;
    const call = (await metric('btc_call_oi')).value;
    assert.deepEqual(data.putCallRatio.btc, { ratio: Math.round((put / call) * 1000) / 1000, putOi: put, callOi: call });
  });

  await t.test('served MVRV and NUPL zones switch at the contract boundaries', async () => {
    const btcCap = atLatest.find((r) => r.coin_id === 'bitcoin')?.market_cap ?? NaN;
    // Realized cap as a fraction of market cap → (MVRV, zone), (NUPL, zone).
    const cases: [number, number, string, number, string][] = [
      [1, 1, 'fair_value', 0, 'hope_fear'],
      [1 / 2.4, 2.4, 'overheating', 0.5833, 'belief'],
      [1 / 3.7, 3.7, 'overvalued', 0.7297, 'belief'],
      [0.75, 1.3333, 'fair_value', 0.25, 'optimism'],
      [0.5, 2, 'fair_value', 0.5, 'belief'],
      [0.25, 4, 'overvalued', 0.75, 'euphoria'],
      [1.25, 0.8, 'undervalued', -0.25, 'capitulation'],
    ];
    for (const [fraction, mvrv, mvrvZone, nupl, nuplZone] of cases) {
      await db.deleteFrom('crypto_metric').where('metric', '=', 'btc_realized_cap').where('at', '=', TEST_NOW).execute();
      await db
        .insertInto('crypto_metric')
        .values({ metric: 'btc_realized_cap', at: TEST_NOW, value: btcCap * fraction, source: 'test' })
        .execute();
      await hub.changed('crypto');
      const data = await get('/crypto/onchain');
      assert.deepEqual(data.mvrv, { value: mvrv, zone: mvrvZone }, `realized = ${fraction} × cap`);
      assert.deepEqual(data.nupl, { value: nupl, zone: nuplZone }, `realized = ${fraction} × cap`);
    }
  });
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { demoGenerators } from '../../src/ingest/demo/index.ts';
import { data, last, recapItem, type FxRate, type FxRow, type IndexQuote, type RatePoint, type Recap } from '../helpers/one-fact.ts';

/**
 * One fact, one value: every pair of endpoints that shows the same figure agrees, on the demo
 * world. Each figure is read from each endpoint independently; none is taken from the store.
 */

const UNTIL = '2026-11-20';
const NOW = '2026-11-21T06:00:00.000Z';

interface PricePoint {
  date: string;
  value: number;
}
interface CommodityItem {
  id: string;
  lastClose: number | null;
  updatedAt: string;
}

test('every endpoint that shows an instrument shows the same figure', async (t) => {
  const hub = await createTestHub(t, { seed: demoGenerators, until: UNTIL, now: NOW });
  const key = await hub.key('pro');
  const fxTable = await data<{ rows: FxRow[] }>(hub, key, '/fx/table?pairs=USD/JPY,EUR/USD,GBP/USD,AUD/USD,USD/CNY,USD/VND,DXY,XAU/USD');
  const fxRow = (pair: string): FxRow => {
    const row = fxTable.rows.find((r) => r.pair === pair);
    assert.ok(row, `/fx/table has ${pair}`);
    return row;
  };
  const summary = await data<{ dxy: FxRate; usdJpy: FxRate }>(hub, key, '/fx/summary');
  const recap = await data<Recap>(hub, key, '/macro/market-recap');

  await t.test('USD/JPY: fx table, fx summary, exchange rate and market recap', async () => {
    const rates = await data<RatePoint[]>(hub, key, '/macro/exchange-rate?currency1=USD&currency2=JPY&period=1M');
    const row = fxRow('USD/JPY');
    const recapped = recapItem(recap, 'currencyRate', 'USD/JPY');
    assert.equal(summary.usdJpy.value, row.lastPrice);
    assert.equal(last(rates, 'USD/JPY rates').close, row.lastPrice);
    assert.equal(recapped.value, row.lastPrice);
    assert.equal(summary.usdJpy.changePct, row.changePct);
    assert.equal(recapped.changePercent, row.changePct);
    assert.equal(last(rates, 'USD/JPY rates').date.slice(0, 10), row.asOf);
    assert.equal(recapped.datetime.slice(0, 10), row.asOf);
    // The table's ten-day sparkline is the exchange-rate history's last ten closes.
    assert.deepEqual(
      rates.slice(-10).map((p) => p.close),
      row.sparkline10d,
    );
  });

  await t.test('every dollar pair of the exchange-rate endpoint is the fx table pair', async () => {
    for (const [currency1, currency2] of [
      ['EUR', 'USD'],
      ['GBP', 'USD'],
      ['AUD', 'USD'],
      ['USD', 'CNY'],
      ['USD', 'VND'],
    ] as const) {
      const rates = await data<RatePoint[]>(hub, key, `/macro/exchange-rate?currency1=${currency1}&currency2=${currency2}&period=1M`);
      const row = fxRow(`${currency1}/${currency2}`);
      assert.equal(last(rates, `${currency1}/${currency2}`).close, row.lastPrice, `${currency1}/${currency2}`);
      assert.deepEqual(
        rates.slice(-10).map((p) => p.close),
        row.sparkline10d,
        `${currency1}/${currency2} history`,
      );
    }
  });

  await t.test('crosses: the market recap and the exchange-rate endpoint agree on EUR/JPY and USD/VND', async () => {
    for (const pair of ['EUR/JPY', 'USD/VND']) {
      const [currency1, currency2] = pair.split('/');
      const rates = await data<RatePoint[]>(hub, key, `/macro/exchange-rate?currency1=${currency1}&currency2=${currency2}&period=1M`);
      const recapped = recapItem(recap, 'currencyRate', pair);
      const [previous, latest] = rates.slice(-2);
      assert.equal(recapped.value, latest?.close, pair);
      assert.equal(recapped.changeValue, latest === undefined || previous === undefined ? null : Number((latest.close - previous.close).toFixed(6)), pair);
    }
  });

  await t.test('Nikkei 225, TOPIX and TSE REIT: index snapshot and market recap', async () => {
    const snapshot = await data<IndexQuote[]>(hub, key, '/market/indices/snapshot');
    for (const [code, group, name] of [
      ['N225', 'nikkeiJpxGold', 'Nikkei 225'],
      ['N225', 'nikkeiJpxOil', 'Nikkei 225'],
      ['TOPIX', 'topix', 'TOPIX'],
      ['TSEREIT', 'tokyoStockExchangeReit', 'TSE REIT Index'],
    ] as const) {
      const quote = snapshot.find((q) => q.code === code);
      assert.ok(quote, `snapshot has ${code}`);
      const recapped = recapItem(recap, group, name);
      assert.equal(recapped.value, quote.level, `${code} level`);
      assert.equal(recapped.changeValue, quote.change, `${code} change`);
      assert.equal(recapped.changePercent, quote.changePercent, `${code} change %`);
      assert.equal(recapped.datetime.slice(0, 10), quote.asOf, `${code} date`);
    }
  });

  await t.test('the dollar index and gold: fx summary, fx table, gold–DXY and the commodity list', async () => {
    const goldDxy = await data<{ series: { gold: PricePoint[]; dxy: PricePoint[] } }>(hub, key, '/commodities/gold-dxy?period=1m');
    const history = await data<{ date: string; close: number }[]>(hub, key, '/commodities/gold/history?period=1m');
    const list = await data<CommodityItem[]>(hub, key, '/commodities');
    const dxy = last(goldDxy.series.dxy, 'gold-dxy dxy');
    const gold = last(goldDxy.series.gold, 'gold-dxy gold');
    assert.equal(summary.dxy.value, fxRow('DXY').lastPrice);
    assert.equal(dxy.value, fxRow('DXY').lastPrice);
    assert.equal(dxy.date, fxRow('DXY').asOf);
    assert.equal(gold.value, fxRow('XAU/USD').lastPrice);
    assert.equal(last(history, 'gold history').close, gold.value);
    assert.deepEqual(
      history.map((p) => p.close),
      goldDxy.series.gold.map((p) => p.value),
    );
    assert.equal(list.find((c) => c.id === 'gold')?.lastClose, gold.value);
    // The commodity catalogue lists the dollar index: its row must show the same close.
    const listedDxy = list.find((c) => c.id === 'dxy');
    assert.ok(listedDxy !== undefined, 'the commodity list has the dollar index');
    assert.equal(listedDxy.lastClose, dxy.value);
  });

  await t.test('TIBOR 3M: the TIBOR endpoint and the market recap', async () => {
    const tibor = await data<{ points: { date: string; tibor3m: number | null }[] }>(hub, key, '/macro/interbank-rates/jp/tibor?period=1M');
    const recapped = recapItem(recap, 'interbankRates3m', 'TIBOR 3M');
    const latest = last(
      tibor.points.filter((p) => p.tibor3m !== null),
      'TIBOR points',
    );
    assert.equal(recapped.value, latest.tibor3m);
    assert.equal(recapped.datetime.slice(0, 10), latest.date);
  });

  await t.test('macro: the monetary-policy tables and the indicator tables', async () => {
    interface Table {
      columns: { period: string }[];
      rows: { country: string; values: (number | null)[] }[];
    }
    const lastOf = (table: Table, country: string) => {
      const row = table.rows.find((r) => r.country === country);
      return { period: last(table.columns, 'columns').period, value: row?.values[row.values.length - 1] };
    };
    for (const country of ['US', 'JP', 'VN']) {
      const yields = await data<{ observationDate: string; tenYearsGovernmentBondYieldsPct: number | null }[]>(
        hub,
        key,
        `/macro/monetary-policy/rates-yields?country=${country}`,
      );
      const bond = lastOf(await data<Table>(hub, key, '/macro/indicators/government-bond-10y?periods=1'), country);
      const latestYield = last(yields, `${country} yields`);
      assert.equal(latestYield.observationDate.slice(0, 7), bond.period, `${country} 10Y month`);
      assert.equal(latestYield.tenYearsGovernmentBondYieldsPct, bond.value, `${country} 10Y yield`);
      const debt = await data<{ observationDate: string; centralGovernmentDebt: number | null }[]>(
        hub,
        key,
        `/macro/monetary-policy/central-government-debt?country=${country}`,
      );
      const debtTable = lastOf(await data<Table>(hub, key, '/macro/indicators/government-debt-to-gdp?periods=1'), country);
      assert.equal(last(debt, `${country} debt`).centralGovernmentDebt, debtTable.value, `${country} debt to GDP`);
    }
  });

  await t.test('crypto: the overview, the dominance list and the bubble map', async () => {
    const overview = await data<{ totalMarketCap: number; dominance: Record<string, number> }>(hub, key, '/crypto');
    const dominance = await data<{ totalMarketCap: number; coins: { symbol: string; dominancePercentage: number; marketCap: number }[] }>(
      hub,
      key,
      '/crypto/dominance',
    );
    const bubbles = await data<{ coins: { symbol: string; marketCap: number }[] }>(hub, key, '/crypto/bubble-map?limit=20');
    assert.equal(dominance.totalMarketCap, overview.totalMarketCap);
    for (const symbol of ['BTC', 'ETH', 'BNB', 'SOL', 'XRP']) {
      const coin = dominance.coins.find((c) => c.symbol === symbol);
      assert.ok(coin, `dominance lists ${symbol}`);
      // One share, computed and rounded in one place: the same number on both.
      assert.equal(coin.dominancePercentage, overview.dominance[symbol.toLowerCase()], symbol);
      assert.equal(bubbles.coins.find((c) => c.symbol === symbol)?.marketCap, coin.marketCap, symbol);
    }
  });

  await t.test('equities: profile, daily prices and related stocks', async () => {
    const profile = await data<{ price: number; change: number; tradingDate: string; marketCap: number }>(hub, key, '/market/jp/equities/7203');
    const prices = await data<{ points: { date: string; close: number }[] }>(hub, key, '/market/jp/equities/7203/prices?range=5d');
    const [previous, latest] = prices.points.slice(-2);
    assert.equal(latest?.close, profile.price);
    assert.equal(latest?.date, profile.tradingDate);
    assert.equal(latest === undefined || previous === undefined ? null : latest.close - previous.close, profile.change);
    // A related stock shows the same price and market cap as that stock's own profile.
    const peers = await data<{ items: { code: string; price: number; marketCap: number }[] }>(hub, key, '/market/jp/equities/7203/related-stocks?limit=12');
    assert.ok(peers.items.length > 0, '7203 has related stocks');
    for (const peer of peers.items) {
      const peerProfile = await data<{ price: number; marketCap: number }>(hub, key, `/market/jp/equities/${peer.code}`);
      assert.equal(peer.price, peerProfile.price, peer.code);
      assert.equal(peer.marketCap, peerProfile.marketCap, peer.code);
    }
  });
});

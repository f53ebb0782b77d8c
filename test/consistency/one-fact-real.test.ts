import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allPublishersHub } from '../helpers/all-publishers-hub.ts';
import { data, last, recapItem, type FxRate, type FxRow, type IndexQuote, type RatePoint, type Recap } from '../helpers/one-fact.ts';

/**
 * One fact, one value, with the publishers' real samples (issues 25 and 26): a store with no
 * demo after one `fdh sync` of every shipped source against the publishers' doubles
 * (test/helpers/all-publishers-hub.ts), and every pair of endpoints that shows the same figure
 * agrees. Each figure is read from each endpoint independently; none is taken from the store.
 * The hub's clock is the sync's (2026-06-19); a subtest that moves it (a commodity history is a
 * window counted back from today) puts it back.
 *
 * Pairs left out, because the samples fill only one side (or no side):
 * - S&P 500, Dow, Nasdaq (FRED): only /market/global-indices shows them; the index snapshot is
 *   the Tokyo board and the market recap shows Japanese gauges only.
 * - TOPIX Core30 (J-Quants): only /market/indices/snapshot shows it (the recap's TOPIX group is
 *   TOPIX, which no sample fills).
 * - USD/VND on /fx/table and /fx/summary: Vietcombank's sample is one close, and the table lists
 *   a pair from its second close on; the summary shows DXY and USD/JPY only. The exchange-rate
 *   endpoint and the market recap are checked.
 * - Japan's policy rate: /macro/monetary-policy/rates-yields shows the overnight call rate
 *   (jp.overnight-rate, the BOJ's), /macro/indicators/policy-rate the policy rate (jp.policy-rate,
 *   the BIS's): two series, no endpoint pair shows the same one.
 * - US real GDP (GDPC1 vintages): /macro/economic-data?type=gdp and /macro/gdp-growth-rate list
 *   only quarters with a nominal GDP, which no shipped US source fills (both are empty for US);
 *   the table's US row is the YoY change of real GDP and the sample's vintages cover 2024's
 *   quarters only, without their year-earlier base (the row is all null). The only endpoints
 *   that show the GDPC1 figures are /macro/indicators (latestPeriod, now and with asOf) and the
 *   table: that pair is the "latest period" subtest below.
 * - Government debt, PMIs, retail sales, trade balance, current account: no shipped source.
 * - Industrial production (e-Stat): only the indicator table could show it, and the sample has
 *   no month with its year-earlier base; it is in the "latest period" subtest.
 * - Related stocks: 8697 has no peer in its sector and segment; 7203 (the only other listed
 *   equity) has no bars. ETF prices, NAV and holdings: the samples fill none (the JPX list gives
 *   names, managers and indices only).
 * - Crypto derivatives, on-chain metrics, the fear & greed index, TIBOR's other tenors, the
 *   release calendar and the real-estate price series: one endpoint each (the price series is
 *   empty: no shipped source fills it).
 */

interface CommodityItem {
  id: string;
  lastClose: number | null;
  change1dPct: number | null;
  trendline: number[];
  updatedAt?: string;
}
interface FeaturedItem {
  id: string;
  lastClose: number | null;
  change1dPct: number | null;
  changeValue: number | null;
  trendline: number[];
}
interface Close {
  date: string;
  close: number;
}
interface Table {
  columns: { period: string }[];
  rows: { country: string; values: (number | null)[] }[];
}

/** A table row's cells by period (YYYY-MM or YYYY-Qn); asserts the row has at least one value. */
const tableCells = (table: Table, country: string): Map<string, number | null> => {
  const row = table.rows.find((r) => r.country === country);
  assert.ok(row, `the table has a ${country} row`);
  assert.ok(
    row.values.some((v) => v !== null),
    `the ${country} row has a value`,
  );
  return new Map(table.columns.map((column, i) => [column.period, row.values[i] ?? null]));
};
/** The day after an ISO date (or date-time), at 00:00 UTC. */
const dayAfter = (date: string): string => new Date(Date.parse(`${date.slice(0, 10)}T00:00:00.000Z`) + 86_400_000).toISOString();
/** Two roundings of one percentage: the twin's one decimal and the table's two. */
const sameRoundedPercent = (oneDecimal: number | null, twoDecimals: number | null, what: string): void => {
  assert.ok(oneDecimal !== null && twoDecimals !== null, `${what}: ${oneDecimal} and ${twoDecimals} are both figures`);
  assert.ok(Math.abs(oneDecimal - twoDecimals) <= 0.05 + 1e-9, `${what}: ${oneDecimal} against ${twoDecimals}`);
};

test("with the publishers' samples, every endpoint that shows a figure shows the same one", async (t) => {
  const { hub } = await allPublishersHub(t);
  const key = await hub.key('pro');
  const syncTime = hub.clock.now().toISOString();
  /** Runs `read` with the hub's clock at `at`, then puts the clock back. */
  const at = async <T>(time: string, read: () => Promise<T>): Promise<T> => {
    hub.clock.set(time);
    try {
      return await read();
    } finally {
      hub.clock.set(syncTime);
    }
  };

  const fxTable = await data<{ rows: FxRow[] }>(hub, key, '/fx/table?pairs=USD/JPY,EUR/USD,GBP/USD,AUD/USD,USD/CNY,XAU/USD');
  const fxRow = (pair: string): FxRow => {
    const row = fxTable.rows.find((r) => r.pair === pair);
    assert.ok(row, `/fx/table has ${pair}`);
    return row;
  };
  const recap = await data<Recap>(hub, key, '/macro/market-recap');
  // The ECB's samples end on 2026-03-23 (the daily file): the recap's last days are read the day after.
  const ECB_DAY_AFTER = '2026-03-24T00:00:00.000Z';
  const ecbRecap = await at(ECB_DAY_AFTER, () => data<Recap>(hub, key, '/macro/market-recap'));
  const commodities = await data<CommodityItem[]>(hub, key, '/commodities');
  const featured = await data<FeaturedItem[]>(hub, key, '/commodities/featured');
  const listed = (id: string): CommodityItem => {
    const item = commodities.find((c) => c.id === id);
    assert.ok(item, `/commodities lists ${id}`);
    assert.ok(item.lastClose !== null, `/commodities has a close of ${id}`);
    return item;
  };

  await t.test('USD/JPY (ECB): fx table, fx summary, exchange rate and market recap', async () => {
    const summary = await data<{ usdJpy: FxRate | null }>(hub, key, '/fx/summary');
    const rates = await data<RatePoint[]>(hub, key, '/macro/exchange-rate?currency1=USD&currency2=JPY&period=20Y');
    const row = fxRow('USD/JPY');
    const recapped = recapItem(ecbRecap, 'currencyRate', 'USD/JPY');
    assert.ok(summary.usdJpy, '/fx/summary has USD/JPY');
    const [previous, latest] = rates.slice(-2);
    assert.ok(previous !== undefined && latest !== undefined, 'the exchange-rate endpoint has two USD/JPY closes');
    assert.equal(summary.usdJpy.value, row.lastPrice);
    assert.equal(latest.close, row.lastPrice);
    assert.equal(recapped.value, row.lastPrice);
    assert.equal(summary.usdJpy.changePct, row.changePct);
    assert.equal(recapped.changePercent, row.changePct);
    assert.equal(recapped.changeValue, Number((latest.close - previous.close).toFixed(6)));
    assert.equal(summary.usdJpy.asOf, row.asOf);
    assert.equal(latest.date.slice(0, 10), row.asOf);
    assert.equal(recapped.datetime.slice(0, 10), row.asOf);
    // The table's ten-day sparkline is the exchange-rate history's last ten closes.
    assert.deepEqual(
      rates.slice(-10).map((p) => p.close),
      row.sparkline10d,
    );
  });

  await t.test('EUR/USD, GBP/USD, AUD/USD and USD/CNY (ECB): the exchange-rate endpoint and the fx table', async () => {
    for (const [currency1, currency2] of [
      ['EUR', 'USD'],
      ['GBP', 'USD'],
      ['AUD', 'USD'],
      ['USD', 'CNY'],
    ] as const) {
      const pair = `${currency1}/${currency2}`;
      const rates = await data<RatePoint[]>(hub, key, `/macro/exchange-rate?currency1=${currency1}&currency2=${currency2}&period=20Y`);
      const row = fxRow(pair);
      const latest = last(rates, pair);
      assert.equal(latest.close, row.lastPrice, pair);
      assert.equal(latest.date.slice(0, 10), row.asOf, `${pair} date`);
      assert.deepEqual(
        rates.slice(-10).map((p) => p.close),
        row.sparkline10d,
        `${pair} history`,
      );
    }
  });

  await t.test("EUR/JPY (the ECB's own rate): the market recap and the exchange-rate endpoint", async () => {
    const rates = await at(ECB_DAY_AFTER, () => data<RatePoint[]>(hub, key, '/macro/exchange-rate?currency1=EUR&currency2=JPY&period=1M'));
    const recapped = recapItem(ecbRecap, 'currencyRate', 'EUR/JPY');
    const [previous, latest] = rates.slice(-2);
    assert.ok(previous !== undefined && latest !== undefined, 'the exchange-rate endpoint has two EUR/JPY closes');
    assert.equal(recapped.value, latest.close);
    assert.equal(recapped.changeValue, Number((latest.close - previous.close).toFixed(6)));
    assert.equal(recapped.datetime.slice(0, 10), latest.date.slice(0, 10));
  });

  await t.test('The dollar index (replica from the ECB rates): fx summary, fx table and gold–DXY', async () => {
    const summary = await data<{ dxy: FxRate | null }>(hub, key, '/fx/summary');
    assert.ok(summary.dxy, '/fx/summary has the dollar index');
    const table = await data<{ rows: FxRow[] }>(hub, key, '/fx/table?pairs=DXY');
    const goldDxy = await at(ECB_DAY_AFTER, () => data<{ series: { dxy: { date: string; value: number }[] } }>(hub, key, '/commodities/gold-dxy'));
    const latest = last(goldDxy.series.dxy, 'gold–DXY dxy');
    assert.equal(table.rows[0]?.lastPrice, summary.dxy.value);
    assert.equal(latest.value, summary.dxy.value);
    assert.equal(latest.date.slice(0, 10), summary.dxy.asOf);
  });

  await t.test('USD/VND (Vietcombank): the exchange-rate endpoint and the market recap', async () => {
    // The sample's one close is dated 2026-06-13, six days before the sync.
    const [rates, later] = await at(
      syncTime,
      async () =>
        [
          await data<RatePoint[]>(hub, key, '/macro/exchange-rate?currency1=USD&currency2=VND&period=1M'),
          await data<Recap>(hub, key, '/macro/market-recap'),
        ] as const,
    );
    const latest = last(rates, 'USD/VND rates');
    const recapped = recapItem(later, 'currencyRate', 'USD/VND');
    assert.equal(recapped.value, latest.close);
    assert.equal(recapped.datetime.slice(0, 10), latest.date.slice(0, 10));
    assert.equal(recapped.changeValue, null, 'one close: no change');
  });

  await t.test('Nikkei 225 (FRED): the index snapshot and the market recap', async () => {
    const snapshot = await data<IndexQuote[]>(hub, key, '/market/indices/snapshot');
    const quote = snapshot.find((q) => q.code === 'N225');
    assert.ok(quote, 'the snapshot has N225');
    assert.ok(quote.level !== null, 'N225 has a level');
    for (const group of ['nikkeiJpxGold', 'nikkeiJpxOil']) {
      const recapped = recapItem(recap, group, 'Nikkei 225');
      assert.equal(recapped.value, quote.level, `${group} level`);
      assert.equal(recapped.changeValue, quote.change, `${group} change`);
      assert.equal(recapped.changePercent, quote.changePercent, `${group} change %`);
      assert.equal(recapped.datetime.slice(0, 10), quote.asOf, `${group} date`);
    }
  });

  await t.test('TIBOR 3M (JBA): the TIBOR endpoint and the market recap', async () => {
    const tibor = await data<{ points: { date: string; tibor3m: number | null }[] }>(hub, key, '/macro/interbank-rates/jp/tibor?period=1M');
    const recapped = recapItem(recap, 'interbankRates3m', 'TIBOR 3M');
    const [previous, latest] = tibor.points.filter((p) => p.tibor3m !== null).slice(-2);
    assert.ok(previous?.tibor3m != null && latest?.tibor3m != null, 'two TIBOR 3M fixings');
    assert.equal(recapped.value, latest.tibor3m);
    assert.equal(recapped.changeValue, Number((latest.tibor3m - previous.tibor3m).toFixed(6)));
    assert.equal(recapped.datetime.slice(0, 10), latest.date);
  });

  await t.test('gold (World Bank): the fx table, the commodity list, the featured list, the history and gold–DXY', async () => {
    const gold = listed('gold');
    const row = fxRow('XAU/USD');
    const star = featured.find((c) => c.id === 'gold');
    assert.ok(star, 'gold is featured');
    assert.equal(row.lastPrice, gold.lastClose);
    assert.equal(row.asOf, gold.updatedAt?.slice(0, 10));
    assert.equal(row.changePct, gold.change1dPct);
    assert.equal(star.lastClose, gold.lastClose);
    assert.equal(star.change1dPct, gold.change1dPct);
    assert.deepEqual(star.trendline, gold.trendline);
    assert.deepEqual(row.sparkline10d.slice(-gold.trendline.length), gold.trendline);
    // The history and gold–DXY are windows counted back from today: both are read the day after gold's last close.
    const [history, goldDxy] = await at(
      dayAfter(gold.updatedAt ?? ''),
      async () =>
        [
          await data<Close[]>(hub, key, '/commodities/gold/history?period=ytd'),
          await data<{ series: { gold: { date: string; value: number }[] } }>(hub, key, '/commodities/gold-dxy?period=ytd'),
        ] as const,
    );
    const latest = last(history, 'gold history');
    assert.equal(latest.close, gold.lastClose);
    assert.equal(latest.date, gold.updatedAt?.slice(0, 10));
    assert.deepEqual(
      goldDxy.series.gold.map((p) => [p.date, p.value]),
      history.map((p) => [p.date, p.close]),
    );
  });

  await t.test('WTI, copper (FRED), silver and platinum (World Bank): the commodity list, the featured list and the history', async () => {
    for (const id of ['wti-crude', 'copper-lme', 'silver', 'platinum']) {
      const item = listed(id);
      const history = await at(dayAfter(item.updatedAt ?? ''), () => data<Close[]>(hub, key, `/commodities/${id}/history?period=3m`));
      const latest = last(history, `${id} history`);
      assert.equal(latest.close, item.lastClose, id);
      assert.equal(latest.date, item.updatedAt?.slice(0, 10), `${id} date`);
      assert.deepEqual(history.map((p) => p.close).slice(-item.trendline.length), item.trendline.slice(-history.length), `${id} closes`);
    }
    // Platinum is not a featured commodity.
    for (const id of ['wti-crude', 'copper-lme', 'silver']) {
      const item = listed(id);
      const star = featured.find((c) => c.id === id);
      assert.ok(star, `${id} is featured`);
      assert.equal(star.lastClose, item.lastClose, `${id} featured close`);
      assert.equal(star.change1dPct, item.change1dPct, `${id} featured change`);
      assert.deepEqual(star.trendline, item.trendline, `${id} featured trendline`);
    }
  });

  await t.test("Japan's 10-year JGB yield (MOF): rates-yields and the government-bond-10y table", async () => {
    const yields = await data<{ observationDate: string; tenYearsGovernmentBondYieldsPct: number | null }[]>(
      hub,
      key,
      '/macro/monetary-policy/rates-yields?country=JP&period=10Y',
    );
    const cells = tableCells(await data<Table>(hub, key, '/macro/indicators/government-bond-10y?periods=204'), 'JP');
    const monthly = new Map(yields.map((p) => [p.observationDate.slice(0, 7), p.tenYearsGovernmentBondYieldsPct]));
    const served = [...monthly].filter(([, value]) => value !== null);
    assert.ok(served.length > 0, 'rates-yields has a JP 10-year yield');
    for (const [month, value] of served) assert.equal(cells.get(month), value, `${month} on the table`);
    for (const [month, value] of cells) assert.equal(monthly.get(month) ?? null, value, `${month} on rates-yields`);
  });

  await t.test("Japan's unemployment rate (e-Stat): population and the unemployment-rate table", async () => {
    const population = await data<{ observationDate: string; unemploymentRate: number | null }[]>(hub, key, '/macro/population?country=JP&period=10Y');
    const cells = tableCells(await data<Table>(hub, key, '/macro/indicators/unemployment-rate?periods=204'), 'JP');
    const served = population.filter((p) => p.unemploymentRate !== null);
    assert.ok(served.length > 0, 'population has a JP unemployment rate');
    for (const point of served) assert.equal(cells.get(point.observationDate.slice(0, 7)), point.unemploymentRate, point.observationDate);
    for (const [month, value] of cells) assert.equal(population.find((p) => p.observationDate.startsWith(month))?.unemploymentRate ?? null, value, month);
  });

  for (const [country, publisher] of [
    ['VN', 'IMF CPI'],
    ['JP', 'e-Stat CPI'],
  ] as const)
    await t.test(`${country}'s inflation (${publisher}): economic-data and the inflation-rate table`, async () => {
      const cpi = await data<{ observationDate: string; cpiChangeYoyPercent: number | null }[]>(
        hub,
        key,
        `/macro/economic-data?type=cpi&country=${country}&period=10Y`,
      );
      const cells = tableCells(await data<Table>(hub, key, '/macro/indicators/inflation-rate?periods=204'), country);
      const served = cpi.filter((p) => p.cpiChangeYoyPercent !== null);
      assert.ok(served.length > 0, `economic-data has a ${country} year-on-year CPI change`);
      for (const point of served) sameRoundedPercent(point.cpiChangeYoyPercent, cells.get(point.observationDate.slice(0, 7)) ?? null, point.observationDate);
      for (const [month, value] of cells) {
        const twin = cpi.find((p) => p.observationDate.startsWith(month))?.cpiChangeYoyPercent ?? null;
        if (value === null) assert.equal(twin, null, month);
        else sameRoundedPercent(twin, value, month);
      }
    });

  await t.test("Japan's GDP (Cabinet Office): economic-data, gdp-growth-rate and the gdp-growth-rate table, now and with asOf", async () => {
    for (const asOf of ['', `&asOf=${syncTime.slice(0, 10)}`]) {
      const economic = await data<{ quarter: string; gdp: string; realGdp: number | null; realGrowthRate: number | null }[]>(
        hub,
        key,
        `/macro/economic-data?type=gdp&country=JP&period=10Y${asOf}`,
      );
      const growth = await data<typeof economic>(hub, key, `/macro/gdp-growth-rate?country=JP${asOf}`);
      assert.ok(economic.length > 0, `economic-data has JP GDP${asOf}`);
      assert.deepEqual(growth, economic, `gdp-growth-rate${asOf}`);
      const cells = tableCells(await data<Table>(hub, key, `/macro/indicators/gdp-growth-rate?periods=204${asOf}`), 'JP');
      // The table's JP row is the real GDP's change on the previous quarter, as is realGrowthRate.
      const quarterly = new Map(economic.map((p) => [`${p.quarter.slice(3)}-${p.quarter.slice(0, 2)}`, p.realGrowthRate]));
      for (const [quarter, value] of cells) {
        if (value === null) assert.equal(quarterly.get(quarter) ?? null, null, `${quarter}${asOf}`);
        else sameRoundedPercent(quarterly.get(quarter) ?? null, value, `${quarter}${asOf}`);
      }
      const grown = [...quarterly].filter(([, value]) => value !== null);
      assert.ok(grown.length > 0, `economic-data has a JP real growth rate${asOf}`);
      for (const [quarter, value] of grown) sameRoundedPercent(value, cells.get(quarter) ?? null, `${quarter} on the table${asOf}`);
    }
  });

  await t.test("the indicator list's latest period is each indicator table's last column, now and with asOf", async () => {
    // GDPC1's vintages reach 2024-Q4 (2024-Q3 as known on 2025-01-29): the list shows them.
    const mismatches: string[] = [];
    let compared = 0;
    for (const asOf of ['', '2025-01-29']) {
      const query = asOf === '' ? '' : `?asOf=${asOf}`;
      const list = await data<{ name: string; latestPeriod: string | null }[]>(hub, key, `/macro/indicators${query}`);
      for (const entry of list) {
        const table = await data<Table>(hub, key, `/macro/indicators/${entry.name}?periods=1${asOf === '' ? '' : `&asOf=${asOf}`}`);
        const column = table.columns.at(-1)?.period ?? null;
        if (entry.latestPeriod !== null) compared += 1;
        if (column !== entry.latestPeriod)
          mismatches.push(`${entry.name}${query}: /macro/indicators says ${entry.latestPeriod}, the table's last column is ${column}`);
      }
    }
    assert.ok(compared > 0, 'the list has a latest period');
    assert.deepEqual(mismatches, []);
  });

  await t.test('crypto (CoinGecko): the overview, the dominance list and the bubble map', async () => {
    const overview = await data<{ totalMarketCap: number; dominance: Record<string, number> }>(hub, key, '/crypto');
    const dominance = await data<{ totalMarketCap: number; coins: { symbol: string; dominancePercentage: number; marketCap: number }[] }>(
      hub,
      key,
      '/crypto/dominance',
    );
    const bubbles = await data<{ coins: { symbol: string; marketCap: number }[] }>(hub, key, '/crypto/bubble-map?limit=200');
    assert.equal(dominance.totalMarketCap, overview.totalMarketCap);
    assert.ok(dominance.coins.length > 0, 'the dominance list has coins');
    assert.deepEqual(
      bubbles.coins.map((c) => [c.symbol, c.marketCap]),
      dominance.coins.map((c) => [c.symbol, c.marketCap]),
    );
    for (const symbol of ['BTC', 'ETH']) {
      const coin = dominance.coins.find((c) => c.symbol === symbol);
      assert.ok(coin, `dominance lists ${symbol}`);
      // One share, computed and rounded in one place: the same number on both.
      assert.equal(coin.dominancePercentage, overview.dominance[symbol.toLowerCase()], symbol);
    }
  });

  await t.test("equities (J-Quants): 8697's profile and daily prices, and the listing against each profile", async () => {
    const profile = await data<{
      price: number | null;
      change: number | null;
      tradingDate: string | null;
      marketCap: number | null;
      sharesOutstanding: number | null;
    }>(hub, key, '/market/jp/equities/8697');
    const prices = await data<{ points: { date: string; close: number }[] }>(hub, key, '/market/jp/equities/8697/prices?range=max');
    const latest = last(prices.points, '8697 prices');
    const previous = prices.points.at(-2);
    assert.ok(profile.price !== null, '8697 has a price');
    assert.equal(profile.price, latest.close);
    assert.equal(profile.tradingDate, latest.date);
    assert.equal(profile.change, previous === undefined ? null : latest.close - previous.close);
    const listing = await data<{ code: string; name: string; sector: unknown; segment: string; securityType: string; listedOn: string | null }[]>(
      hub,
      key,
      '/market/jp/equities?limit=100',
    );
    assert.ok(
      listing.some((e) => e.code === '8697'),
      'the listing has 8697',
    );
    for (const entry of listing) {
      const own = await data<typeof entry>(hub, key, `/market/jp/equities/${entry.code}`);
      assert.deepEqual(
        [own.name, own.sector, own.segment, own.securityType, own.listedOn],
        [entry.name, entry.sector, entry.segment, entry.securityType, entry.listedOn],
        entry.code,
      );
    }
  });

  await t.test("ETFs (JPX list): the fund list, each fund's info and detail", async () => {
    interface Fund {
      etfCode: string;
      etfName: string;
      managementCompany: string | null;
      indexName: string | null;
      etfType: string;
    }
    const funds = await data<Fund[]>(hub, key, '/etf');
    assert.ok(funds.length > 0, 'the fund list is not empty');
    for (const fund of funds) {
      assert.ok(fund.managementCompany !== null && fund.indexName !== null, `${fund.etfCode} has a manager and an index`);
      const facts = (f: Fund) => [f.etfName, f.managementCompany, f.indexName, f.etfType];
      assert.deepEqual(facts(await data<Fund>(hub, key, `/etf/${fund.etfCode}/info`)), facts(fund), `${fund.etfCode} info`);
      assert.deepEqual(facts(await data<Fund>(hub, key, `/etf/${fund.etfCode}/detail`)), facts(fund), `${fund.etfCode} detail`);
    }
  });

  await t.test('real estate (MIC, MLIT): provinces, wards, outlines and transactions', async () => {
    interface Ward {
      wardId: number;
      wardName: string;
      coordinates?: number[][][];
    }
    const provinces = await data<{ id: number; bbox: number[] | null }[]>(hub, key, '/real-estate/jp/provinces');
    const wards = await data<Ward[]>(hub, key, '/real-estate/jp/provinces/113/wards');
    const outlines = await data<{ wards: Ward[] }>(hub, key, '/real-estate/jp/geojson?provinceId=113');
    assert.ok(wards.length > 0, 'Tokyo has wards');
    assert.deepEqual(
      outlines.wards.map(({ coordinates: _c, ...summary }) => summary),
      wards,
      "the outlines carry the wards list's summaries",
    );
    // Tokyo's bounding box is the extent of its wards' outlines.
    const positions = outlines.wards.flatMap((w) => (w.coordinates ?? []).flat());
    assert.ok(positions.length > 0, 'Tokyo has an outline');
    const lon = positions.map((p) => p[0] ?? Number.NaN);
    const lat = positions.map((p) => p[1] ?? Number.NaN);
    assert.deepEqual(provinces.find((p) => p.id === 113)?.bbox, [Math.min(...lon), Math.min(...lat), Math.max(...lon), Math.max(...lat)]);
    const transactions = await data<{ wardName: string; count: number; transactions: unknown[] }>(
      hub,
      key,
      '/real-estate/jp/provinces/113/wards/1013102/transactions',
    );
    assert.equal(transactions.wardName, wards.find((w) => w.wardId === 1_013_102)?.wardName);
    assert.equal(transactions.count, transactions.transactions.length);
  });

  await t.test("news (RSS): the feed's per-article sentiment and the sentiment summary", async () => {
    const summary = await data<{
      from: string;
      to: string;
      articleCount: number;
      positive: number;
      neutral: number;
      negative: number;
      averageScore: number | null;
      daily: { date: string; articleCount: number; averageScore: number | null }[];
    }>(hub, key, '/news/sentiment');
    const feed = await data<{ publishedAt: string; sentiment: { score: number; label: string } }[]>(hub, key, '/news/feed?limit=100');
    const inWindow = feed.filter((a) => a.publishedAt >= summary.from && a.publishedAt <= summary.to);
    assert.ok(inWindow.length > 0, 'the feed has articles in the sentiment window');
    assert.equal(summary.articleCount, inWindow.length);
    for (const label of ['positive', 'neutral', 'negative'] as const)
      assert.equal(summary[label], inWindow.filter((a) => a.sentiment.label === label).length, label);
    const mean = (scores: number[]) => scores.reduce((sum, s) => sum + s, 0) / scores.length;
    assert.ok(
      summary.averageScore !== null && Math.abs(summary.averageScore - mean(inWindow.map((a) => a.sentiment.score))) <= 0.0001,
      `average ${summary.averageScore}`,
    );
    for (const day of summary.daily) {
      const articles = inWindow.filter((a) => a.publishedAt.startsWith(day.date));
      assert.equal(day.articleCount, articles.length, day.date);
      if (articles.length === 0) assert.equal(day.averageScore, null, day.date);
      else
        assert.ok(
          day.averageScore !== null && Math.abs(day.averageScore - mean(articles.map((a) => a.sentiment.score))) <= 0.0001,
          `${day.date}: ${day.averageScore}`,
        );
    }
  });
});

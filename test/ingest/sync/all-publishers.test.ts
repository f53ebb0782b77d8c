import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allPublishersHub, PUBLISHER_SOURCES } from '../../helpers/all-publishers-hub.ts';
import { endOfDay, readSeries } from '../../../src/store/vintage.ts';

/**
 * Issue 24's first "done when": a store with no demo, the sources file pointing every shipped
 * publisher at the local double (which serves each publisher's recorded samples at its real
 * paths), one `fdh sync` run of every source (test/helpers/all-publishers-hub.ts), and the
 * endpoints show the fetched figures. The expected figures are those of the samples under
 * test/fixtures/publishers/.
 */
test("one sync of every shipped source against the publishers' doubles serves exactly the fetched figures on the endpoints each source feeds", async (t) => {
  const { hub, outcomes } = await allPublishersHub(t);
  assert.deepEqual(
    outcomes.filter((outcome) => outcome.status !== 'succeeded').map((outcome) => JSON.stringify(outcome)),
    [],
    'every shipped source succeeded',
  );
  assert.equal(outcomes.length, PUBLISHER_SOURCES.length, 'every shipped publisher source ran');
  const origins = await hub.runtime.store.db.selectFrom('release').select(['origin', 'source_id']).execute();
  assert.ok(origins.length >= PUBLISHER_SOURCES.length && origins.every((release) => release.origin === 'sync'), 'every release came from the sync');

  const key = await hub.key();
  const data = async (path: string) => {
    const answer = await hub.get(`/openapi/v1${path}`, key);
    assert.equal(answer.statusCode, 200, `${path}: ${answer.body}`);
    return answer.json().data;
  };
  // ECB: the newest day, eurofxref-daily.xml's 2026-03-23 (the history zip ends 2026-03-05), USD 1.1596 and GBP 0.86420 per euro, as published.
  const fx = await data('/fx/table?pairs=EUR/USD,EUR/GBP');
  assert.deepEqual(
    fx.rows.map((row: { lastPrice: number }) => row.lastPrice),
    [1.1596, 0.8642],
  );
  // FRED: the Fed's broad dollar index of 2024-10-11, 122.9805; the dxy fields show the labelled replica.
  const dollar = await data('/fx/table?pairs=DTWEXBGS');
  assert.equal(dollar.rows[0].lastPrice, 122.9805);
  assert.match((await data('/fx/summary')).dxy.source, /^Replica of the ICE U\.S\. Dollar Index/);
  // FRED: SP500's newest observation, 5473.23 on 2026-06-19.
  const global = await data('/market/global-indices');
  const spx = global.find((index: { code: string }) => index.code === 'SPX');
  assert.deepEqual([spx?.level, spx?.asOf], [5473.23, '2026-06-19']);
  // FRED/ALFRED: GDPC1's 2024-Q4, first published 2025-01-30 (23530.909), 23586.542 since 2025-09-25. No
  // endpoint shows the level without nominal GDP (which the samples lack), so the vintages are read from the store.
  const realGdp2024Q4 = async (asOf: string) =>
    (await readSeries(hub.runtime.store.db, { series: ['us.gdp.real'], cutoff: endOfDay(asOf) }))
      .get('us.gdp.real')
      ?.find((figure) => figure.period === '2024-Q4')?.value;
  assert.deepEqual(
    [await realGdp2024Q4('2025-01-29'), await realGdp2024Q4('2025-01-30'), await realGdp2024Q4('2025-09-25')],
    [undefined, 23530.909, 23586.542],
  );
  // FRED commodities: WTI's newest day, 72.22 USD/bbl on 2021-07-07; copper's newest month, 2025-01.
  const commodities = await data('/commodities');
  const lastClose = (id: string) => commodities.find((item: { id: string }) => item.id === id)?.lastClose;
  assert.deepEqual([lastClose('wti-crude'), lastClose('copper-lme')], [72.22, 8976.680434782609]);
  // World Bank Pink Sheet: gold's newest month in the sample workbook (June 2026 edition), 4,587.21 USD/troy oz in 2026M05.
  assert.equal(lastClose('gold'), 4587.21);
  // Vietcombank: the USD transfer rate of 6/13/2026, 26,122 VND (the table lists a pair from its second close on).
  const usdVnd = await hub.runtime.store.db.selectFrom('instrument_close').select(['date', 'close']).where('instrument', '=', 'fx:USD/VND').execute();
  assert.deepEqual(
    usdVnd.map((row) => [row.date, row.close]),
    [['2026-06-13', 26122]],
  );
  // CoinGecko: the first coin of page 1, bitcoin, market cap 1,254,560,380,643 USD.
  const bubbles = await data('/crypto/bubble-map');
  assert.equal(bubbles.coins.find((coin: { symbol: string }) => coin.symbol.toUpperCase() === 'BTC')?.marketCap, 1254560380643);
  // Alternative.me: the newest day of the answer, 47 on 2026-04-27.
  const crypto = await data('/crypto');
  assert.deepEqual(crypto.fearGreed, { value: 47, classification: 'Neutral', date: '2026-04-27' });
  // Coin Metrics, 2020-03-29: hash rate 104430893.58 TH/s, 591,287 active addresses, realized cap = market cap / MVRV;
  // MVRV from that realized cap and CoinGecko's bitcoin market cap. Etherscan: the gas oracle in gwei.
  const onchain = await data('/crypto/onchain');
  // biome-ignore lint/correctness/noPrecisionLoss: the publisher's figure as it prints it; the test reads it as the importer does.
  const realizedCap = 108023566970.5730026188233733815 / 1.06488351;
  assert.deepEqual(onchain.btcHashrate, { value: 104.43, unit: 'EH/s' });
  assert.equal(onchain.btcActiveAddresses, 591287);
  assert.equal(onchain.mvrv.value, Math.round((1254560380643 / realizedCap) * 1e4) / 1e4);
  assert.deepEqual(onchain.ethGas, { safe: 0.111829336, standard: 0.11182936, fast: 0.123012296, baseFee: 0.111829336, unit: 'gwei' });
  assert.equal(onchain.whaleTxCount, null, 'no free publisher: null, never 0');
  // J-Quants: JPX (8697) closed at 2,045 yen on 2023-03-24 on 2,202,500 shares.
  const prices = await data('/market/jp/equities/8697/prices?range=max');
  assert.deepEqual(
    prices.points.map((point: { date: string; close: number; volume: number }) => [point.date, point.close, point.volume]),
    [['2023-03-24', 2045, 2202500]],
  );
  // J-Quants indices: TOPIX Core30 (J-Quants' 0028) closed at 1,200.17 on 2023-12-01.
  const japan = await data('/market/indices/snapshot');
  const core30 = japan.find((index: { code: string }) => index.code === 'TOPIXC30');
  assert.deepEqual([core30?.level, core30?.asOf], [1200.17, '2023-12-01']);
  // JPX: the ETF Database names 1306's manager and index.
  const fund = await data('/etf/1306/info');
  assert.deepEqual([fund.managementCompany, fund.indexName], ['野村アセットマネジメント', 'TOPIX']);
  // JBA: the 3-month TIBOR of 2026-06-05 is 0.99369 % (the columns run 1W, 1M, 2M, 3M, 6M, 12M).
  const tibor = await data('/macro/interbank-rates/jp/tibor');
  assert.equal(tibor.latestDate, '2026-06-05');
  assert.equal(tibor.points.at(-1).tibor3m, 0.99369);
  // RSS: the feed's items, by their titles.
  const feed = await data('/news/feed?limit=100');
  assert.ok(feed.some((item: { title: string }) => item.title === 'Bitcoin surges to a record as inflows boost demand'));
  // MIC: the code list's prefectures and Tokyo's municipalities, by code, with the list's names.
  const provinces = await data('/real-estate/jp/provinces?lang=en');
  assert.deepEqual(provinces.map((province: { id: number; name: string }) => [province.id, province.name]).sort(), [
    [101, '北海道'],
    [113, '東京都'],
  ]);
  const wards = await data('/real-estate/jp/provinces/113/wards');
  assert.deepEqual(
    wards.map((ward: { wardId: number }) => ward.wardId),
    [1_013_101, 1_013_102, 1_013_201],
  );
  // MLIT N03: Chuo-ku's outline (35 positions once simplified); the others have none fetched.
  const outlines = await data('/real-estate/jp/geojson?provinceId=113');
  assert.deepEqual(
    outlines.wards.map((ward: { wardId: number; coordinates: number[][][] }) => [ward.wardId, ward.coordinates[0]?.length ?? 0]),
    [
      [1_013_101, 0],
      [1_013_102, 35],
      [1_013_201, 0],
    ],
  );
  // MLIT: four transactions of Chuo-ku, Tokyo (13102), the first at 47,000,000 yen.
  const transactions = await data('/real-estate/jp/provinces/113/wards/1013102/transactions');
  assert.equal(transactions.count, 4);
  assert.ok(transactions.transactions.some((item: { price: number }) => item.price === 47_000_000));
  // BIS: Japan's policy rate of 2026-05 and 2026-06 (0.75 %, then 1 %, the call-rate guideline since June 2026).
  // BOJ: the overnight call rate's average of 2017-02 (-0.038 %, 2017-03 not yet published).
  const policy = await data('/macro/indicators/policy-rate?periods=2');
  assert.deepEqual(
    policy.columns.map((column: { period: string }) => column.period),
    ['2026-05', '2026-06'],
  );
  assert.deepEqual(policy.rows.find((row: { country: string }) => row.country === 'JP')?.values, [0.75, 1]);
  // MOF: the 10-year JGB yield's monthly averages of the recorded days, September 2024 0.891 %, October 2024 0.945 %.
  const rates = await data('/macro/monetary-policy/rates-yields?country=JP&period=10Y');
  const month = (date: string) => rates.find((row: { observationDate: string }) => row.observationDate === date);
  assert.deepEqual([month('2017-02-01')?.overnightCallRate, month('2017-03-01')?.overnightCallRate], [-0.038, null]);
  assert.deepEqual([month('2024-09-01')?.tenYearsGovernmentBondYieldsPct, month('2024-10-01')?.tenYearsGovernmentBondYieldsPct], [0.891, 0.945]);
  // e-Stat: core CPI (less fresh food) of May 2026, 113 (2020=100); all items of May 2025, 111.8, 3.4 % above May 2024's 108.1.
  const cpi = await data('/macro/economic-data?type=cpi&country=JP');
  const may2025 = cpi.find((point: { observationDate: string }) => point.observationDate === '2025-05-01');
  assert.deepEqual([cpi.at(-1).observationDate, cpi.at(-1).coreCpiPoints, may2025?.cpiPoints, may2025?.cpiChangeYoyPercent], ['2026-05-01', 113, 111.8, 3.4]);
  // e-Stat: the unemployment rate of December 2025, 2.4 %; the population estimate of January 2022, 12544 万人 (the sample's months of 2026 are after the test clock).
  const population = await data('/macro/population?country=JP&period=10Y');
  const populationMonth = (date: string) => population.find((row: { observationDate: string }) => row.observationDate === date);
  assert.equal(populationMonth('2025-12-01')?.unemploymentRate, 2.4);
  assert.equal(populationMonth('2022-01-01')?.population, 125_440_000);
  // Cabinet Office: nominal GDP of Jul.-Sep. 2015 in the recorded release, 500,671.6 billion yen; real 529,673.7.
  const gdp = await data('/macro/economic-data?type=gdp&country=JP');
  assert.deepEqual([gdp.at(-1).quarter, gdp.at(-1).gdp, gdp.at(-1).realGdp], ['Q3 2015', '500671.600', 529673.7]);
  // FRED release calendar: the CPI of May 2026 is announced on 2026-06-10 at 8:30 in New York.
  const calendar = await data('/calendar/events?from=2026-06-01&to=2026-07-31&country=US');
  assert.ok(
    calendar.some(
      (event: { id: string; time: string; period: string }) =>
        event.id === 'us-cpi-yoy-2026-06-10' && event.time === '2026-06-10T12:30:00.000Z' && event.period === '2026-05',
    ),
  );
  // Eurostat: euro-area unemployment of August 2026 is released on 2026-10-01 at 11:00 in Luxembourg.
  const euro = await data('/calendar/events?from=2026-09-25&to=2026-10-05&country=EU');
  assert.ok(
    euro.some(
      (event: { id: string; time: string; period: string }) =>
        event.id === 'eu-unemployment-2026-10-01' && event.time === '2026-10-01T09:00:00.000Z' && event.period === '2026-08',
    ),
  );
  // IMF: Vietnam's CPI index, 194.72 in 2026-05 against 188.47 in 2025-05, is a 3.32 % inflation rate.
  const inflation = await data('/macro/indicators/inflation-rate?periods=1');
  assert.deepEqual(inflation.rows.find((row: { country: string }) => row.country === 'VN')?.values, [3.32]);
  // Binance and Deribit, read the day after Binance's recorded ETH open interest (2026-09-24 22:09 UTC; BTC's is of 2024-08-12).
  hub.clock.set('2026-09-25T00:00:00.000Z');
  const derivatives = await data('/crypto/derivatives');
  assert.deepEqual(derivatives.openInterest.btc, { symbol: 'BTCUSDT', value: '70056.543', unit: 'BTC' });
  assert.deepEqual(derivatives.fundingRate.eth, { rate: 0.00059142, annualized: 64.76049 });
  assert.deepEqual(derivatives.putCallRatio.btc, { ratio: 0.007, putOi: 8.1, callOi: 1124.7 });
  assert.equal(derivatives.liquidations24h, null, "OKX's hours of the sync day are out of this day's window: null, never 0");
});

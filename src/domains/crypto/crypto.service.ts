import { NotFoundError } from '../../kernel/domain-errors.ts';
import { roundTo } from '../../kernel/numbers.ts';
import { percentChange } from './crypto.math.ts';
import { CRYPTO_METRICS, DOMINANCE_COINS } from './crypto.metrics.ts';
import type { CoinMarket, CoinSnapshot, CryptoRepo } from './crypto.repo.ts';
import type { BubbleTimeframe, CryptoBubbleMap, CryptoDerivatives, CryptoDominance, CryptoOnchain, CryptoOverview } from './crypto.schemas.ts';
import { HOUR_MS, LOOKBACK } from './crypto.lookback.ts';
import { NEW_COIN_DAYS, pickTrending, tagTrending, type TrendingCandidate } from './crypto.trending.ts';
import { fearGreedClassification, mvrvZone, nuplZone } from './crypto.zones.ts';

/** Market data older than this (against the request time) is flagged stale. */
const STALE_AFTER_MS = 2 * HOUR_MS;
const DOMINANCE_COIN_COUNT = 10;

const iso = (ms: number) => new Date(ms).toISOString();

export class CryptoService {
  #repo: CryptoRepo;

  constructor(repo: CryptoRepo) {
    this.#repo = repo;
  }

  /** The latest snapshot at or before `now`; none at all is a 404 (nothing to compute from). */
  async #latestSnapshotTime(now: Date): Promise<string> {
    const at = await this.#repo.latestSnapshotTime({ notAfter: now.toISOString() });
    if (at === null) throw new NotFoundError('No crypto market data has been loaded yet');
    return at;
  }

  /** The market to compare the snapshot at `at` with over `timeframe`; empty when none is close enough. */
  async #reference(at: string, timeframe: BubbleTimeframe): Promise<Map<string, CoinMarket>> {
    const { ms, toleranceMs } = LOOKBACK[timeframe];
    const target = Date.parse(at) - ms;
    const reference = await this.#repo.latestSnapshotTime({ notAfter: iso(target), notBefore: iso(target - toleranceMs) });
    return reference === null ? new Map() : this.#repo.marketAt({ at: reference });
  }

  async getOverview({ now }: { now: Date }): Promise<CryptoOverview> {
    const at = await this.#latestSnapshotTime(now);
    const coins = await this.#repo.snapshot({ at });
    const before = await this.#reference(at, '1d');
    const total = sumOf(coins);
    // The change compares the same coins at both times: a coin the earlier snapshot lacks would count as growth.
    const inBoth = coins.filter((coin) => before.has(coin.coinId));
    const [nowBoth, thenBoth] = [sumOf(inBoth), sumOf(inBoth.flatMap((coin) => before.get(coin.coinId) ?? []))];
    const change = (to: number, from: number) => {
      const pct = inBoth.length === 0 ? null : percentChange(to, from);
      return pct === null ? null : roundTo(pct, 4);
    };

    const fearGreed = await this.#repo.latestFearGreed({ notAfter: now.toISOString().slice(0, 10) });
    return {
      totalMarketCap: roundTo(total.marketCap, 2),
      volume24h: roundTo(total.volume24h, 2),
      marketCapChange24h: change(nowBoth.marketCap, thenBoth.marketCap),
      volumeChange24h: change(nowBoth.volume24h, thenBoth.volume24h),
      dominance: dominanceShares(coins, total.marketCap),
      fearGreed: fearGreed === null ? null : { value: fearGreed.value, classification: fearGreedClassification(fearGreed.value), date: fearGreed.date },
      trending: await this.#trending(coins, before, at),
    };
  }

  async #trending(coins: readonly CoinSnapshot[], before: ReadonlyMap<string, CoinMarket>, at: string) {
    const candidates: TrendingCandidate[] = [];
    coins.forEach((coin, index) => {
      const change = changeOf(coin.price, before.get(coin.coinId)?.price);
      if (change !== null) candidates.push({ coinId: coin.coinId, symbol: coin.symbol, name: coin.name, rank: index + 1, priceChange24h: change });
    });
    const picked = pickTrending(candidates);
    const firstSeen = await this.#repo.firstSeen({ coinIds: picked.map((c) => c.coinId) });
    const newSince = Date.parse(at) - NEW_COIN_DAYS * 24 * HOUR_MS;
    const newCoinIds = new Set([...firstSeen].filter(([, first]) => Date.parse(first) > newSince).map(([id]) => id));
    return tagTrending(picked, newCoinIds);
  }

  async getBubbleMap({ now, timeframe, limit }: { now: Date; timeframe: BubbleTimeframe; limit: number }): Promise<CryptoBubbleMap> {
    const at = await this.#latestSnapshotTime(now);
    const coins = await this.#repo.snapshot({ at, limit });
    const before = await this.#reference(at, timeframe);
    const largest = coins[0]?.marketCap ?? 0;
    return {
      timeframe,
      coins: coins.map((c) => ({
        symbol: c.symbol,
        name: c.name,
        marketCap: roundTo(c.marketCap, 2),
        change: changeOf(c.price, before.get(c.coinId)?.price),
        size: roundTo(Math.sqrt(c.marketCap / largest), 4),
      })),
    };
  }

  async getDominance({ now }: { now: Date }): Promise<CryptoDominance> {
    const at = await this.#latestSnapshotTime(now);
    const coins = await this.#repo.snapshot({ at });
    const total = sumOf(coins).marketCap;
    return {
      totalMarketCap: roundTo(total, 2),
      coins: coins.slice(0, DOMINANCE_COIN_COUNT).map((c) => ({
        symbol: c.symbol,
        name: c.name,
        dominancePercentage: dominancePercent(c.marketCap, total),
        marketCap: roundTo(c.marketCap, 2),
      })),
      // Totals are summed from the same snapshot as the coins, so the two times coincide.
      asOf: { globalMetrics: at, assets: at, skewSeconds: 0, isStale: now.getTime() - Date.parse(at) > STALE_AFTER_MS },
    };
  }

  async getOnchain({ now }: { now: Date }): Promise<CryptoOnchain> {
    const m = CRYPTO_METRICS;
    const latest = await this.#repo.latestMetrics({
      metrics: [m.ethGasSafe, m.ethGasStandard, m.ethGasFast, m.ethBaseFee, m.btcHashrate, m.btcActiveAddresses, m.whaleTxCount, m.btcRealizedCap],
      notAfter: now.toISOString(),
    });
    const value = (name: (typeof m)[keyof typeof m]) => latest.get(name)?.value ?? null;
    const gas = [value(m.ethGasSafe), value(m.ethGasStandard), value(m.ethGasFast), value(m.ethBaseFee)] as const;
    const hashrate = value(m.btcHashrate);
    const activeAddresses = value(m.btcActiveAddresses);
    const whaleTxCount = value(m.whaleTxCount);
    const valuation = await this.#btcValuation(now, value(m.btcRealizedCap));
    return {
      ethGas: gas.every((g) => g === null) ? null : { safe: gas[0], standard: gas[1], fast: gas[2], baseFee: gas[3], unit: 'gwei' },
      btcHashrate: hashrate === null ? null : { value: roundTo(hashrate, 2), unit: 'EH/s' },
      btcActiveAddresses: activeAddresses === null ? null : roundTo(activeAddresses, 0),
      whaleTxCount: whaleTxCount === null ? null : roundTo(whaleTxCount, 0),
      mvrv: valuation === null ? null : { value: valuation.mvrv, zone: mvrvZone(valuation.mvrv) },
      nupl: valuation === null ? null : { value: valuation.nupl, zone: nuplZone(valuation.nupl) },
    };
  }

  /**
   * MVRV = BTC market cap / realized cap; NUPL = (market cap − realized cap) / market cap.
   * Both from the latest snapshot and realized cap; zones read the served (rounded) value.
   */
  async #btcValuation(now: Date, realizedCap: number | null): Promise<{ mvrv: number; nupl: number } | null> {
    if (realizedCap === null || realizedCap <= 0) return null;
    const at = await this.#repo.latestSnapshotTime({ notAfter: now.toISOString() });
    if (at === null) return null;
    const btc = (await this.#repo.marketAt({ at })).get(DOMINANCE_COINS.btc);
    if (btc === undefined || btc.marketCap <= 0) return null;
    return { mvrv: roundTo(btc.marketCap / realizedCap, 4), nupl: roundTo((btc.marketCap - realizedCap) / btc.marketCap, 4) };
  }

  async getDerivatives({ now }: { now: Date }): Promise<CryptoDerivatives> {
    const m = CRYPTO_METRICS;
    const nowIso = now.toISOString();
    const latest = await this.#repo.latestMetrics({
      metrics: [m.btcOpenInterest, m.ethOpenInterest, m.btcFundingRate, m.ethFundingRate, m.btcPutOi, m.btcCallOi],
      notAfter: nowIso,
    });
    const value = (name: (typeof m)[keyof typeof m]) => latest.get(name)?.value ?? null;
    const openInterest = (symbol: string, unit: string, contracts: number | null) =>
      contracts === null ? null : { symbol, value: contracts.toFixed(3), unit };
    // Perpetual funding is paid every 8 hours: 3 times a day, 365 days, in percent.
    const funding = (rate: number | null) => (rate === null ? null : { rate, annualized: roundTo(rate * 3 * 365 * 100, 5) });
    const put = value(m.btcPutOi);
    const call = value(m.btcCallOi);

    const after = iso(now.getTime() - 24 * HOUR_MS);
    const long = await this.#repo.metricSum({ metric: m.liquidationsLong, after, notAfter: nowIso });
    const short = await this.#repo.metricSum({ metric: m.liquidationsShort, after, notAfter: nowIso });
    const longSum = long.count === 0 ? null : roundTo(long.sum, 2);
    const shortSum = short.count === 0 ? null : roundTo(short.sum, 2);
    return {
      openInterest: {
        btc: openInterest('BTCUSDT', 'BTC', value(m.btcOpenInterest)),
        eth: openInterest('ETHUSDT', 'ETH', value(m.ethOpenInterest)),
      },
      fundingRate: { btc: funding(value(m.btcFundingRate)), eth: funding(value(m.ethFundingRate)) },
      liquidations24h:
        longSum === null && shortSum === null
          ? null
          : { total: longSum === null || shortSum === null ? null : roundTo(longSum + shortSum, 2), long: longSum, short: shortSum },
      putCallRatio: { btc: put === null || call === null || call <= 0 ? null : { ratio: roundTo(put / call, 3), putOi: put, callOi: call } },
    };
  }
}

function sumOf(coins: Iterable<CoinMarket>): { marketCap: number; volume24h: number } {
  let marketCap = 0;
  let volume24h = 0;
  for (const coin of coins) {
    marketCap += coin.marketCap;
    // A coin published without a volume adds nothing to the total, as in the publisher's own total.
    volume24h += coin.volume24h ?? 0;
  }
  return { marketCap, volume24h };
}

/** Percent price change (4 decimals); null without a reference price. */
function changeOf(price: number, before: number | undefined): number | null {
  const pct = percentChange(price, before);
  return pct === null ? null : roundTo(pct, 4);
}

/**
 * Decimals of a dominance share, the same on `/crypto` and `/crypto/dominance` (one figure, one
 * value): the twin's dominance endpoint shows two.
 */
const DOMINANCE_DECIMALS = 2;

/** A coin's share of the total market cap in percent: the one place dominance is computed. */
function dominancePercent(marketCap: number, total: number): number {
  return roundTo((marketCap / total) * 100, DOMINANCE_DECIMALS);
}

/**
 * Shares of the total in percent; `other` is the remainder, so the six sum to 100. A coin the
 * snapshot lacks has no share (null, never 0), and then neither has `other`.
 */
function dominanceShares(coins: readonly CoinSnapshot[], total: number): CryptoOverview['dominance'] {
  const share = (coinId: string) => {
    const coin = coins.find((c) => c.coinId === coinId);
    return coin === undefined || total <= 0 ? null : dominancePercent(coin.marketCap, total);
  };
  const shares = {
    btc: share(DOMINANCE_COINS.btc),
    eth: share(DOMINANCE_COINS.eth),
    bnb: share(DOMINANCE_COINS.bnb),
    sol: share(DOMINANCE_COINS.sol),
    xrp: share(DOMINANCE_COINS.xrp),
  };
  const named = Object.values(shares);
  const other = named.some((value) => value === null) ? null : roundTo(100 - named.reduce<number>((sum, value) => sum + (value ?? 0), 0), DOMINANCE_DECIMALS);
  return { ...shares, other };
}

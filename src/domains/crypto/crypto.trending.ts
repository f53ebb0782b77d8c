export type TrendingTag = 'new' | 'top-gainer' | 'top20-mover' | 'gainer';

export interface TrendingCandidate {
  coinId: string;
  symbol: string;
  name: string;
  /** Market-cap rank in the latest snapshot, 1 = largest. */
  rank: number;
  priceChange24h: number;
}

export interface TrendingCoin {
  symbol: string;
  name: string;
  rank: number;
  priceChange24h: number;
  tag: TrendingTag;
}

export const TRENDING_GAINERS = 6;
export const TOP_MOVER_RANK = 20;
export const NEW_COIN_DAYS = 7;

/**
 * The trending selection, deterministic given the candidates:
 * 1. the TRENDING_GAINERS coins with the largest positive 24h price change (ties: better rank);
 * 2. then the coin ranked 1–20 with the largest absolute 24h change, if not already listed.
 */
export function pickTrending(candidates: readonly TrendingCandidate[]): TrendingCandidate[] {
  const gainers = candidates
    .filter((c) => c.priceChange24h > 0)
    .toSorted((a, b) => b.priceChange24h - a.priceChange24h || a.rank - b.rank)
    .slice(0, TRENDING_GAINERS);
  const topMover = candidates
    .filter((c) => c.rank <= TOP_MOVER_RANK)
    .toSorted((a, b) => Math.abs(b.priceChange24h) - Math.abs(a.priceChange24h) || a.rank - b.rank)[0];
  if (topMover === undefined || gainers.some((c) => c.coinId === topMover.coinId)) return gainers;
  return [...gainers, topMover];
}

/**
 * Tags the picked coins with the first tag that applies: `new` (first stored snapshot less
 * than NEW_COIN_DAYS before the latest), `top-gainer` (largest positive 24h change of all),
 * `top20-mover` (ranked 1–20), else `gainer`.
 */
export function tagTrending(picked: readonly TrendingCandidate[], newCoinIds: ReadonlySet<string>): TrendingCoin[] {
  const topGainerId = picked[0] !== undefined && picked[0].priceChange24h > 0 ? picked[0].coinId : undefined;
  return picked.map((c) => ({
    symbol: c.symbol,
    name: c.name,
    rank: c.rank,
    priceChange24h: c.priceChange24h,
    tag: newCoinIds.has(c.coinId) ? 'new' : c.coinId === topGainerId ? 'top-gainer' : c.rank <= TOP_MOVER_RANK ? 'top20-mover' : 'gainer',
  }));
}

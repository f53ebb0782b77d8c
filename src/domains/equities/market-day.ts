import type { SessionClose } from './equities.repo.ts';
import type { RelatedItem, SectorPerformance } from './equities.schemas.ts';
import { SECTORS_33 } from './sectors.ts';
import { sharesOnLatestBase, type PublishedShares } from './share-base.ts';
import { previousCloseOnTodaysBase, type ShareBaseChange } from './split-adjustment.ts';

/** The latest session's view of many stocks: quotes, market caps, sector moves. */
export interface MarketDay {
  closes: readonly SessionClose[];
  /** The latest session first, then the previous one. */
  sessions: readonly string[];
  /** Ratios of the splits taking effect on the latest session, by code. */
  ratios: ReadonlyMap<string, number>;
  /** Share-base changes after each issue's published share count, by code. */
  changes: ReadonlyMap<string, ShareBaseChange[]>;
}

export interface Quote {
  price: number;
  change: number | null;
  changePercent: number | null;
  tradingDate: string;
}

/** The day's quote: the change is against the previous close restated on today's share base. */
export function quote(today: { date: string; close: number }, previous: { close: number } | undefined, ratioToday: number | undefined): Quote {
  if (previous === undefined) return { price: today.close, change: null, changePercent: null, tradingDate: today.date };
  const base = previousCloseOnTodaysBase(previous.close, ratioToday);
  const change = today.close - base;
  return { price: today.close, change, changePercent: (change / base) * 100, tradingDate: today.date };
}

function indexCloses(closes: readonly SessionClose[]): Map<string, SessionClose> {
  return new Map(closes.map((c) => [`${c.code}#${c.date}`, c]));
}

/** Peers with a close on the latest session and a share count, largest market cap first (code breaks ties). */
export function rankByMarketCap(issues: readonly (PublishedShares & { code: string; ticker: string; name: string })[], day: MarketDay): RelatedItem[] {
  const [latest, previous] = day.sessions;
  if (latest === undefined) return [];
  const closeOn = indexCloses(day.closes);
  const items: RelatedItem[] = [];
  for (const issue of issues) {
    const today = closeOn.get(`${issue.code}#${latest}`);
    const shares = sharesOnLatestBase(issue, day.changes.get(issue.code) ?? [], latest);
    if (today === undefined || shares === null) continue;
    const before = previous === undefined ? undefined : closeOn.get(`${issue.code}#${previous}`);
    const dayQuote = quote(today, before, day.ratios.get(issue.code));
    items.push({
      symbol: issue.code,
      code: issue.ticker,
      name: issue.name,
      price: dayQuote.price,
      change: dayQuote.change,
      changePercent: dayQuote.changePercent,
      tradingDate: dayQuote.tradingDate,
      marketCap: shares * dayQuote.price,
    });
  }
  return items.sort((a, b) => b.marketCap - a.marketCap || (a.symbol < b.symbol ? -1 : 1));
}

interface SectorTotals {
  count: number;
  priced: number;
  cap: number;
  /** Today's cap and the previous session's, over the stocks that traded on both. */
  capCompared: number;
  capBefore: number;
  up: number;
  down: number;
  flat: number;
}

const emptyTotals = (): SectorTotals => ({ count: 0, priced: 0, cap: 0, capCompared: 0, capBefore: 0, up: 0, down: 0, flat: 0 });

/** Every one of the 33 sectors: market cap and the cap-weighted change of the latest session. */
export function sectorPerformance({
  issues,
  ...day
}: MarketDay & { issues: readonly (PublishedShares & { code: string; sector33_code: string })[] }): SectorPerformance[] {
  const [latest, previous] = day.sessions;
  const closeOn = indexCloses(day.closes);
  const totals = new Map<string, SectorTotals>(SECTORS_33.map((s) => [s.code, emptyTotals()]));
  for (const issue of issues) {
    const total = totals.get(issue.sector33_code);
    if (total === undefined) continue;
    total.count += 1;
    if (latest === undefined) continue;
    const today = closeOn.get(`${issue.code}#${latest}`);
    const shares = sharesOnLatestBase(issue, day.changes.get(issue.code) ?? [], latest);
    if (today === undefined || shares === null) continue;
    total.priced += 1;
    total.cap += shares * today.close;
    const before = previous === undefined ? undefined : closeOn.get(`${issue.code}#${previous}`);
    if (before === undefined) continue;
    const base = previousCloseOnTodaysBase(before.close, day.ratios.get(issue.code));
    total.capBefore += shares * base;
    total.capCompared += shares * today.close;
    if (today.close > base) total.up += 1;
    else if (today.close < base) total.down += 1;
    else total.flat += 1;
  }
  return SECTORS_33.map((sector) => {
    const t = totals.get(sector.code) ?? emptyTotals();
    return {
      code: sector.code,
      name: sector.name,
      stockCount: t.count,
      tradingDate: t.priced > 0 ? (latest ?? null) : null,
      marketCap: t.priced > 0 ? t.cap : null,
      // Weighted over the stocks that traded on both sessions, all on today's share base.
      changePercent: t.capBefore > 0 ? (t.capCompared / t.capBefore - 1) * 100 : null,
      advancers: t.up,
      decliners: t.down,
      unchanged: t.flat,
    };
  });
}

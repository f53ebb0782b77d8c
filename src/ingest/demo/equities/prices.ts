import { addDays } from '../../../kernel/dates.ts';
import type { EquityActionRow, EquityBarRow } from '../../../store/tables/equities.tables.ts';
import type { SeededRandom } from '../random.ts';
import type { DemoIssue } from './universe.ts';
import { HISTORY_START } from './sessions.ts';

export const DEMO_SOURCE = 'demo';

/** Daily log-return factors shared by every stock (market) and by a sector's stocks. */
export interface Factors {
  market: Float64Array;
  sector: Map<string, Float64Array>;
}

export function drawFactors(random: (stream: string) => SeededRandom, sectorCodes: readonly string[], sessionCount: number): Factors {
  const marketRandom = random('market');
  const market = new Float64Array(sessionCount);
  for (let t = 0; t < sessionCount; t++) market[t] = marketRandom.normal(0.0003, 0.0095);
  const sector = new Map<string, Float64Array>();
  for (const code of sectorCodes) {
    const sectorRandom = random(`sector:${code}`);
    const series = new Float64Array(sessionCount);
    for (let t = 0; t < sessionCount; t++) series[t] = sectorRandom.normal(0, 0.0065);
    sector.set(code, series);
  }
  return { market, sector };
}

export interface IssueHistory {
  bars: EquityBarRow[];
  actions: EquityActionRow[];
  /** On the share base of the last session. */
  sharesOutstanding: number;
}

/** Rounds a price to the exchange's tick: 1 yen below ¥5,000, 5 below ¥30,000, 10 above. */
function toTick(price: number): number {
  const tick = price < 5000 ? 1 : price < 30000 ? 5 : 10;
  return Math.max(1, Math.round(price / tick) * tick);
}

const SPLIT_RATIOS = [2, 2, 2, 3, 4, 5, 10];
/** Calendar days after the history's start (or the listing) within which an issue's one action falls. */
const ACTION_WINDOW_DAYS = 1700;

/**
 * One stock's bars: a log random walk of beta × market + sector + its own noise, with
 * volume around a size-dependent turnover of its shares; the open, high and low around each close. A split divides the price and
 * multiplies the shares from its effective session on. Every 25th issue splits and every
 * 90th (from the 17th) consolidates, so every scale has both; others split by chance.
 */
export function generateHistory(
  issue: DemoIssue,
  sessions: readonly string[],
  factors: Factors,
  random: SeededRandom,
  rangeRandom: SeededRandom,
): IssueHistory {
  const listedAt = sessions.findIndex((d) => d >= issue.listedOn);
  const first = listedAt === -1 ? sessions.length : listedAt;
  const beta = random.between(0.6, 1.4);
  const large = issue.initialCap > 1e11;
  const ownVolatility = large ? random.between(0.008, 0.014) : random.between(0.013, 0.024);
  const turnover = (large ? 0.004 : 0.0025) * random.between(0.4, 2.5);
  let price = 10 ** random.between(Math.log10(150), Math.log10(12000));
  let shares = Math.max(1e5, Math.round(issue.initialCap / price / 100) * 100);

  const actions: EquityActionRow[] = [];
  const reverse = issue.index % 90 === 17 || random.chance(0.004);
  const split = !reverse && (issue.index % 25 === 3 || random.chance(0.03));
  if (split || reverse) {
    // A day of the fixed action window, moved to the next session: the same whatever the seed's last day.
    const day = addDays(issue.listedOn > HISTORY_START ? issue.listedOn : HISTORY_START, random.int(7, ACTION_WINDOW_DAYS));
    const ratio = reverse ? random.pick([0.1, 0.2]) : random.pick(SPLIT_RATIOS);
    // A consolidation usually follows a long slide; a split a strong run: start the price accordingly.
    price = reverse ? Math.max(20, price / 20) : price * Math.min(ratio, 4);
    const at = sessions.find((date) => date >= day);
    // An action after the seed's last session has not happened yet.
    if (at !== undefined) actions.push({ code: issue.code, effective_date: at, kind: reverse ? 'reverse_split' : 'split', ratio, source: DEMO_SOURCE });
  }

  const sector = factors.sector.get(issue.sectorCode);
  const bars: EquityBarRow[] = [];
  let close = toTick(price);
  for (let t = first; t < sessions.length; t++) {
    const date = sessions[t] as string;
    const action = actions.find((a) => a.effective_date === date);
    if (action !== undefined) {
      price /= action.ratio;
      shares = Math.round(shares * action.ratio);
    }
    const move = beta * (factors.market[t] ?? 0) + (sector?.[t] ?? 0) + random.normal(0, ownVolatility);
    price = Math.max(1, price * Math.exp(move));
    close = toTick(price);
    const activity = Math.exp(random.normal(0, 0.45)) * (1 + (2 * Math.abs(move)) / ownVolatility / 3);
    const volume = Math.max(100, Math.round((shares * turnover * activity) / 100) * 100);
    // The session's open and range on a stream of their own, so the closes are those of a demo without them.
    const open = toTick(close * (1 + rangeRandom.normal(0, ownVolatility / 3)));
    const high = Math.max(open, close, toTick(Math.max(open, close) * (1 + Math.abs(rangeRandom.normal(0, ownVolatility / 3)))));
    const low = Math.min(open, close, toTick(Math.min(open, close) * (1 - Math.abs(rangeRandom.normal(0, ownVolatility / 3)))));
    bars.push({
      code: issue.code,
      date,
      open,
      high,
      low,
      close,
      volume,
      trading_value: Math.round(volume * close * random.between(0.995, 1.005)),
      source: DEMO_SOURCE,
    });
  }
  return { bars, actions, sharesOutstanding: shares };
}

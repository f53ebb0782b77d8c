/**
 * Whether each stored fact is up to date: its next figure is due one period after its latest
 * stored period ends, plus its publisher's lag (cadence.ts); past that, the fact is stale.
 */
import { addDays, DAY_MS, isoDay, weekdayOf } from '../kernel/dates.ts';
import { cadenceOf, type Cadence, type CadencePeriod } from './cadence.ts';
import { factName } from './names.ts';

/** How much time a stored period covers: an instant (an ISO time) or a calendar day, month, quarter or year. */
type Grain = 'instant' | 'day' | 'month' | 'quarter' | 'year';

interface StoredPeriod {
  grain: Grain;
  /** When the period ends (its next period starts), UTC: the instant itself for an ISO time. */
  endMs: number;
}

const DIGITS = /^\d+$/;
const digits = (text: string): number | undefined => (DIGITS.test(text) ? Number(text) : undefined);

/** A period as the tables store it: `YYYY`, `YYYY-Qn`, `YYYY-MM`, `YYYY-MM-DD` or an ISO time; undefined for anything else. */
export function storedPeriod(text: string): StoredPeriod | undefined {
  const year = digits(text.slice(0, 4));
  if (year === undefined) return undefined;
  if (text.length === 4) return { grain: 'year', endMs: Date.UTC(year + 1, 0, 1) };
  if (text[4] !== '-') return undefined;
  if (text.length === 7 && text[5] === 'Q') {
    const quarter = digits(text.slice(6));
    return quarter === undefined || quarter < 1 || quarter > 4 ? undefined : { grain: 'quarter', endMs: Date.UTC(year, quarter * 3, 1) };
  }
  const month = digits(text.slice(5, 7));
  if (month === undefined || month < 1 || month > 12) return undefined;
  if (text.length === 7) return { grain: 'month', endMs: Date.UTC(year, month, 1) };
  const day = text.slice(0, 10);
  const dayMs = Date.parse(`${day}T00:00:00.000Z`);
  if (Number.isNaN(dayMs) || isoDay(dayMs) !== day) return undefined;
  if (text.length === 10) return { grain: 'day', endMs: dayMs + DAY_MS };
  const instantMs = Date.parse(text);
  return Number.isNaN(instantMs) ? undefined : { grain: 'instant', endMs: instantMs };
}

/** Coarseness, finest first: a period is never taken shorter than the stored one (a monthly average of a daily series). */
const RANK: Readonly<Record<Grain | CadencePeriod, number>> = { instant: 0, day: 1, 'business-day': 1, week: 2, month: 3, quarter: 4, year: 5 };

const isWeekend = (day: string): boolean => weekdayOf(day) === 0 || weekdayOf(day) === 6;

/** The `n`th business day (Monday to Friday) after `day`. */
function businessDaysAfter(day: string, n: number): string {
  let current = day;
  for (let counted = 0; counted < n; ) {
    current = addDays(current, 1);
    if (!isWeekend(current)) counted++;
  }
  return current;
}

/** `ms` moved by `n` calendar periods, UTC. */
function addPeriods(ms: number, period: Exclude<CadencePeriod, 'business-day'> | 'day', n: number): number {
  if (period === 'day') return ms + n * DAY_MS;
  if (period === 'week') return ms + 7 * n * DAY_MS;
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + n * (period === 'month' ? 1 : period === 'quarter' ? 3 : 12));
  return date.getTime();
}

/** When the figure after `lastPeriod` is due by `cadence`; null when the cadence sets no due date or the period cannot be read. */
export function dueAt(cadence: Cadence, lastPeriod: string | null): Date | null {
  if (cadence.kind === 'none' || lastPeriod === null) return null;
  const stored = storedPeriod(lastPeriod);
  if (stored === undefined) return null;
  if (cadence.kind === 'schedule') return new Date(stored.endMs + cadence.lagDays * DAY_MS);
  if (cadence.period === 'business-day' && RANK[stored.grain] <= RANK.day) {
    // The day the last figure is for, the next business day's figure, and the lag in business days after it.
    const lastDay = isoDay(stored.grain === 'day' ? stored.endMs - DAY_MS : stored.endMs);
    const dueDay = businessDaysAfter(lastDay, 1 + cadence.lagDays);
    return new Date(Date.parse(`${dueDay}T00:00:00.000Z`) + DAY_MS);
  }
  const period = RANK[stored.grain] > RANK[cadence.period] ? stored.grain : cadence.period;
  const next = addPeriods(stored.endMs, period === 'business-day' || period === 'instant' ? 'day' : period, 1);
  return new Date(next + cadence.lagDays * DAY_MS);
}

/** What the store holds of one fact, over every release holding it. */
export interface StoredFactState {
  /** The stored fact (`macro_observation:jp.gdp.real`). */
  fact: string;
  /** The latest period any release of it holds; null for reference data. */
  lastPeriod: string | null;
  /** The knowledge time of the newest release holding it. */
  knowledgeAt: string;
  /** The sync sources whose releases hold it. */
  sourceIds: readonly string[];
}

export interface FactFreshness {
  /** The stored fact. */
  fact: string;
  /** Its user name (`macro:jp.gdp.real`). */
  name: string;
  lastPeriod: string | null;
  /** When the figure after `lastPeriod` is due (ISO); null for a fact with no due date. */
  dueAt: string | null;
  /** Past its due date. */
  stale: boolean;
  /** Seconds since the newest release holding it was known. */
  ageSeconds: number;
  knowledgeAt: string;
  sourceIds: readonly string[];
}

/** A stale fact: one with a due date, past it. */
export type StaleFact = FactFreshness & { dueAt: string };

export const isStale = (fact: FactFreshness): fact is StaleFact => fact.stale && fact.dueAt !== null;

/** Every fact's freshness at `now`, by its name. */
export function freshnessOf(states: readonly StoredFactState[], now: Date): FactFreshness[] {
  return states
    .map((state) => {
      const due = dueAt(cadenceOf(state.fact), state.lastPeriod);
      return {
        fact: state.fact,
        name: factName(state.fact).name,
        lastPeriod: state.lastPeriod,
        dueAt: due?.toISOString() ?? null,
        stale: due !== null && now.getTime() > due.getTime(),
        // A release stamped after the clock's now (a publisher's own knowledge time) counts as new, not negative.
        ageSeconds: Math.max(0, Math.floor((now.getTime() - Date.parse(state.knowledgeAt)) / 1000)),
        knowledgeAt: state.knowledgeAt,
        sourceIds: state.sourceIds,
      };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

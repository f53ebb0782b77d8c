import { dateBounds, figureBounds, LONGEST_FIGURE, type FigureBounds } from '../facts/figure-bounds.ts';
import { SMALLEST_FIGURE } from '../kernel/numbers.ts';
import { DAY_MS, daysBetween, periodStart } from '../kernel/dates.ts';
import { factName } from '../facts/names.ts';
import type { FigureGuard } from '../store/release-facts.ts';
import { ImportError } from './import-error.ts';

/**
 * The one rule for a publisher's number and date, used by every reader: a number is a decimal
 * literal as the publisher writes it, finite and within what its fact can be
 * (src/facts/figure-bounds.ts); a date is not after what the hub knows (plus the fact's
 * horizon) nor before the fact can exist. Each check throws an ImportError that starts with
 * `where` (the file and line), so a refused run names the line.
 */

export interface FigureSyntax {
  /** The format writes exponents (JSON, SDMX's xs:double); a CSV of decimals does not. */
  exponent?: boolean;
  /** Thousands are grouped with commas (`1,234.5`). */
  grouping?: boolean;
}

const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const WITH_EXPONENT = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d{1,3})?$/;
const GROUPED = /^-?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;

const shown = (text: string): string => JSON.stringify(text.length > LONGEST_FIGURE ? `${text.slice(0, LONGEST_FIGURE)}…` : text);

function syntaxAccepts(text: string, syntax: FigureSyntax): boolean {
  if (text.length > LONGEST_FIGURE) return false;
  return DECIMAL.test(text) || (syntax.exponent === true && WITH_EXPONENT.test(text)) || (syntax.grouping === true && GROUPED.test(text));
}

function describe(bounds: FigureBounds): string {
  return bounds.positive ? `above 0, from ${bounds.min} to ${bounds.max}` : `from ${bounds.min} to ${bounds.max}`;
}

/** Why `value` cannot be a figure of `fact`, or undefined when it can. */
export function figureProblem(value: number, fact: string): string | undefined {
  const bounds = figureBounds(fact);
  if (!Number.isFinite(value)) return 'not a finite number';
  if (value !== 0 && Math.abs(value) < SMALLEST_FIGURE) return `smaller than any published figure (${SMALLEST_FIGURE})`;
  if (value < bounds.min || value > bounds.max || (bounds.positive && value <= 0))
    return `outside what a ${fact.split(':')[0]} figure can be (${describe(bounds)})`;
  return undefined;
}

/** A figure the publisher wrote as text: `where` names the file and line, `fact` what it is (`fx.close:EUR/USD`). */
export function publisherFigure(text: string, fact: string, where: string, syntax: FigureSyntax = {}): number {
  if (!syntaxAccepts(text, syntax)) throw new ImportError(`${where}: ${fact} ${shown(text)} is not a decimal number as the publisher writes one`);
  return checkedFigure(Number(syntax.grouping === true ? text.replaceAll(',', '') : text), fact, where, text);
}

/** A figure the publisher's format already made a number (a JSON number). */
export function checkedFigure(value: number, fact: string, where: string, text: string = String(value)): number {
  const problem = figureProblem(value, fact);
  if (problem !== undefined) throw new ImportError(`${where}: ${fact} ${shown(text)} is ${problem}`);
  return value;
}

/** A date in a zone ahead of UTC (Tokyo, Auckland) can be the next UTC day's. */
const ZONE_DAYS = 1;

/** The first day of a stored period (an instant's day); a text of no period form is its own first ten characters. */
const firstDay = (period: string): string => periodStart(period) ?? period.slice(0, 10);

/** Figures further apart than this are not compared: prices do move tenfold over years. */
const JUMP_WINDOW_DAYS = 366;

/** Why two consecutive figures of one series cannot both be true, or undefined. */
export function jumpProblem(previous: { date: string; close: number }, next: { date: string; close: number }, fact: string): string | undefined {
  const { jump } = figureBounds(fact);
  if (jump === undefined || daysBetween(firstDay(previous.date), firstDay(next.date)) > JUMP_WINDOW_DAYS) return undefined;
  return factorProblem(previous.close, next.close, jump);
}

function factorProblem(previous: number, next: number, jump: number): string | undefined {
  if (previous <= 0 || next <= 0) return undefined;
  const factor = Math.max(next / previous, previous / next);
  return factor > jump
    ? `${next} is ${factor >= 1e6 ? factor.toExponential(1) : Math.round(factor)} times the figure before it, ${previous} (at most ${jump})`
    : undefined;
}

/** Why `period` cannot be the date of a figure of `fact` known at `knowledgeAt`, or undefined. */
export function dateProblem(period: string, fact: string, knowledgeAt: string): string | undefined {
  const { earliest, horizonDays } = dateBounds(fact);
  const day = firstDay(period);
  if (day < earliest) return `${period} is before a ${fact} figure can exist (${earliest})`;
  const latest = new Date(Date.parse(knowledgeAt) + (horizonDays + ZONE_DAYS) * DAY_MS).toISOString().slice(0, 10);
  if (day > latest) return `${period} is after what the hub knows (${knowledgeAt.slice(0, 10)}${horizonDays > 0 ? ` and ${horizonDays} days ahead` : ''})`;
  return undefined;
}

/** A figure's date (period), checked against the knowledge time of the release it comes in. */
export function checkedDate(period: string, fact: string, knowledgeAt: string, where: string): string {
  const problem = dateProblem(period, fact, knowledgeAt);
  if (problem !== undefined) throw new ImportError(`${where}: ${problem}`);
  return period;
}

/**
 * The guard a release's transaction holds every series figure to (release-facts.ts), whatever
 * reader wrote it: the last line of defence, naming the fact and period where a reader that
 * checked its figures itself names the line.
 */
export function releaseFigureGuard(knowledgeAt: string): FigureGuard {
  const names = new Map<string, string>();
  return (stored, period, value) => {
    let name = names.get(stored);
    if (name === undefined) {
      name = factName(stored).name;
      names.set(stored, name);
    }
    const problem = (value === null ? undefined : figureProblem(value, name)) ?? (period === null ? undefined : dateProblem(period, name, knowledgeAt));
    if (problem !== undefined) throw new ImportError(`${name}${period === null ? '' : ` ${period}`}: ${value === null ? '' : `${value}: `}${problem}`);
  };
}

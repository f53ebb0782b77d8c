import { calendarDate } from '../../calendar-dates.ts';
import { addDays, tokyoDay } from '../../../kernel/dates.ts';

export interface DateWindowParams {
  /** Days asked on the first run, ending today. */
  initialDays: number;
  /** At most this many days asked in one run (one request each, plus pages). */
  maxDays: number;
  /** Days the plan holds the figures back (the Free plan's delay); 0 for a live plan. */
  delayDays: number;
}

export interface DateWindow {
  /** The days to ask, oldest first. */
  dates: string[];
  /** The newest day whose answer is complete: the cursor of the next run. */
  through: string | undefined;
}

/**
 * The days to ask J-Quants for, one `date=` request each: from the day after the last complete
 * one (`through`), or the last `initialDays` days on the first run, up to the newest day the
 * plan serves. That newest day is asked but not counted complete, so the next run asks it
 * again: figures published later that day (statements are updated at 18:00 and 24:30 JST) are
 * not lost.
 */
export function dateWindow(through: string | undefined, params: DateWindowParams, now: Date): DateWindow {
  const newest = addDays(tokyoDay(now), -params.delayDays);
  const first = through === undefined ? addDays(newest, 1 - params.initialDays) : addDays(through, 1);
  const dates: string[] = [];
  for (let date = first; date <= newest && dates.length < params.maxDays; date = addDays(date, 1)) dates.push(date);
  const last = dates[dates.length - 1];
  if (last === undefined) return { dates, through };
  const complete = last < newest ? last : addDays(newest, -1);
  return { dates, through: through !== undefined && through > complete ? through : complete };
}

/** The `through` day a cursor holds, if it holds a real one. */
export function cursorDate(cursor: Record<string, unknown> | undefined): string | undefined {
  const value = cursor?.through;
  return typeof value === 'string' ? calendarDate(value) : undefined;
}

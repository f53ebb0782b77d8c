import { InvalidInputError } from '../../kernel/domain-errors.ts';
import type { CalendarRepo } from './calendar.repo.ts';
import { addDays, checkFromNotAfterTo, DAY_MS, daysBetween, isoDay } from '../../kernel/dates.ts';
import { isMacroRelease, macroActuals } from './macro-releases.ts';
import type { MacroRepo } from '../macro/macro.repo.ts';
import { MAX_WINDOW_DAYS, type CalendarEvent } from './calendar.schemas.ts';

const DEFAULT_WINDOW_DAYS = 7;
/** Far enough back to reach the previous release of a quarterly series. */
const HISTORY_LOOKBACK_DAYS = 200;

export class CalendarService {
  readonly #repo: CalendarRepo;
  readonly #macro: MacroRepo;

  constructor(repo: CalendarRepo, macro: MacroRepo) {
    this.#repo = repo;
    this.#macro = macro;
  }

  async getEvents(input: {
    from?: string | undefined;
    to?: string | undefined;
    country?: string | undefined;
    importance?: string | undefined;
    now: Date;
  }): Promise<CalendarEvent[]> {
    const today = isoDay(input.now);
    const from = input.from ?? (input.to === undefined ? today : addDays(input.to, -DEFAULT_WINDOW_DAYS));
    const to = input.to ?? addDays(from, DEFAULT_WINDOW_DAYS);
    checkFromNotAfterTo(from, to);
    if (daysBetween(from, to) > MAX_WINDOW_DAYS) {
      throw new InvalidInputError([`from and to must be at most ${MAX_WINDOW_DAYS} days apart`]);
    }
    const fromAt = `${from}T00:00:00.000Z`;
    const toAt = `${to}T23:59:59.999Z`;
    const rows = await this.#repo.events({ fromAt, toAt, country: input.country?.toUpperCase(), importance: input.importance });
    const nowIso = input.now.toISOString();
    const released = (scheduledAt: string) => scheduledAt <= nowIso;

    const history = await this.#repo.seriesHistory({
      series: [...new Set(rows.map((r) => r.series))],
      fromAt: new Date(Date.parse(fromAt) - HISTORY_LOOKBACK_DAYS * DAY_MS).toISOString(),
      toAt,
    });
    const fromMacro = await macroActuals(
      this.#macro,
      history.filter((h) => released(h.scheduled_at)),
      nowIso,
    );
    const actualOf = (h: { series: string; period: string; actual: number | null }) =>
      isMacroRelease(h.series) ? (fromMacro.get(`${h.series} ${h.period}`) ?? null) : h.actual;
    // previous of a release: the latest actual released before it, within the same series.
    const previousOf = new Map<string, number | null>();
    let series = '';
    let last: number | null = null;
    for (const h of history) {
      if (h.series !== series) {
        series = h.series;
        last = null;
      }
      previousOf.set(`${h.series} ${h.scheduled_at}`, last);
      const actual = released(h.scheduled_at) ? actualOf(h) : null;
      if (actual !== null) last = actual;
    }

    return rows.map((row) => ({
      id: row.id,
      time: row.scheduled_at,
      country: row.country,
      name: row.name,
      importance: row.importance as CalendarEvent['importance'],
      period: row.period,
      actual: released(row.scheduled_at) ? actualOf(row) : null,
      forecast: row.forecast,
      previous: previousOf.get(`${row.series} ${row.scheduled_at}`) ?? null,
      unit: row.unit,
      source: row.source,
    }));
  }
}

import { cutoffFor, provenance } from '../../store/vintage.ts';
import type { MacroRepo } from './macro.repo.ts';
import { addDays, addMonthsToDay } from '../../kernel/dates.ts';
import { windowMonths } from './periods.ts';
import { TIBOR_TENORS, tiborSeries } from './series.ts';
import type { Tibor, TiborWindow } from './tibor.schemas.ts';

const PUBLISHER = 'JBA TIBOR Administration';

/** First day of a window ending on `latest`: 1M from 2026-06-18 is 2026-05-19 to 2026-06-18. */
export const tiborWindowStart = (latest: string, window: TiborWindow): string => addDays(addMonthsToDay(latest, -windowMonths(window)), 1);

export class TiborService {
  readonly #repo: MacroRepo;

  constructor(repo: MacroRepo) {
    this.#repo = repo;
  }

  async getTibor(input: { period: TiborWindow; asOf?: string | undefined; now: Date }): Promise<Tibor> {
    const cutoff = cutoffFor({ asOf: input.asOf, now: input.now });
    const series = TIBOR_TENORS.map(tiborSeries);
    const latest = await this.#repo.latestPeriod({ series, cutoff });
    const base = { unit: 'percent', country: 'JP', period: input.period };
    if (latest === null) {
      return { ...base, source: PUBLISHER, latestDate: null, knowledgeAt: null, wasRestated: false, from: null, to: null, points: [] };
    }
    const from = tiborWindowStart(latest, input.period);
    const indexes = await this.#repo.indexes({ series, cutoff, fromPeriod: from, toPeriod: latest });
    const dates = [...new Set(indexes.flatMap((index) => [...index.keys()]))].sort();
    const [w1, m1, m3, m6] = indexes;
    const points = dates.map((date) => ({
      date,
      tibor1w: w1?.get(date)?.value ?? null,
      tibor1m: m1?.get(date)?.value ?? null,
      tibor3m: m3?.get(date)?.value ?? null,
      tibor6m: m6?.get(date)?.value ?? null,
    }));
    const { knowledgeAt, wasRestated, sources } = provenance(indexes.flatMap((index) => [...index.values()]));
    return { ...base, source: sources.join('; '), latestDate: latest, knowledgeAt, wasRestated, from, to: latest, points };
  }
}

import { cutoffFor, provenance, type ServedFigure } from '../../store/vintage.ts';
import type { FigureIndex, MacroRepo } from './macro.repo.ts';
import { addMonths, monthsBetween } from '../../kernel/dates.ts';
import { roundTo } from '../../kernel/numbers.ts';
import { percentChange } from './periods.ts';
import { VN_FDI } from './series.ts';
import type { VnFlowItem, VnFlows } from './vn-flows.schemas.ts';

const PUBLISHER = 'Ministry of Finance of Vietnam, Foreign Investment Agency';
/** Years of year-to-date lines in `cumulative`: the latest year and the two before it. */
const CUMULATIVE_YEARS = 3;

export interface VnFlowsInput {
  months: number;
  asOf?: string | undefined;
  now: Date;
}

/** Contract section 4: the stand-alone month is YTD(m) − YTD(m−1) within a year; January is its own YTD. */
export function standaloneMonth(ytd: FigureIndex, month: string): number | null {
  const current = ytd.get(month)?.value ?? null;
  if (current === null) return null;
  if (month.endsWith('-01')) return current;
  const previous = ytd.get(addMonths(month, -1))?.value ?? null;
  return previous === null ? null : roundTo(current - previous, 4);
}

export class VnFlowsService {
  readonly #repo: MacroRepo;

  constructor(repo: MacroRepo) {
    this.#repo = repo;
  }

  async getVnFlows(input: VnFlowsInput): Promise<VnFlows> {
    const cutoff = cutoffFor({ asOf: input.asOf, now: input.now });
    const ytdSeries = [VN_FDI.registeredYtd, VN_FDI.realizedYtd];
    const latest = await this.#repo.latestPeriod({ series: ytdSeries, cutoff });
    const base = { country: 'VN', unit: 'USD', unitScale: 1_000_000, displayUnit: 'millions of US dollars' };
    if (latest === null) {
      return {
        ...base,
        source: PUBLISHER,
        latestPeriod: null,
        knowledgeAt: null,
        wasRestated: false,
        months: 0,
        from: null,
        to: null,
        series: [],
        cumulative: [],
      };
    }
    const latestYear = Number(latest.slice(0, 4));
    const windowFrom = addMonths(latest, 1 - input.months);
    const cumulativeFrom = `${latestYear - CUMULATIVE_YEARS + 1}-01`;
    const readFrom = [addMonths(windowFrom, -12), cumulativeFrom].sort()[0];
    const [registered, realized, cutoffDay] = await this.#repo.indexes({
      series: [VN_FDI.registeredYtd, VN_FDI.realizedYtd, VN_FDI.cutoffDay],
      cutoff,
      fromPeriod: readFrom,
      toPeriod: latest,
    });
    if (registered === undefined || realized === undefined || cutoffDay === undefined) throw new Error('three series asked, three indexes expected');
    const earliest = [...registered.keys(), ...realized.keys()].sort()[0] ?? latest;
    const from = windowFrom > earliest ? windowFrom : earliest;
    const used: ServedFigure[] = [];
    const use = (index: FigureIndex, month: string): number | null => {
      const figure = index.get(month);
      if (figure === undefined) return null;
      used.push(figure);
      return figure.value;
    };
    const items: (Omit<VnFlowItem, 'source'> & { source: string | null })[] = monthsBetween(from, latest).map((month) => {
      const previous = addMonths(month, -1);
      const sameYear = !month.endsWith('-01');
      const registeredYtd = use(registered, month);
      const realizedYtd = use(realized, month);
      if (sameYear) {
        use(registered, previous);
        use(realized, previous);
      }
      const yearAgo = use(registered, addMonths(month, -12));
      const day = use(cutoffDay, month);
      return {
        period: month,
        registered: standaloneMonth(registered, month),
        realized: standaloneMonth(realized, month),
        registeredYtd,
        realizedYtd,
        registeredYoy: percentChange(registeredYtd, yearAgo),
        cutoffDay: day === null ? null : Math.round(day),
        source: registered.get(month)?.source ?? realized.get(month)?.source ?? null,
      };
    });
    const cumulative = [];
    for (let year = latestYear - CUMULATIVE_YEARS + 1; year <= latestYear; year++) {
      const lastMonth = year === latestYear ? latest : `${year}-12`;
      const months = monthsBetween(`${year}-01`, lastMonth);
      if (!months.some((m) => registered.has(m) || realized.has(m))) continue;
      cumulative.push({ year, registered: months.map((m) => use(registered, m)), realized: months.map((m) => use(realized, m)) });
    }
    const { knowledgeAt, wasRestated, sources } = provenance(used);
    const source = sources.length > 0 ? sources.join('; ') : PUBLISHER;
    // A month the publisher skipped still names who publishes the series.
    const series: VnFlowItem[] = items.map((item) => ({ ...item, source: item.source ?? source }));
    return {
      ...base,
      source,
      latestPeriod: latest,
      knowledgeAt,
      wasRestated,
      months: series.length,
      from,
      to: latest,
      series,
      cumulative,
    };
  }
}

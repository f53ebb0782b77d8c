import { InvalidInputError } from '../../kernel/domain-errors.ts';
import { cutoffFor, provenance, type ServedFigure } from '../../store/vintage.ts';
import type { FdiByRegion, FdiQuarterRecord, FdiRegionValues } from './fdi.schemas.ts';
import { byPeriod, type MacroRepo } from './macro.repo.ts';
import { addQuarters, checkFromNotAfterTo, quarterIndex, quartersBetween } from '../../kernel/dates.ts';
import { roundTo } from '../../kernel/numbers.ts';
import { FDI_DIRECTIONS, FDI_METHOD_CHANGE, FDI_PRELIMINARY, FDI_REGIONS, FDI_TOTAL, fdiSeries, type FdiDirection } from './series.ts';

const MAX_QUARTERS = 12;
const PUBLISHER = 'Ministry of Finance and Bank of Japan, Balance of Payments';

export interface FdiByRegionInput {
  country: string;
  quarters: number;
  from?: string | undefined;
  to?: string | undefined;
  direction?: FdiDirection | undefined;
  asOf?: string | undefined;
  now: Date;
}

interface Window {
  from: string;
  to: string;
}

/** Contract section 3's window rules; `null` when there is nothing to serve. */
export function fdiWindow(input: { quarters: number; from?: string | undefined; to?: string | undefined; latest: string | null }): Window | null {
  const { quarters, from, to, latest } = input;
  // Before the first release every window is the empty answer (contract section 3).
  if (latest === null) return null;
  if (from !== undefined && to !== undefined) return { from, to };
  if (from !== undefined) {
    const end = addQuarters(from, quarters - 1);
    const cut = end < latest ? end : latest;
    return cut < from ? null : { from, to: cut };
  }
  if (to !== undefined) return { from: addQuarters(to, 1 - quarters), to };
  return { from: addQuarters(latest, 1 - quarters), to: latest };
}

function validateWindow(from: string | undefined, to: string | undefined): void {
  checkFromNotAfterTo(from, to);
  if (from === undefined || to === undefined) return;
  const span = quarterIndex(to) - quarterIndex(from) + 1;
  if (span > MAX_QUARTERS) throw new InvalidInputError([`from and to span ${span} quarters; at most ${MAX_QUARTERS}`]);
}

export class FdiService {
  readonly #repo: MacroRepo;

  constructor(repo: MacroRepo) {
    this.#repo = repo;
  }

  async getFdiByRegion(input: FdiByRegionInput): Promise<FdiByRegion> {
    if (input.country.toUpperCase() !== 'JP')
      throw new InvalidInputError([`country must be jp (got ${input.country}); Vietnam is served by /macro/fdi/vn/flows`]);
    validateWindow(input.from, input.to);
    const cutoff = cutoffFor({ asOf: input.asOf, now: input.now });
    const directions = input.direction === undefined ? FDI_DIRECTIONS : [input.direction];
    const parts = [FDI_TOTAL, ...FDI_REGIONS.map((r) => r.code)];
    const dataSeries = directions.flatMap((d) => parts.map((part) => fdiSeries(d, part)));
    const latest = await this.#repo.latestPeriod({ series: dataSeries, cutoff });
    const window = fdiWindow({ quarters: input.quarters, from: input.from, to: input.to, latest });
    const base = {
      country: 'JP',
      unit: 'USD',
      unitScale: 1_000_000,
      displayUnit: 'millions of US dollars',
      sourceUrl: 'https://www.boj.or.jp/en/statistics/br/bop_06/index.htm',
      latestPeriod: latest,
      regions: FDI_REGIONS.map((r) => ({ code: r.code, name: r.name })),
    };
    if (window === null) {
      return {
        ...base,
        source: PUBLISHER,
        knowledgeAt: null,
        wasRestated: false,
        from: null,
        to: null,
        quarters: 0,
        ...Object.fromEntries(directions.map((d) => [d, []])),
      };
    }
    const flagSeries = directions.flatMap((d) => [fdiSeries(d, FDI_PRELIMINARY), fdiSeries(d, FDI_METHOD_CHANGE)]);
    const served = await this.#repo.series({ series: [...dataSeries, ...flagSeries], cutoff, fromPeriod: window.from, toPeriod: window.to });
    const periods = quartersBetween(window.from, window.to);
    const figures: ServedFigure[] = [];
    const records: Partial<Record<FdiDirection, FdiQuarterRecord[]>> = {};
    let seriesBreak: { at: string; reason: string } | undefined;
    for (const direction of directions) {
      const total = byPeriod(served.get(fdiSeries(direction, FDI_TOTAL)));
      const regions = FDI_REGIONS.map((r) => ({ code: r.code, index: byPeriod(served.get(fdiSeries(direction, r.code))) }));
      const preliminary = byPeriod(served.get(fdiSeries(direction, FDI_PRELIMINARY)));
      records[direction] = periods.map((period) => {
        const totalFigure = total.get(period);
        if (totalFigure !== undefined) figures.push(totalFigure);
        const values: Partial<FdiRegionValues> = {};
        const markers: Record<string, string> = {};
        let allocated = 0;
        for (const { code, index } of regions) {
          const figure = index.get(period);
          if (figure !== undefined) figures.push(figure);
          values[code] = figure?.value ?? null;
          if (figure?.marker != null) markers[code] = figure.marker;
          if (figure?.value != null) allocated += figure.value;
        }
        const totalValue = totalFigure?.value ?? null;
        return {
          period,
          total: totalValue,
          values: values as FdiRegionValues,
          ...(Object.keys(markers).length > 0 ? { markers } : {}),
          unallocated: totalValue === null ? null : roundTo(totalValue - allocated, 4),
          isPreliminary: preliminary.get(period)?.value === 1,
        };
      });
      for (const change of served.get(fdiSeries(direction, FDI_METHOD_CHANGE)) ?? []) {
        if (change.period > window.from && change.period <= window.to && (seriesBreak === undefined || change.period > seriesBreak.at)) {
          seriesBreak = { at: change.period, reason: change.marker ?? 'The publisher changed its method' };
        }
      }
    }
    const { knowledgeAt, wasRestated, sources } = provenance(figures);
    return {
      ...base,
      source: sources.length > 0 ? sources.join('; ') : PUBLISHER,
      knowledgeAt,
      wasRestated,
      from: window.from,
      to: window.to,
      quarters: periods.length,
      ...records,
      ...(seriesBreak !== undefined ? { seriesBreak } : {}),
    };
  }
}

import { NotFoundError } from '../../kernel/domain-errors.ts';
import { cutoffFor, provenance, type ServedFigure } from '../../store/vintage.ts';
import { derivationSeries, findIndicatorTable, INDICATOR_TABLES, type Derivation, type IndicatorTableDefinition } from './indicator-tables.ts';
import type { IndicatorList, IndicatorTable } from './indicators.schemas.ts';
import { byPeriod, type FigureIndex, type MacroRepo } from './macro.repo.ts';
import {
  addMonths,
  addQuarters,
  labelsBetween,
  monthEnd,
  monthIndex,
  monthLabel,
  quarterEnd,
  quarterIndex,
  quarterLabel,
  quarterLastMonth,
  quarterOfMonth,
} from '../../kernel/dates.ts';
import { roundTo } from '../../kernel/numbers.ts';
import { annualizedChange, monthColumn, percentChange } from './periods.ts';
import { COUNTRIES, COUNTRY_NAMES, countrySeries, type CountrySeries } from './series.ts';

/** What a null cell shows. */
export const NULL_DISPLAY = '—';

export const displayValue = (value: number | null): string => (value === null ? NULL_DISPLAY : value.toFixed(2));

interface Cell {
  value: number | null;
  figures: ServedFigure[];
}

/** One cell of a row from the served figures (percent changes and differences are computed here). */
export function deriveCell(
  derivation: Derivation,
  indexes: Map<string, FigureIndex>,
  country: string,
  period: string,
  shift: (period: string, n: number) => string,
): Cell {
  const figure = (key: CountrySeries, at: string) => indexes.get(countrySeries(country, key))?.get(at);
  const present = (...figures: (ServedFigure | undefined)[]): ServedFigure[] => figures.filter((f): f is ServedFigure => f !== undefined);
  switch (derivation.kind) {
    case 'level': {
      const f = figure(derivation.series, period);
      return { value: f?.value ?? null, figures: present(f) };
    }
    case 'quarterly-level': {
      const quarter = quarterOfMonth(period);
      const f = quarterLastMonth(quarter) === period ? figure(derivation.series, quarter) : undefined;
      return { value: f?.value ?? null, figures: present(f) };
    }
    case 'change': {
      const current = figure(derivation.series, period);
      const base = figure(derivation.series, shift(period, -derivation.lag));
      return { value: percentChange(current?.value, base?.value), figures: present(current, base) };
    }
    case 'annualized-change': {
      const current = figure(derivation.series, period);
      const base = figure(derivation.series, shift(period, -1));
      return { value: annualizedChange(current?.value, base?.value, derivation.periodsPerYear), figures: present(current, base) };
    }
    case 'increase': {
      const current = figure(derivation.series, period);
      const base = figure(derivation.series, shift(period, -derivation.lag));
      const value = current?.value == null || base?.value == null ? null : roundTo(current.value - base.value, 2);
      return { value, figures: present(current, base) };
    }
    case 'difference': {
      const a = figure(derivation.minuend, period);
      const b = figure(derivation.subtrahend, period);
      const value = a?.value == null || b?.value == null ? null : roundTo(a.value - b.value, 2);
      return { value, figures: present(a, b) };
    }
  }
}

const periodEnd = (table: IndicatorTableDefinition, period: string): string => (table.frequency === 'quarter' ? quarterEnd(period) : monthEnd(period));

/** Years before the newest figure from which the indicator list reads the tables' last columns. */
const RECENT_YEARS = 2;

/** The series keys a table reads, every country's. */
const tableSeries = (table: IndicatorTableDefinition): string[] => [
  ...new Set(COUNTRIES.flatMap((c) => derivationSeries(table.rows[c].derivation).map((s) => countrySeries(c, s)))),
];

/** A table's cells by country and period, and the periods where some country has a value (its columns' span). */
function computedTable(table: IndicatorTableDefinition, served: ReadonlyMap<string, ServedFigure[]>) {
  const keys = tableSeries(table);
  const indexes = new Map(keys.map((key) => [key, byPeriod(served.get(key))]));
  const quarterly = table.frequency === 'quarter';
  const shift = quarterly ? addQuarters : addMonths;
  // A quarterly series in a monthly table (quarterly-level) makes the column of each quarter's last month.
  const column = quarterly ? (period: string) => period : monthColumn;
  const allPeriods = [...new Set(keys.flatMap((key) => (served.get(key) ?? []).map((f) => column(f.period))))].sort();
  const computed = COUNTRIES.map((country) => {
    const cells = new Map(allPeriods.map((period) => [period, deriveCell(table.rows[country].derivation, indexes, country, period, shift)]));
    return { country, cells };
  });
  const withValues = allPeriods.filter((period) => computed.some(({ cells }) => cells.get(period)?.value != null));
  return { computed, withValues, indexes, shift, quarterly };
}

export class IndicatorsService {
  readonly #repo: MacroRepo;

  constructor(repo: MacroRepo) {
    this.#repo = repo;
  }

  async listIndicators(input: { asOf?: string | undefined; now: Date }): Promise<IndicatorList> {
    const cutoff = cutoffFor({ asOf: input.asOf, now: input.now });
    const keys = [...new Set(INDICATOR_TABLES.flatMap(tableSeries))];
    const newest = await this.#repo.latestPeriod({ series: keys, cutoff });
    // The last columns are read from the recent years only; a table with none there is read whole.
    const from = newest === null ? undefined : String(Number(newest.slice(0, 4)) - RECENT_YEARS);
    const recent = from === undefined ? new Map<string, ServedFigure[]>() : await this.#repo.series({ series: keys, cutoff, fromPeriod: from });
    return Promise.all(
      INDICATOR_TABLES.map(async (table) => ({
        name: table.name,
        indicator: table.indicator,
        unit: table.unit,
        frequency: table.frequency,
        countries: [...COUNTRIES],
        latestPeriod: from === undefined ? null : await this.#latestColumn(table, recent, from, cutoff),
      })),
    );
  }

  /**
   * The table's own last column (a change needs its base period, so the newest figure may not
   * make one). A change reaches back a year at most: a column after the read's first year has
   * its base in `recent`; otherwise the table is read whole.
   */
  async #latestColumn(table: IndicatorTableDefinition, recent: ReadonlyMap<string, ServedFigure[]>, from: string, cutoff: string): Promise<string | null> {
    const latest = computedTable(table, recent).withValues.at(-1);
    if (latest !== undefined && latest >= String(Number(from) + 1)) return latest;
    return computedTable(table, await this.#repo.series({ series: tableSeries(table), cutoff })).withValues.at(-1) ?? null;
  }

  async getIndicatorTable(input: { name: string; periods: number; asOf?: string | undefined; now: Date }): Promise<IndicatorTable> {
    const table = findIndicatorTable(input.name);
    if (table === undefined) throw new NotFoundError(`Unknown indicator table "${input.name}"; GET /macro/indicators lists them`);
    const cutoff = cutoffFor({ asOf: input.asOf, now: input.now });
    const served = await this.#repo.series({ series: tableSeries(table), cutoff });
    const { computed, withValues, indexes, shift, quarterly } = computedTable(table, served);
    const first = withValues[0];
    const latest = withValues[withValues.length - 1];
    const base = { indicator: table.indicator, unit: table.unit };
    if (first === undefined || latest === undefined) return { ...base, knowledgeAt: null, wasRestated: false, columns: [], rows: [] };
    const start = shift(latest, 1 - input.periods);
    const periods = labelsBetween(start > first ? start : first, latest, quarterly ? quarterIndex : monthIndex, quarterly ? quarterLabel : monthLabel);
    const used: ServedFigure[] = [];
    const rows = computed.map(({ country, cells }) => {
      const values = periods.map((period) => {
        const cell = cells.get(period) ?? deriveCell(table.rows[country].derivation, indexes, country, period, shift);
        used.push(...cell.figures);
        return cell.value;
      });
      return {
        country,
        countryName: COUNTRY_NAMES[country],
        available: values.some((v) => v !== null),
        values,
        display: values.map(displayValue),
        basis: table.rows[country].basis,
      };
    });
    const { knowledgeAt, wasRestated } = provenance(used);
    return { ...base, knowledgeAt, wasRestated, columns: periods.map((period) => ({ period, date: periodEnd(table, period) })), rows };
  }
}

import { InvalidInputError } from '../../kernel/domain-errors.ts';
import { cutoffFor, provenance, type Provenance, type ServedFigure } from '../../store/vintage.ts';
import type {
  CpiPoint,
  EconomicDataPoint,
  EconomicDataType,
  GovernmentDebtPoints,
  ImportExportPoint,
  PcePoint,
  PopulationPoints,
  RatesYieldsPoints,
} from './economy.schemas.ts';
import type { FigureIndex, MacroRepo } from './macro.repo.ts';
import { addMonths, addQuarters, monthsBetween, quarterEnd, quarterStart, quartersBetween } from '../../kernel/dates.ts';
import { roundTo } from '../../kernel/numbers.ts';
import { monthColumn, percentChange, windowMonths } from './periods.ts';
import { COUNTRIES, countrySeries, GDP_UNITS, isMacroCountry, type CountrySeries, type MacroCountry } from './series.ts';

/** A twin array and the point-in-time facts that go to `meta`. */
export interface Vintaged<T> {
  data: T;
  vintage: Pick<Provenance, 'knowledgeAt' | 'wasRestated'>;
}

export function resolveCountry(code: string): MacroCountry {
  const upper = code.toUpperCase();
  if (!isMacroCountry(upper)) throw new InvalidInputError([`country must be one of ${COUNTRIES.join(', ')} (got ${code})`]);
  return upper;
}

/** Collects the figures a response serves, for `knowledgeAt` and `wasRestated`. */
class Served {
  readonly #figures: ServedFigure[] = [];

  value(index: FigureIndex | undefined, period: string): number | null {
    const figure = index?.get(period);
    if (figure === undefined) return null;
    this.#figures.push(figure);
    return figure.value;
  }

  figure(index: FigureIndex | undefined, period: string): ServedFigure | undefined {
    const figure = index?.get(period);
    if (figure !== undefined) this.#figures.push(figure);
    return figure;
  }

  vintage(): Vintaged<unknown>['vintage'] {
    const { knowledgeAt, wasRestated } = provenance(this.#figures);
    return { knowledgeAt, wasRestated };
  }
}

const quarterName = (quarter: string): string => `Q${quarter.slice(6, 7)} ${quarter.slice(0, 4)}`;

/** Stable row ids of the twin's monthly records: country, year and month. */
const recordId = (country: MacroCountry, month: string): number =>
  (COUNTRIES.indexOf(country) + 1) * 1_000_000 + Number(month.slice(0, 4)) * 100 + Number(month.slice(5, 7));

export class EconomyService {
  readonly #repo: MacroRepo;

  constructor(repo: MacroRepo) {
    this.#repo = repo;
  }

  async #indexes(country: MacroCountry, keys: readonly CountrySeries[], cutoff: string | null): Promise<FigureIndex[]> {
    return this.#repo.indexes({ series: keys.map((k) => countrySeries(country, k)), cutoff });
  }

  /** Quarterly nominal and real GDP with quarter-on-quarter growth, optionally the last `years` only. */
  async getGdp(input: { country: string; years?: number; asOf?: string | undefined; now: Date }): Promise<Vintaged<EconomicDataPoint[]>> {
    const country = resolveCountry(input.country);
    const cutoff = cutoffFor({ asOf: input.asOf, now: input.now });
    const [nominal, real] = await this.#indexes(country, ['gdpNominal', 'gdpReal'], cutoff);
    const served = new Served();
    let quarters = [...(nominal?.keys() ?? [])].filter((q) => nominal?.get(q)?.value != null).sort();
    const latest = quarters[quarters.length - 1];
    if (input.years !== undefined && latest !== undefined) {
      const from = addQuarters(latest, 1 - input.years * 4);
      quarters = quarters.filter((q) => q >= from);
    }
    // The twin's `gdp` is never null: quarters without a nominal figure are left out.
    const data = quarters.flatMap((quarter) => {
      const previous = addQuarters(quarter, -1);
      const gdp = served.value(nominal, quarter);
      if (gdp === null) return [];
      const realGdp = served.value(real, quarter);
      return {
        country,
        quarter: quarterName(quarter),
        gdp: gdp.toFixed(3),
        gdpUnit: GDP_UNITS[country],
        growthRate: percentChange(gdp, served.value(nominal, previous), 1),
        realGdp,
        realGrowthRate: percentChange(realGdp, served.value(real, previous), 1),
        dateFrom: `${quarterStart(quarter)}T00:00:00.000Z`,
        dateTo: `${quarterEnd(quarter)}T23:59:59.999Z`,
      };
    });
    return { data, vintage: served.vintage() };
  }

  async getEconomicData(input: {
    type: EconomicDataType;
    country: string;
    period: string;
    asOf?: string | undefined;
    now: Date;
  }): Promise<Vintaged<EconomicDataPoint[] | CpiPoint[] | PcePoint[] | ImportExportPoint[]>> {
    const years = windowMonths(input.period) / 12;
    if (input.type === 'gdp') return this.getGdp({ country: input.country, years, asOf: input.asOf, now: input.now });
    const country = resolveCountry(input.country);
    const cutoff = cutoffFor({ asOf: input.asOf, now: input.now });
    const keys: readonly CountrySeries[] =
      input.type === 'cpi'
        ? // Where the publisher states core inflation as a rate (Vietnam), that rate is the change: no core index is published.
          ['cpi', 'coreCpi', 'coreCpiYoy']
        : input.type === 'pce'
          ? ['pce', 'corePce']
          : ['exports', 'imports', 'producerPrices', 'importPrices', 'exportPrices'];
    const indexes = await this.#indexes(country, keys, cutoff);
    const [a, b, third, importPrices, exportPrices] = indexes;
    const [producerPrices, publishedCoreChange] = input.type === 'cpi' ? [undefined, third] : [third, undefined];
    // The months are those of the two headline series; the trade view's price indices are read for them.
    const months = monthWindow([a, b], windowMonths(input.period));
    const served = new Served();
    const data = months.map((month) => {
      const figures = [served.figure(a, month), served.figure(b, month)].filter((f): f is ServedFigure => f !== undefined);
      const record = {
        id: recordId(country, month),
        createdAt: figures.map((f) => f.firstKnowledgeAt).sort()[0] ?? '',
        updatedAt:
          figures
            .map((f) => f.knowledgeAt)
            .sort()
            .at(-1) ?? '',
        country,
        observationDate: `${month}-01`,
      };
      const first = a?.get(month)?.value ?? null;
      const second = b?.get(month)?.value ?? null;
      const yearAgo = addMonths(month, -12);
      if (input.type === 'import-export') {
        return {
          ...record,
          tradeBalance: first === null || second === null ? null : roundTo(first - second, 1),
          importTurnover: second,
          exportTurnover: first,
          importTurnoverUnits: second === null ? null : 'Million USD',
          exportTurnoverUnits: first === null ? null : 'Million USD',
          ppiPoints: served.value(producerPrices, month),
          ipiPoints: served.value(importPrices, month),
          epiPoints: served.value(exportPrices, month),
        };
      }
      const change = percentChange(first, served.value(a, yearAgo), 1);
      const coreChange = served.value(publishedCoreChange, month) ?? percentChange(second, served.value(b, yearAgo), 1);
      return input.type === 'cpi'
        ? { ...record, cpiPoints: first, coreCpiPoints: second, cpiChangeYoyPercent: change, coreCpiChangeYoyPercent: coreChange }
        : { ...record, pcePoints: first, corePcePoints: second, pceChangeYoyPercent: change, corePceChangeYoyPercent: coreChange };
    });
    return { data: data as CpiPoint[] | PcePoint[] | ImportExportPoint[], vintage: served.vintage() };
  }

  async getPopulation(input: { country: string; period: string; asOf?: string | undefined; now: Date }): Promise<Vintaged<PopulationPoints>> {
    const country = resolveCountry(input.country);
    const [population, published] = await this.#indexes(country, ['population', 'unemployment'], cutoffFor({ asOf: input.asOf, now: input.now }));
    // A quarterly labour force survey (Vietnam's) shows each quarter's rate at the quarter's last month.
    const unemployment = published === undefined ? undefined : new Map([...published].map(([period, figure]) => [monthColumn(period), figure]));
    const indexes = [population, unemployment];
    const served = new Served();
    const data = monthWindow(indexes, windowMonths(input.period)).map((month) => ({
      country,
      observationDate: `${month}-01`,
      population: served.value(population, month),
      unemploymentRate: served.value(unemployment, month),
    }));
    return { data, vintage: served.vintage() };
  }

  async getRatesYields(input: { country: string; period: string; asOf?: string | undefined; now: Date }): Promise<Vintaged<RatesYieldsPoints>> {
    const country = resolveCountry(input.country);
    const indexes = await this.#indexes(country, ['bond10y', 'overnightRate'], cutoffFor({ asOf: input.asOf, now: input.now }));
    const [bond, overnight] = indexes;
    const served = new Served();
    const data = monthWindow(indexes, windowMonths(input.period)).map((month) => ({
      observationDate: `${month}-01`,
      country,
      tenYearsGovernmentBondYieldsPct: served.value(bond, month),
      overnightCallRate: served.value(overnight, month),
    }));
    return { data, vintage: served.vintage() };
  }

  /** Central government debt in percent of GDP, quarterly, with the change on four quarters earlier. */
  async getCentralGovernmentDebt(input: { country: string; period: string; asOf?: string | undefined; now: Date }): Promise<Vintaged<GovernmentDebtPoints>> {
    const country = resolveCountry(input.country);
    const [debt] = await this.#indexes(country, ['governmentDebtToGdp'], cutoffFor({ asOf: input.asOf, now: input.now }));
    const quarters = [...(debt?.keys() ?? [])].filter((q) => debt?.get(q)?.value != null).sort();
    const latest = quarters[quarters.length - 1];
    const served = new Served();
    if (latest === undefined) return { data: [], vintage: served.vintage() };
    const from = addQuarters(latest, 1 - (windowMonths(input.period) / 12) * 4);
    // The twin's `centralGovernmentDebt` is never null: quarters without a figure are left out.
    const data = quartersBetween(from, latest).flatMap((quarter) => {
      const value = served.value(debt, quarter);
      if (value === null) return [];
      const yearAgo = served.value(debt, addQuarters(quarter, -4));
      return {
        observationDate: quarterStart(quarter),
        country,
        centralGovernmentDebt: value,
        yoyChange: yearAgo === null ? null : roundTo(value - yearAgo, 2),
      };
    });
    return { data, vintage: served.vintage() };
  }
}

/** The last `months` months up to the latest month any of the series has, trimmed to their history. */
function monthWindow(indexes: readonly (FigureIndex | undefined)[], months: number): string[] {
  const known = indexes.flatMap((index) => [...(index?.keys() ?? [])]).sort();
  const first = known[0];
  const latest = known[known.length - 1];
  if (first === undefined || latest === undefined) return [];
  const start = addMonths(latest, 1 - months);
  return monthsBetween(start > first ? start : first, latest).filter((m) => indexes.some((index) => index?.has(m)));
}

import { derivationSeries, findIndicatorTable, type IndicatorTableDefinition } from '../macro/indicator-tables.ts';
import { deriveCell } from '../macro/indicators.service.ts';
import { byPeriod, type MacroRepo } from '../macro/macro.repo.ts';
import { addMonths, addQuarters } from '../../core/dates.ts';
import { countrySeries, type MacroCountry } from '../macro/series.ts';

/**
 * Calendar series whose figure is a cell of a macro indicator table: their actual (and so the
 * next release's previous) is read from the macro store and computed by the table's own
 * derivation, so the calendar and `/macro/indicators/{name}` show one value. The calendar
 * stores only their schedule and consensus. Policy decisions are not among them: the macro
 * store learns a month's policy rate after the month, the calendar the decision on the day.
 */
const MACRO_RELEASES: Readonly<Record<string, { table: string; country: MacroCountry }>> = {
  'us-cpi-yoy': { table: 'inflation-rate', country: 'US' },
  'us-unemployment': { table: 'unemployment-rate', country: 'US' },
  'us-ism-manufacturing': { table: 'manufacturing-pmi', country: 'US' },
  'jp-cpi-yoy': { table: 'inflation-rate', country: 'JP' },
  'jp-unemployment': { table: 'unemployment-rate', country: 'JP' },
  'jp-gdp-qoq': { table: 'gdp-growth-rate', country: 'JP' },
  'vn-cpi-yoy': { table: 'inflation-rate', country: 'VN' },
  'vn-industrial-production': { table: 'industrial-production-growth', country: 'VN' },
  'vn-trade-balance': { table: 'trade-balance', country: 'VN' },
  'vn-gdp-yoy': { table: 'gdp-growth-rate', country: 'VN' },
};

export const isMacroRelease = (series: string): boolean => series in MACRO_RELEASES;

interface Release {
  series: string;
  /** A month or a quarter, as the macro store labels them. */
  period: string;
}

function tableOf(series: string): { table: IndicatorTableDefinition; country: MacroCountry } | undefined {
  const release = MACRO_RELEASES[series];
  const table = release === undefined ? undefined : findIndicatorTable(release.table);
  return release === undefined || table === undefined ? undefined : { table, country: release.country };
}

/**
 * The macro figure of each release of a mapped series, as known at `cutoff`; `null` where the
 * macro store has none. Keyed `series period`.
 */
export async function macroActuals(repo: MacroRepo, releases: readonly Release[], cutoff: string): Promise<Map<string, number | null>> {
  const mapped = releases.flatMap((release) => {
    const found = tableOf(release.series);
    return found === undefined ? [] : [{ ...release, ...found }];
  });
  const keys = [...new Set(mapped.flatMap(({ table, country }) => derivationSeries(table.rows[country].derivation).map((s) => countrySeries(country, s))))];
  if (keys.length === 0) return new Map();
  const served = await repo.series({ series: keys, cutoff });
  const indexes = new Map(keys.map((key) => [key, byPeriod(served.get(key))]));
  return new Map(
    mapped.map(({ series, period, table, country }) => {
      const shift = table.frequency === 'quarter' ? addQuarters : addMonths;
      return [`${series} ${period}`, deriveCell(table.rows[country].derivation, indexes, country, period, shift).value];
    }),
  );
}

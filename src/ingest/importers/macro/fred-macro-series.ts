import { countrySeries } from '../../../domains/macro/series.ts';

/** The hub's period of an observation: FRED dates an observation by the first day of its period. */
export type FredFrequency = 'day' | 'month' | 'quarter' | 'year';

export interface FredMacroSeries {
  /** FRED's series id. */
  id: string;
  /** The hub's series key (src/domains/macro/series.ts). */
  series: string;
  frequency: FredFrequency;
  /** Factor from FRED's unit to the hub's (POPTHM is in thousands of persons, the hub counts persons). */
  scale?: number;
  /** Extra documented parameters of the request (a daily series asked as monthly end-of-period values). */
  query?: Record<string, string>;
  /**
   * Years of vintages asked on the first sync, for a series whose whole history has more vintage
   * dates than FRED serves in one JSON answer (2000); absent: every vintage since 1776-07-04.
   */
  vintageYears?: number;
}

/**
 * The US figures the macro endpoints read, from FRED/ALFRED. Only levels are stored: growth
 * rates, year-on-year changes and the trade balance are derived by the endpoints from these
 * (indicator-tables.ts, economy.service.ts, the calendar's macro-releases.ts), so FRED's own
 * growth series (A191RL1Q225SBEA, computed from GDPC1) and balance (BOPGSTB) are not a second
 * copy of them.
 */
export const FRED_MACRO_SERIES: readonly FredMacroSeries[] = [
  { id: 'GDP', series: countrySeries('US', 'gdpNominal'), frequency: 'quarter' },
  { id: 'GDPC1', series: countrySeries('US', 'gdpReal'), frequency: 'quarter' },
  { id: 'CPIAUCSL', series: countrySeries('US', 'cpi'), frequency: 'month' },
  { id: 'CPILFESL', series: countrySeries('US', 'coreCpi'), frequency: 'month' },
  { id: 'PCEPI', series: countrySeries('US', 'pce'), frequency: 'month' },
  { id: 'PCEPILFE', series: countrySeries('US', 'corePce'), frequency: 'month' },
  { id: 'UNRATE', series: countrySeries('US', 'unemployment'), frequency: 'month' },
  // The endpoints show monthly rates: FRED's monthly averages of the daily series (DFF, DGS10).
  { id: 'FEDFUNDS', series: countrySeries('US', 'overnightRate'), frequency: 'month' },
  { id: 'GS10', series: countrySeries('US', 'bond10y'), frequency: 'month' },
  // The target range's upper limit at each month's end; a daily series has a vintage a day.
  { id: 'DFEDTARU', series: countrySeries('US', 'policyRate'), frequency: 'month', query: { frequency: 'm', aggregation_method: 'eop' }, vintageYears: 5 },
  { id: 'INDPRO', series: countrySeries('US', 'industrialProduction'), frequency: 'month' },
  { id: 'RSAFS', series: countrySeries('US', 'retailSales'), frequency: 'month' },
  { id: 'BOPTEXP', series: countrySeries('US', 'exports'), frequency: 'month' },
  { id: 'BOPTIMP', series: countrySeries('US', 'imports'), frequency: 'month' },
  { id: 'GFDEGDQ188S', series: countrySeries('US', 'governmentDebtToGdp'), frequency: 'quarter' },
  // Thousands of persons, as published: the calendar's payrolls figure is a change in thousands.
  { id: 'PAYEMS', series: countrySeries('US', 'payrolls'), frequency: 'month' },
  { id: 'POPTHM', series: countrySeries('US', 'population'), frequency: 'month', scale: 1000 },
];

export const findFredMacroSeries = (id: string): FredMacroSeries | undefined => FRED_MACRO_SERIES.find((entry) => entry.id === id);

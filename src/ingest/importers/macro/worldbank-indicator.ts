import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson, withoutByteOrderMark } from '../../canonical-content.ts';
import { recordObservations, type ObservationInput } from '../../../store/vintage.ts';
import { annualSeries, isMacroCountry, type AnnualSeries } from '../../../domains/macro/series.ts';

/** The World Bank indicators the hub keeps, by the World Bank's indicator id. */
export const WORLD_BANK_INDICATORS: Readonly<Record<string, AnnualSeries>> = {
  'NY.GDP.MKTP.KD.ZG': 'gdpGrowth',
  'NY.GDP.MKTP.CD': 'gdpNominalUsd',
  'FP.CPI.TOTL': 'cpi',
  'SP.POP.TOTL': 'population',
  'BN.CAB.XOKA.GD.ZS': 'currentAccountToGdp',
  'GC.DOD.TOTL.GD.ZS': 'governmentDebtToGdp',
};

/** The first element of every answer: where the page stands. */
export interface WorldBankPage {
  page: number;
  pages: number;
  per_page: number;
  total: number;
  [field: string]: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An answer of the Indicators API v2 (`GET /v2/country/{id}/indicator/{id}?format=json`): a
 * two-element array, the page (`page`, `pages`, `per_page`, `total`, `lastupdated`) and the
 * observations (null when there are none). An error is a one-element array whose object has
 * `message: [{id, key, value}]`.
 */
export function worldBankAnswer(content: string, fileName: string): { page: WorldBankPage; entries: unknown[] } {
  let document: unknown;
  try {
    document = JSON.parse(withoutByteOrderMark(content));
  } catch (error) {
    throw new ImportError(`${fileName}: not JSON: ${(error as Error).message}`);
  }
  const [head, entries] = Array.isArray(document) ? document : [];
  const messages = isRecord(head) && Array.isArray(head.message) ? head.message : undefined;
  if (messages !== undefined) {
    const said = messages.map((m: unknown) => (isRecord(m) ? `${String(m.key)}: ${String(m.value)}` : String(m))).join('; ');
    throw new ImportError(`${fileName}: the World Bank answered an error: ${said}`);
  }
  if (
    !Array.isArray(document) ||
    document.length !== 2 ||
    !isRecord(head) ||
    !['page', 'pages', 'per_page', 'total'].every((field) => typeof head[field] === 'number') ||
    !(entries === null || Array.isArray(entries))
  ) {
    throw new ImportError(`${fileName}: expected the World Bank's [page, observations] array`);
  }
  return { page: head as WorldBankPage, entries: entries ?? [] };
}

/**
 * One indicator of one country, every year the answer holds: `{indicator: {id, value}, country:
 * {id, value}, countryiso3code, date: "YYYY", value: number | null, unit, obs_status, decimal}`.
 * A year the World Bank has no figure for is `value: null` and stays null, never 0.
 */
export function parseWorldBankIndicator(content: string, fileName: string): ObservationInput[] {
  const { entries } = worldBankAnswer(content, fileName);
  const seen = new Set<string>();
  return entries.map((entry, index) => {
    const where = `${fileName}: observation ${index + 1}`;
    const { indicator, country, date, value } = (isRecord(entry) ? entry : {}) as Record<string, unknown>;
    const indicatorId = isRecord(indicator) ? indicator.id : undefined;
    const series = typeof indicatorId === 'string' ? WORLD_BANK_INDICATORS[indicatorId] : undefined;
    if (series === undefined) {
      throw new ImportError(`${where}: indicator ${JSON.stringify(indicatorId)} is not one of ${Object.keys(WORLD_BANK_INDICATORS).join(', ')}`);
    }
    const countryId = isRecord(country) ? country.id : undefined;
    if (typeof countryId !== 'string' || !isMacroCountry(countryId)) throw new ImportError(`${where}: country ${JSON.stringify(countryId)} is not one the hub serves`);
    if (typeof date !== 'string' || !/^\d{4}$/.test(date)) throw new ImportError(`${where}: date ${JSON.stringify(date)} is not a year (YYYY)`);
    if (value !== null && (typeof value !== 'number' || !Number.isFinite(value))) throw new ImportError(`${where}: value ${JSON.stringify(value)} of ${date} is not a number or null`);
    const key = annualSeries(countryId, series);
    if (seen.has(`${key} ${date}`)) throw new ImportError(`${where}: ${indicatorId} ${countryId} ${date} appears twice`);
    seen.add(`${key} ${date}`);
    return { series: key, period: date, value, marker: null };
  });
}

export const worldBankIndicatorImporter: Importer<ObservationInput[]> = {
  dataset: 'worldbank-indicator',
  datasets: ['macro'],
  description: 'World Bank Indicators API v2 JSON answer of one country and indicator (annual figures)',
  source: 'World Bank World Development Indicators',
  canonicalForm: canonicalJson,
  parse: parseWorldBankIndicator,
  load: (db, rows, release) => (rows.length === 0 ? Promise.resolve(0) : recordObservations(db, release, rows)),
};

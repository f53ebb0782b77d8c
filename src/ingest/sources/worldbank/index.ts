import { WORLD_BANK_INDICATORS, worldBankAnswer } from '../../importers/macro/worldbank-indicator.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import { annualSeries, isMacroCountry } from '../../../domains/macro/series.ts';
import type { CollectContext, CollectResult, ImportPayload, SourceDefinition } from '../../sync/source-definition.ts';

/** Every year since 1960 fits one page; a longer answer is still read page by page. */
const PER_PAGE = 1000;

function listParam(params: Record<string, unknown>, name: string, pattern: RegExp, example: string): string[] {
  const value = params[name];
  if (!Array.isArray(value) || value.length === 0 || value.some((item) => typeof item !== 'string' || !pattern.test(item))) {
    throw new Error(`worldbank-indicators: params.${name} must be a list such as ["${example}"]`);
  }
  return value as string[];
}

/**
 * One country's indicator, every page of it: the first page is asked with the validators of the
 * last run (the World Bank's answers are cached for days, and a 304 imports nothing); further
 * pages are merged into one answer of the same layout.
 */
async function indicatorPayload(context: CollectContext, country: string, indicator: string): Promise<ImportPayload | undefined> {
  const url = (page: number) => `${context.baseUrl}/v2/country/${country}/indicator/${indicator}?format=json&per_page=${PER_PAGE}&page=${page}`;
  const fileName = `${country}-${indicator}.json`;
  const first = await context.fetch({ url: url(1) });
  if (first.notModified) return undefined;
  const { page, entries } = worldBankAnswer(first.body.toString('utf8'), fileName);
  const archiveHashes = [first.archiveHash];
  const all = [...entries];
  for (let next = 2; next <= page.pages; next++) {
    const answer = await fetchUnconditional(context.fetch, { url: url(next) });
    archiveHashes.push(answer.archiveHash);
    all.push(...worldBankAnswer(answer.body.toString('utf8'), fileName).entries);
  }
  const content = archiveHashes.length === 1 ? first.body : Buffer.from(JSON.stringify([{ ...page, page: 1, pages: 1, per_page: all.length }, all]));
  return { importer: 'worldbank-indicator', fileName, content, archiveHashes };
}

/**
 * Annual World Development Indicators of the hub's countries (Vietnam by default) from the
 * World Bank's Indicators API v2, no key. One request per country and indicator; the figures go
 * to the annual series (`vn.annual.*`, series.ts), which no endpoint reads yet.
 */
export const worldBankIndicatorsSource: SourceDefinition = {
  id: 'worldbank-indicators',
  publisher: 'worldbank',
  description: 'World Bank Indicators API v2: annual GDP growth, GDP (US$), CPI, population, current account and central government debt of Vietnam',
  defaultBaseUrl: 'https://api.worldbank.org',
  // The World Development Indicators are revised a few times a year; once a week is plenty.
  defaultSchedule: '0 6 * * 1',
  timeZone: 'America/New_York',
  defaultParams: { countries: ['VN'], indicators: Object.keys(WORLD_BANK_INDICATORS) },
  credentials: [],
  importers: ['worldbank-indicator'],
  feeds: Object.values(WORLD_BANK_INDICATORS).map((series) => `macro_observation:${annualSeries('VN', series)}`),
  async collect(context): Promise<CollectResult> {
    const countries = listParam(context.params, 'countries', /^[A-Z]{2}$/, 'VN');
    const unknownCountry = countries.find((country) => !isMacroCountry(country));
    if (unknownCountry !== undefined) throw new Error(`worldbank-indicators: params.countries: ${unknownCountry} is not a country the hub serves`);
    const indicators = listParam(context.params, 'indicators', /^[A-Z0-9.]+$/, 'SP.POP.TOTL');
    const unknownIndicator = indicators.find((indicator) => WORLD_BANK_INDICATORS[indicator] === undefined);
    if (unknownIndicator !== undefined) throw new Error(`worldbank-indicators: params.indicators: ${unknownIndicator} is not one of ${Object.keys(WORLD_BANK_INDICATORS).join(', ')}`);
    const payloads: ImportPayload[] = [];
    for (const country of countries) {
      for (const indicator of indicators) {
        const payload = await indicatorPayload(context, country, indicator);
        if (payload !== undefined) payloads.push(payload);
      }
    }
    return { payloads, cursor: undefined };
  },
};

export const worldBankSources: SourceDefinition[] = [worldBankIndicatorsSource];

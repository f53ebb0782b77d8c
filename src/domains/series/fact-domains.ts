import type { FeatureCode } from '../../edge/auth/plans.ts';

/** The hub's domains a fact can belong to, as `/series?domain=` names them. */
export const SERIES_DOMAINS = ['indices', 'fx', 'commodities', 'macro', 'crypto', 'etf', 'equities', 'news', 'calendar', 'real-estate'] as const;
export type SeriesDomain = (typeof SERIES_DOMAINS)[number];

interface DomainOfFamily {
  domain: SeriesDomain;
  /** The feature the domain's own endpoints need: reading its facts as series needs the same. */
  feature: FeatureCode;
}

/**
 * A fact's domain by its family's name: the first prefix that matches. FX closes are the FX
 * domain's (`fx_data`), as `/fx/*` serves them, though `/macro/exchange-rate` reads some too.
 */
const BY_PREFIX: readonly (readonly [prefix: string, DomainOfFamily])[] = [
  ['index.', { domain: 'indices', feature: 'market_data' }],
  ['fx.', { domain: 'fx', feature: 'fx_data' }],
  ['commodity.', { domain: 'commodities', feature: 'commodities_data' }],
  ['macro', { domain: 'macro', feature: 'macro_data' }],
  ['crypto.', { domain: 'crypto', feature: 'crypto_data' }],
  ['etf.', { domain: 'etf', feature: 'etf_data' }],
  ['equity.', { domain: 'equities', feature: 'market_data' }],
  ['news.', { domain: 'news', feature: 'news_data' }],
  ['calendar.', { domain: 'calendar', feature: 'calendar_data' }],
  ['re.', { domain: 'real-estate', feature: 'realestate_data' }],
];

/** The domain and feature of a family (`index.close`); undefined for a family no domain claims. */
export function domainOfFamily(family: string): DomainOfFamily | undefined {
  return BY_PREFIX.find(([prefix]) => family === prefix || family.startsWith(prefix))?.[1];
}

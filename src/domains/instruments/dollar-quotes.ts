/**
 * How currencies are quoted against the dollar, and the cross rates derived from those quotes:
 * the one place the rule lives, for the importers and for every endpoint that shows a rate.
 */
import { fxInstrument } from './instruments.catalogue.ts';

/** Currencies the market quotes as dollars per one of them (EUR/USD); all others as USD/xxx. */
const QUOTED_IN_USD = new Set(['EUR', 'GBP', 'AUD', 'NZD']);
/** Significant digits of a derived rate: one more than the ECB publishes. */
const CROSS_SIGNIFICANT_DIGITS = 6;

/** The market's name of the dollar pair of `currency`: `EUR/USD`, `USD/JPY`. */
export const usdPair = (currency: string): string => (QUOTED_IN_USD.has(currency) ? `${currency}/USD` : `USD/${currency}`);

/** The stored instrument holding the dollar rate of `currency`. */
export const dollarRateInstrument = (currency: string): string => fxInstrument(usdPair(currency));

/** Units of `currency` per dollar from the close of its dollar pair; null when the close cannot be used. */
export function unitsPerDollar(currency: string, pairClose: number): number | null {
  if (!(pairClose > 0)) return null;
  return QUOTED_IN_USD.has(currency) ? 1 / pairClose : pairClose;
}

/** The dollar pair of `currency` from its euro rate and the euro's dollar rate (an ECB file). */
export function usdCrossFromEuro(currency: string, perEuro: number, usdPerEuro: number): number {
  const cross = QUOTED_IN_USD.has(currency) ? usdPerEuro / perEuro : perEuro / usdPerEuro;
  return Number(cross.toPrecision(CROSS_SIGNIFICANT_DIGITS));
}

/**
 * Units of `quote` per unit of `base` from their dollar rates (units per dollar, 1 for USD
 * itself). A stored pair is served as stored; only a cross is computed, here.
 */
export function crossRate(basePerDollar: number, quotePerDollar: number): number {
  return Number((quotePerDollar / basePerDollar).toPrecision(8));
}

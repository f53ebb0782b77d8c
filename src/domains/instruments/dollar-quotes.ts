/**
 * How currencies are quoted against the dollar, and the cross rates derived from stored rates:
 * the one place the rule lives, for the importers and for every endpoint that shows a rate.
 */
import { fxInstrument } from './instruments.catalogue.ts';

/** Currencies the market quotes as dollars per one of them (EUR/USD); all others as USD/xxx. */
const QUOTED_IN_USD = new Set(['EUR', 'GBP', 'AUD', 'NZD']);
/**
 * Significant digits of a derived cross: no more than its legs carry. The ECB quotes "in most
 * cases five significant digits", more for some currencies, never fewer (its press release of
 * 8 July 1998 on the reference rates); Vietcombank's dollar rate is whole dong (five digits).
 * A stored rate is served as published; only a cross is rounded, once, here.
 */
export const CROSS_SIGNIFICANT_DIGITS = 5;
/** The currencies through which a cross is derived, in order: the ECB publishes against the euro, the other publishers against the dollar. */
const CROSS_HUBS = ['EUR', 'USD'] as const;

/** The market's name of the dollar pair of `currency`: `EUR/USD`, `USD/JPY`. */
const usdPair = (currency: string): string => (QUOTED_IN_USD.has(currency) ? `${currency}/USD` : `USD/${currency}`);

/** The stored instrument holding the dollar rate of `currency`. */
export const dollarRateInstrument = (currency: string): string => fxInstrument(usdPair(currency));

/** The stored instrument holding the euro rate of `currency` as the ECB publishes it (`fx:EUR/JPY`). */
export const euroRateInstrument = (currency: string): string => fxInstrument(`EUR/${currency}`);

const roundCross = (value: number): number => Number(value.toPrecision(CROSS_SIGNIFICANT_DIGITS));

/** A rate of base/quote and the stored instruments it was read from. */
interface PairRate {
  value: number;
  instruments: string[];
}

/** Every stored instrument `pairRate` may read for base/quote. */
export function pairInstruments(base: string, quote: string): string[] {
  const pairs = [`${base}/${quote}`, `${quote}/${base}`];
  for (const hub of CROSS_HUBS) {
    for (const currency of [base, quote]) if (currency !== hub) pairs.push(`${hub}/${currency}`, `${currency}/${hub}`);
  }
  return [...new Set(pairs)].map(fxInstrument);
}

/**
 * Units of `quote` per unit of `base` on one day, from that day's stored closes (`closeOf`
 * answers an instrument's close, undefined when none): the stored pair as published; else its
 * inverse; else the cross through the euro, then through the dollar, of the two legs. A derived
 * figure is rounded to CROSS_SIGNIFICANT_DIGITS; null when no route has its legs.
 */
export function pairRate(base: string, quote: string, closeOf: (instrument: string) => number | undefined): PairRate | null {
  const read = (pair: string): { value: number; instrument: string } | undefined => {
    const instrument = fxInstrument(pair);
    const value = closeOf(instrument);
    return value !== undefined && value > 0 ? { value, instrument } : undefined;
  };
  const direct = read(`${base}/${quote}`);
  if (direct !== undefined) return { value: direct.value, instruments: [direct.instrument] };
  const inverse = read(`${quote}/${base}`);
  if (inverse !== undefined) return { value: roundCross(1 / inverse.value), instruments: [inverse.instrument] };
  for (const hub of CROSS_HUBS) {
    // Units of `currency` per unit of the hub, and where they were read.
    const perHub = (currency: string): { value: number; instruments: string[] } | undefined => {
      if (currency === hub) return { value: 1, instruments: [] };
      const stored = read(`${hub}/${currency}`);
      if (stored !== undefined) return { value: stored.value, instruments: [stored.instrument] };
      const inverted = read(`${currency}/${hub}`);
      return inverted === undefined ? undefined : { value: 1 / inverted.value, instruments: [inverted.instrument] };
    };
    const baseLeg = perHub(base);
    const quoteLeg = perHub(quote);
    if (baseLeg !== undefined && quoteLeg !== undefined) {
      return { value: roundCross(quoteLeg.value / baseLeg.value), instruments: [...baseLeg.instruments, ...quoteLeg.instruments] };
    }
  }
  return null;
}

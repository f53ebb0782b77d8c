/**
 * A replica of the ICE U.S. Dollar Index computed from the ECB's euro reference rates: ICE's
 * published formula (its "U.S. Dollar Index and US Dollar Index Futures Contracts FAQ"),
 *
 *   USDX = 50.14348112 × EURUSD^-0.576 × USDJPY^0.136 × GBPUSD^-0.119 × USDCAD^0.091 × USDSEK^0.042 × USDCHF^0.036,
 *
 * over the ECB's rates at its 16:00 CET publication rather than ICE's real-time mid quotes, so it
 * is not ICE's index and is served only as a replica (the name is ICE's trademark). Computed here
 * and nowhere else; the legs are the ECB's euro rates, so the dollar pairs in the formula are
 * their exact ratios (no rounded cross enters it).
 */
import { CROSS_SIGNIFICANT_DIGITS } from '../instruments/dollar-quotes.ts';

/** How every figure of the replica is labelled where it is served. */
export const DOLLAR_INDEX_REPLICA_LABEL =
  "Replica of the ICE U.S. Dollar Index computed by the hub from ECB euro reference rates with ICE's published formula; not ICE's index";

const CONSTANT = 50.14348112;
/** Each currency's weight; ICE's exponent is minus the weight where the dollar is the quote (EUR, GBP), the weight where it is the base. */
const WEIGHTS: Readonly<Record<string, number>> = { EUR: 0.576, JPY: 0.136, GBP: 0.119, CAD: 0.091, SEK: 0.042, CHF: 0.036 };

/**
 * The replica's level on a day from that day's ECB rates (units of each currency per euro), or
 * undefined when one of the six legs is missing. Units of currency C per dollar are C/EUR ÷ USD/EUR
 * (the euro's own: 1 ÷ USD/EUR), and each enters with its weight: the index rises as the dollar does.
 */
export function dollarIndexReplica(perEuro: ReadonlyMap<string, number>): number | undefined {
  const usdPerEuro = perEuro.get('USD');
  if (usdPerEuro === undefined) return undefined;
  let level = CONSTANT;
  for (const [currency, weight] of Object.entries(WEIGHTS)) {
    const perEuroRate = currency === 'EUR' ? 1 : perEuro.get(currency);
    if (perEuroRate === undefined) return undefined;
    level *= (perEuroRate / usdPerEuro) ** weight;
  }
  return Number(level.toPrecision(CROSS_SIGNIFICANT_DIGITS));
}

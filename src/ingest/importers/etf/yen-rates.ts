import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import { crossRate, dollarRateInstrument, unitsPerDollar } from '../../../domains/instruments/dollar-quotes.ts';
import { InstrumentRepo } from '../../../domains/instruments/instrument.repo.ts';

/**
 * Yen per unit of each of `currencies` on `date`, from the hub's own FX series: the dollar
 * closes the FX endpoints serve (`fx:USD/JPY`, `fx:EUR/USD` …), crossed through the dollar by the
 * one rule in dollar-quotes.ts. Only that day's closes count: a currency whose close (or the
 * yen's) is missing that day has no rate, never an earlier day's.
 */
export async function yenRatesOn(db: Transaction<Database> | Kysely<Database>, currencies: readonly string[], date: string): Promise<Map<string, number>> {
  const rates = new Map<string, number>([['JPY', 1]]);
  const foreign = [...new Set(currencies)].filter((currency) => currency !== 'JPY');
  if (foreign.length === 0) return rates;
  const quoted = [...new Set(['JPY', ...foreign])].filter((currency) => currency !== 'USD');
  const closes = await new InstrumentRepo(db).closes({ instruments: quoted.map(dollarRateInstrument), from: date, to: date });
  const perDollar = new Map<string, number>([['USD', 1]]);
  for (const currency of quoted) {
    const close = closes.find((row) => row.instrument === dollarRateInstrument(currency));
    const units = close === undefined ? null : unitsPerDollar(currency, close.close);
    if (units !== null) perDollar.set(currency, units);
  }
  const yenPerDollar = perDollar.get('JPY');
  if (yenPerDollar === undefined) return rates;
  for (const currency of foreign) {
    const base = perDollar.get(currency);
    if (base !== undefined) rates.set(currency, crossRate(base, yenPerDollar));
  }
  return rates;
}

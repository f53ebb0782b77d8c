import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import { pairInstruments, pairRate } from '../../../domains/instruments/dollar-quotes.ts';
import { InstrumentRepo } from '../../../domains/instruments/instrument.repo.ts';

/**
 * Yen per unit of each of `currencies` on `date`, from the hub's own FX series by the one cross
 * rule of dollar-quotes.ts (EUR/JPY is the ECB's own figure; others are crossed from their legs).
 * Only that day's closes count: a currency whose rate (or a leg of it) is missing that day has
 * no rate, never an earlier day's.
 */
export async function yenRatesOn(db: Transaction<Database> | Kysely<Database>, currencies: readonly string[], date: string): Promise<Map<string, number>> {
  const rates = new Map<string, number>([['JPY', 1]]);
  const foreign = [...new Set(currencies)].filter((currency) => currency !== 'JPY');
  if (foreign.length === 0) return rates;
  const instruments = [...new Set(foreign.flatMap((currency) => pairInstruments(currency, 'JPY')))];
  const closes = await new InstrumentRepo(db).closes({ instruments, from: date, to: date });
  const closeOf = new Map(closes.map((row) => [row.instrument, row.close]));
  for (const currency of foreign) {
    const rate = pairRate(currency, 'JPY', (instrument) => closeOf.get(instrument));
    if (rate !== null) rates.set(currency, rate.value);
  }
  return rates;
}

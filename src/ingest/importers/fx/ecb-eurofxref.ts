import { replaceCloses } from '../../instrument-closes.ts';
import { usdCrossFromEuro, usdPair } from '../../../domains/instruments/dollar-quotes.ts';
import { fxInstrument } from '../../../domains/instruments/instruments.catalogue.ts';
import { ImportError, type Importer } from '../../source.ts';
import { csvCells } from '../../csv.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { textLines } from '../../file-lines.ts';
import { count, LIMIT_SETTINGS, payloadLimits } from '../../limits.ts';

/**
 * The ECB euro foreign exchange reference rates, `eurofxref-hist.csv` (or the daily
 * `eurofxref.csv` in the same layout): `Date,USD,JPY,…` then one line per day, newest first,
 * each rate in units of the currency per euro, `N/A` where the ECB published none (a currency
 * that did not exist yet or was retired), and a trailing comma on every line.
 *
 * The hub serves pairs against the dollar, so each currency C becomes a cross through the euro:
 * USD/C = (C per EUR) / (USD per EUR), or C/USD for the currencies quoted that way (GBP, AUD,
 * NZD: the one rule in dollar-quotes.ts); EUR/USD is the USD column itself.
 */

export interface EcbRate {
  pair: string;
  date: string;
  close: number;
}

/**
 * One day's euro rates (units of each currency per euro) as the hub's dollar pairs; a day the
 * ECB published no USD rate for gives none, since every cross is derived from it.
 */
export function dollarCrosses(date: string, perEuro: ReadonlyMap<string, number>): EcbRate[] {
  const usdPerEuro = perEuro.get('USD');
  if (usdPerEuro === undefined) return [];
  const rates: EcbRate[] = [{ pair: usdPair('EUR'), date, close: usdPerEuro }];
  for (const [currency, rate] of perEuro) {
    if (currency !== 'USD') rates.push({ pair: usdPair(currency), date, close: usdCrossFromEuro(currency, rate, usdPerEuro) });
  }
  return rates;
}

function splitLine(line: string): string[] {
  const cells = csvCells(line);
  // The ECB ends every line with a comma.
  if (cells.length > 1 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

export function parseEurofxref(content: string): EcbRate[] {
  // Counted and measured before any is parsed (FDH_SYNC_MAX_ROWS, FDH_SYNC_MAX_LINE_KB).
  const lines = textLines(content);
  const { maxRows } = payloadLimits();
  while (lines.length > 0 && (lines[lines.length - 1] ?? '').trim() === '') lines.pop();
  const header = splitLine(lines[0] ?? '');
  if (header[0] !== 'Date') throw new ImportError('line 1: expected the ECB header "Date,USD,JPY,…"');
  const currencies = header.slice(1);
  currencies.forEach((currency) => {
    if (!/^[A-Z]{3}$/.test(currency)) throw new ImportError(`line 1: "${currency}" is not a currency code`);
  });
  const usdColumn = currencies.indexOf('USD');
  if (usdColumn < 0) throw new ImportError('line 1: no USD column; the dollar crosses are derived from it');
  const rates: EcbRate[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const lineNumber = i + 1;
    const cells = splitLine(lines[i] ?? '');
    const [date = '', ...values] = cells;
    if (calendarDate(date) === undefined) throw new ImportError(`line ${lineNumber}: date "${date}" is not a calendar date (YYYY-MM-DD)`);
    if (seen.has(date)) throw new ImportError(`line ${lineNumber}: ${date} appears twice`);
    seen.add(date);
    if (values.length !== currencies.length) {
      throw new ImportError(`line ${lineNumber}: ${values.length} rates for ${currencies.length} currencies`);
    }
    const perEuro = values.map((value, column) => {
      if (value === 'N/A' || value === '') return undefined;
      const rate = Number(value);
      if (!Number.isFinite(rate) || rate <= 0) {
        throw new ImportError(`line ${lineNumber}: ${currencies[column] ?? '?'} rate "${value}" is not a positive number`);
      }
      return rate;
    });
    const day = new Map<string, number>();
    currencies.forEach((currency, column) => {
      const rate = perEuro[column];
      if (rate !== undefined) day.set(currency, rate);
    });
    rates.push(...dollarCrosses(date, day));
    // Each line gives a rate per currency: the figures are bounded too, not only the lines.
    if (rates.length > maxRows) throw new ImportError(`line ${lineNumber}: more than ${count(maxRows)} rates (${LIMIT_SETTINGS.maxRows.name})`);
  }
  if (rates.length === 0) throw new ImportError('the file holds no day with a USD rate');
  return rates;
}

export const ecbEurofxrefImporter: Importer<EcbRate[]> = {
  dataset: 'ecb-eurofxref',
  datasets: ['instruments'],
  description: 'ECB euro reference rates CSV (eurofxref-hist.csv); dollar crosses derived via EUR',
  source: 'European Central Bank euro reference rates (dollar crosses derived via EUR)',
  parse(content) {
    return parseEurofxref(content);
  },
  load(db, rates, release) {
    return replaceCloses(db, rates.map((rate) => ({ instrument: fxInstrument(rate.pair), date: rate.date, close: rate.close })), release);
  },
};

import { replaceCloses } from '../../instrument-closes.ts';
import { dollarRateInstrument, euroRateInstrument, pairRate } from '../../../domains/instruments/dollar-quotes.ts';
import { DOLLAR_INDEX_REPLICA_LABEL, dollarIndexReplica } from '../../../domains/fx/dollar-index-replica.ts';
import { DOLLAR_INDEX } from '../../../domains/instruments/instruments.catalogue.ts';
import { zonedInstant } from '../../../kernel/dates.ts';
import { earlierOf } from './known-at.ts';
import { ImportError, type Importer } from '../../source.ts';
import { csvCells } from '../../csv.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { textLines } from '../../file-lines.ts';
import { count, LIMIT_SETTINGS, payloadLimits } from '../../limits.ts';
import { publisherFigure } from '../../publisher-figures.ts';

/**
 * The ECB euro foreign exchange reference rates, `eurofxref-hist.csv` (or the daily
 * `eurofxref.csv` in the same layout): `Date,USD,JPY,…` then one line per day, newest first,
 * each rate in units of the currency per euro, `N/A` where the ECB published none (a currency
 * that did not exist yet or was retired), and a trailing comma on every line.
 *
 * Each rate is stored as published, as the euro pair `EUR/C` (EUR/USD is the USD column). The
 * hub serves pairs against the dollar too: each currency's dollar pair (USD/C, or C/USD for GBP,
 * AUD, NZD) is derived from the two euro rates by the one cross rule of dollar-quotes.ts and
 * stored beside them, as is the dollar-index replica (dollar-index-replica.ts). Every figure of a
 * day is known at the ECB's publication that day, "around 16:00 CET" (Frankfurt time, CEST in
 * summer), history included, so `asOf` sees a day's rates from then on.
 */

export interface EcbRate {
  instrument: string;
  date: string;
  close: number;
  knowledgeAt: string;
  /** The file and line the rate was read from (or derived from), for the messages of a refused file. */
  where: string;
  /** Set on the replica, whose figures are labelled as such wherever they are served. */
  label?: string;
}

/** The ECB publishes its reference rates at around 16:00 Frankfurt time (CET, CEST in summer). */
export const ECB_PUBLICATION_TIME = '16:00';
export const ECB_TIME_ZONE = 'Europe/Berlin';

/** The instant the ECB published the rates of `date`. */
export const ecbPublishedAt = (date: string): string => zonedInstant(date, ECB_PUBLICATION_TIME, ECB_TIME_ZONE).toISOString();

/**
 * One day's euro rates (units of each currency per euro): each as published, each currency's
 * dollar pair and the dollar-index replica; a day without a USD rate gives only the euro rates.
 */
export function euroDay(date: string, perEuro: ReadonlyMap<string, number>, where: string): EcbRate[] {
  const knowledgeAt = ecbPublishedAt(date);
  const rates: EcbRate[] = [...perEuro].map(([currency, rate]) => ({ instrument: euroRateInstrument(currency), date, close: rate, knowledgeAt, where }));
  if (!perEuro.has('USD')) return rates;
  const closeOf = new Map(rates.map((rate) => [rate.instrument, rate.close]));
  for (const currency of ['EUR', ...perEuro.keys()].filter((c) => c !== 'USD')) {
    const instrument = dollarRateInstrument(currency);
    if (closeOf.has(instrument)) continue;
    const [base = '', quote = ''] = instrument.slice('fx:'.length).split('/');
    const cross = pairRate(base, quote, (stored) => closeOf.get(stored));
    if (cross !== null) rates.push({ instrument, date, close: cross.value, knowledgeAt, where });
  }
  const replica = dollarIndexReplica(perEuro);
  if (replica !== undefined) rates.push({ instrument: DOLLAR_INDEX, date, close: replica, knowledgeAt, where, label: DOLLAR_INDEX_REPLICA_LABEL });
  return rates;
}

function splitLine(line: string): string[] {
  const cells = csvCells(line);
  // The ECB ends every line with a comma.
  if (cells.length > 1 && cells[cells.length - 1] === '') cells.pop();
  return cells;
}

export function parseEurofxref(content: string, fileName: string): EcbRate[] {
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
    const where = `${fileName}: line ${lineNumber}`;
    const perEuro = values.map((value, column) =>
      value === 'N/A' || value === '' ? undefined : publisherFigure(value, `fx.close:EUR/${currencies[column] ?? '?'}`, where),
    );
    const day = new Map<string, number>();
    currencies.forEach((currency, column) => {
      const rate = perEuro[column];
      if (rate !== undefined) day.set(currency, rate);
    });
    if (day.size > 0) rates.push(...euroDay(date, day, where));
    // Each line gives a rate per currency: the figures are bounded too, not only the lines.
    if (rates.length > maxRows) throw new ImportError(`line ${lineNumber}: more than ${count(maxRows)} rates (${LIMIT_SETTINGS.maxRows.name})`);
  }
  if (!rates.some((rate) => rate.instrument === euroRateInstrument('USD'))) throw new ImportError('the file holds no day with a USD rate');
  return rates;
}

export const ecbEurofxrefImporter: Importer<EcbRate[]> = {
  dataset: 'ecb-eurofxref',
  datasets: ['instruments'],
  description: 'ECB euro reference rates CSV (eurofxref-hist.csv): the euro rates as published, dollar crosses derived via EUR',
  source: 'European Central Bank euro reference rates (dollar crosses derived via EUR)',
  parse: parseEurofxref,
  async load(db, rates, release) {
    // "Around 16:00": a file already in hand was published, whatever the clock says.
    const rows = (label: string | undefined) =>
      rates
        .filter((rate) => rate.label === label)
        .map(({ instrument, date, close, knowledgeAt, where }) => ({
          instrument,
          date,
          close,
          where,
          knowledgeAt: earlierOf(knowledgeAt, release.knowledgeAt),
        }));
    const published = await replaceCloses(db, rows(undefined), release);
    return published + (await replaceCloses(db, rows(DOLLAR_INDEX_REPLICA_LABEL), { ...release, source: DOLLAR_INDEX_REPLICA_LABEL }));
  },
};

/**
 * A made-up operator observations file of a given number of lines (docs/data-sources.md,
 * "Observations"), shaped as a vendor's daily delivery: dated lines, each business day the close
 * of every instrument (catalogue indices and commodities, a few hundred FX pairs), and each
 * month's figure of a set of macro series. Closes walk by at most 1 % a day, so the figure rules
 * (no tenfold jump, no figure after the hub's clock) accept every line.
 */
import { closeSync, openSync, writeSync } from 'node:fs';

const INDICES = [
  'AS51',
  'CAC',
  'DAX',
  'DJI',
  'HSI',
  'IXIC',
  'JPXNK400',
  'KOSPI',
  'N225',
  'SENSEX',
  'SHCOMP',
  'SPX',
  'TOPIX',
  'TOPIXC30',
  'TSEG250',
  'TSEGCORE',
  'TSEREIT',
  'UKX',
  'VNINDEX',
];
const COMMODITIES = [
  'aluminium-lme',
  'brent-crude',
  'cocoa',
  'coffee-arabica',
  'copper-lme',
  'corn',
  'cotton',
  'gold',
  'heating-oil',
  'iron-ore',
  'natural-gas',
  'nickel-lme',
  'palladium',
  'platinum',
  'silver',
  'soybeans',
  'sugar-11',
  'wheat',
  'wti-crude',
  'zinc-lme',
];
/** No euro: its rates cannot be dated before 1999, and a file of two million lines reaches back to 1997. */
const CURRENCIES = ['USD', 'JPY', 'GBP', 'CHF', 'AUD', 'CAD', 'NZD', 'CNY', 'HKD', 'SGD', 'KRW', 'INR', 'IDR', 'THB', 'VND', 'MYR', 'PHP', 'BRL', 'MXN', 'ZAR'];
const MACRO = [
  'us.pmi.manufacturing',
  'us.pmi.services',
  'jp.pmi.manufacturing',
  'jp.pmi.services',
  'vn.pmi.manufacturing',
  'jp.cpi',
  'jp.cpi.core',
  'jp.exports',
  'jp.imports',
  'vn.exports',
  'vn.imports',
  'vn.retail-sales',
];

/** The file's 250 close series: 19 indices, 20 commodities and 211 of the ordered pairs of 20 currencies. */
const FX_PAIRS = CURRENCIES.flatMap((base) => CURRENCIES.filter((quote) => quote !== base).map((quote) => `${base}/${quote}`)).slice(0, 211);
const CLOSES: readonly (readonly [fact: string, key: string])[] = [
  ...INDICES.map((key) => ['index.close', key] as const),
  ...COMMODITIES.map((key) => ['commodity.close', key] as const),
  ...FX_PAIRS.map((key) => ['fx.close', key] as const),
];

/** A fixed-seed generator, so two runs write the same file. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const DAY_MS = 86_400_000;
const isBusinessDay = (day: Date): boolean => day.getUTCDay() !== 0 && day.getUTCDay() !== 6;

/**
 * Writes `rows` observation lines (and the heading) to `file`, the last business day before
 * `until` last, and answers how many lines it wrote. Lines are in date order, so one series'
 * lines are spread over the whole file.
 */
export function writeObservationsFile({ file, rows, until = new Date() }: { file: string; rows: number; until?: Date }): number {
  const next = random(46);
  const levels = CLOSES.map(() => 10 + next() * 990);
  const perDay = CLOSES.length + MACRO.length / 21;
  let day = new Date(Date.UTC(until.getUTCFullYear(), until.getUTCMonth(), until.getUTCDate()) - Math.ceil((rows / perDay) * (7 / 5) + 10) * DAY_MS);
  const fd = openSync(file, 'w');
  let text = 'fact,key,period,value\n';
  let written = 0;
  let month = day.toISOString().slice(0, 7);
  const line = (fact: string, key: string, period: string, value: string) => {
    text += `${fact},${key},${period},${value}\n`;
    written += 1;
    if (text.length > 1 << 20) {
      writeSync(fd, text);
      text = '';
    }
  };
  try {
    while (written < rows) {
      day = new Date(day.getTime() + DAY_MS);
      if (!isBusinessDay(day)) continue;
      const date = day.toISOString().slice(0, 10);
      if (date.slice(0, 7) !== month) {
        for (const series of MACRO) if (written < rows) line('macro', series, month, (40 + next() * 20).toFixed(1));
        month = date.slice(0, 7);
      }
      for (const [i, [fact, key]] of CLOSES.entries()) {
        if (written === rows) break;
        const level = (levels[i] ?? 100) * (1 + (next() - 0.5) / 50);
        levels[i] = level;
        line(fact, key, date, level.toFixed(4));
      }
    }
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return written;
}

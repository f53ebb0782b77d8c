import { replaceCloses } from '../../instrument-closes.ts';
import { commodityInstrument } from '../../../domains/instruments/instruments.catalogue.ts';
import { ImportError, type Importer } from '../../source.ts';
import { csvCells } from '../../csv.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { commodityCloses, type CommodityClose } from './commodity-prices-csv.ts';
import { textLines } from '../../file-lines.ts';
import { closeFact } from '../../figure-facts.ts';
import { publisherFigure } from '../../publisher-figures.ts';

export const PINK_SHEET_SHEET = 'Monthly Prices';
const TITLE = 'World Bank Commodity Price Data (The Pink Sheet)';
const NAMES_LINE = 5;
const UNITS_LINE = 6;

/**
 * The Pink Sheet columns the hub stores, by their heading, with the unit the sheet must state
 * under it: the precious metals, which FRED does not carry. The Pink Sheet's energy, metals and
 * softs columns that FRED also carries (from the IMF) are not read: FRED is those facts
 * (docs/data-sources.md), so each commodity has one publisher.
 */
export const PINK_SHEET_COMMODITIES: Readonly<Record<string, { slug: string; unit: string; code: string }>> = {
  Gold: { slug: 'gold', unit: '($/troy oz)', code: 'GOLD' },
  Silver: { slug: 'silver', unit: '($/troy oz)', code: 'SILVER' },
  Platinum: { slug: 'platinum', unit: '($/troy oz)', code: 'PLATINUM' },
};

/** Cells the sheet leaves without a price: empty, or its "…" (written ".." in its notes). */
const NO_VALUE = new Set(['', '…', '..', '...']);

/**
 * The "Monthly Prices" sheet of the World Bank's `CMO-Historical-Data-Monthly.xlsx` as CSV
 * (line N is the sheet's row N; src/ingest/sources/worldbank/sheet-csv.ts): four title lines
 * (`World Bank Commodity Price Data (The Pink Sheet)`, `monthly prices in nominal US dollars,
 * 1960 to present`, …, `Updated on …`), the commodity headings on line 5 and their units on
 * line 6 (column A empty), in the editions of 2023 to 2025 the series codes on line 7 (`GOLD`,
 * column A empty; the June 2026 edition has none), then one line per month from `1960M01`, oldest first, each price a
 * monthly average in nominal US dollars, `…` where there is none; notes may follow. A month's
 * price is stored as the close of the month's first day. Each price is held to the figure rules
 * of its commodity (a workbook's number cell may come as an exponent), and a precious metal's
 * price to be above 0.
 */
export function parsePinkSheetMonthly(content: string, fileName: string): CommodityClose[] {
  return pinkSheetCloses(textLines(content, fileName).map(csvCells), fileName);
}

/**
 * The closes of the sheet as rows of cell texts, row N as line N (the CSV's lines split into
 * cells, or the sheet's rows as the worldbank source reads them from the workbook).
 */
export function pinkSheetCloses(lines: readonly (readonly string[])[], fileName: string): CommodityClose[] {
  if (lines[0]?.[0] !== TITLE) throw new ImportError(`${fileName}: line 1: expected "${TITLE}", found "${lines[0]?.[0] ?? ''}"`);
  const names = lines[NAMES_LINE - 1] ?? [];
  const units = lines[UNITS_LINE - 1] ?? [];
  const codes = lines[UNITS_LINE]?.[0] === '' ? lines[UNITS_LINE] : undefined;
  const columns = Object.entries(PINK_SHEET_COMMODITIES).map(([name, { slug, unit, code }]) => {
    const column = names.indexOf(name);
    if (column < 1) throw new ImportError(`${fileName}: line ${NAMES_LINE}: no "${name}" column among the headings`);
    if (units[column] !== unit) throw new ImportError(`${fileName}: line ${UNITS_LINE}: the unit of "${name}" is "${units[column] ?? ''}", expected "${unit}"`);
    if (codes !== undefined && codes[column] !== code)
      throw new ImportError(`${fileName}: line ${UNITS_LINE + 1}: the code of "${name}" is "${codes[column] ?? ''}", expected "${code}"`);
    return { name, slug, column, fact: closeFact(commodityInstrument(slug)) };
  });
  const closes: CommodityClose[] = [];
  let previous: string | undefined;
  for (let index = codes === undefined ? UNITS_LINE : UNITS_LINE + 1; index < lines.length; index++) {
    const cells = lines[index] ?? [];
    const lineNumber = index + 1;
    const period = cells[0] ?? '';
    const month = /^(\d{4})M(\d{2})$/.exec(period);
    // The months end at the first line that is not one: a blank line or the notes below them.
    if (month === null) {
      if (previous === undefined) throw new ImportError(`${fileName}: line ${lineNumber}: period "${period}" is not a month such as 1960M01`);
      break;
    }
    const date = calendarDate(`${month[1]}-${month[2]}-01`);
    if (date === undefined) throw new ImportError(`${fileName}: line ${lineNumber}: period "${period}" is not a month such as 1960M01`);
    if (previous !== undefined && date <= previous)
      throw new ImportError(`${fileName}: line ${lineNumber}: ${period} does not follow ${previous.slice(0, 4)}M${previous.slice(5, 7)}`);
    previous = date;
    if (cells.length !== names.length)
      throw new ImportError(`${fileName}: line ${lineNumber}: ${cells.length} cells for the ${names.length} columns of line ${NAMES_LINE}`);
    const where = `${fileName}: line ${lineNumber}`;
    for (const { name, slug, column, fact } of columns) {
      const text = cells[column] ?? '';
      if (NO_VALUE.has(text)) continue;
      const close = publisherFigure(text, fact, where, { exponent: true });
      if (close <= 0) throw new ImportError(`${where}: ${name} price "${text}" in ${period} is not a positive number`);
      closes.push({ slug, date, close, where });
    }
  }
  if (closes.length === 0) throw new ImportError(`${fileName}: no month with a price of ${Object.keys(PINK_SHEET_COMMODITIES).join(', ')}`);
  return closes;
}

export const worldbankPinkSheetImporter: Importer<CommodityClose[]> = {
  dataset: 'worldbank-pinksheet-monthly',
  datasets: ['instruments'],
  description: `World Bank Pink Sheet, "Monthly Prices" sheet as CSV: monthly ${Object.keys(PINK_SHEET_COMMODITIES).join(', ')} prices`,
  source: 'World Bank Commodity Price Data (The Pink Sheet), CC BY 4.0',
  parse: parsePinkSheetMonthly,
  load(db, closes, release) {
    return replaceCloses(db, commodityCloses(closes), release);
  },
};

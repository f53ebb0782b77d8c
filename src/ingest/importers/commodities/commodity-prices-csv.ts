import { findCommodity } from '../../../domains/commodities/commodities.catalog.ts';
import { ImportError, type Importer } from '../../source.ts';
import { replaceCloses } from '../../instrument-closes.ts';
import { commodityInstrument } from '../../../domains/instruments/instruments.catalogue.ts';
import { csvCells } from '../../csv.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { textLines } from '../../file-lines.ts';
import { closeFact } from '../../figure-facts.ts';
import { publisherFigure } from '../../publisher-figures.ts';

export interface CommodityClose {
  slug: string;
  date: string;
  close: number;
  /** The file and line the close was read from, for the messages of a refused file; never stored. */
  where: string;
}

/** The closes as the series store takes them, each with its line for the date rule. */
export const commodityCloses = (closes: readonly CommodityClose[]) =>
  closes.map((c) => ({ instrument: commodityInstrument(c.slug), date: c.date, close: c.close, where: c.where }));

const HEADER = ['date', 'slug', 'close'];

/**
 * A daily closing-price CSV, `date,slug,close` (header required; dates YYYY-MM-DD; slugs as
 * the commodity list serves them; close in the commodity's unit, dot decimal, no thousands
 * separator, held to the figure rules of the commodity and, as this file has always required,
 * above 0: WTI's negative price of 2020-04-20 comes from FRED). A day not in the file stays a
 * gap. A line repeating a slug and date is an error.
 */
export const commodityPricesCsvImporter: Importer<CommodityClose[]> = {
  dataset: 'commodity-prices-csv',
  datasets: ['instruments'],
  description: 'Daily commodity closes, CSV with header date,slug,close',
  source: 'Commodity prices CSV',
  parse(content, fileName) {
    const lines = textLines(content);
    const header = csvCells(lines[0] ?? '').map((h) => h.toLowerCase());
    if (header.join(',') !== HEADER.join(',')) throw new ImportError(`line 1: expected the header "${HEADER.join(',')}"`);
    const closes: CommodityClose[] = [];
    const seen = new Set<string>();
    lines.slice(1).forEach((line, index) => {
      const lineNo = index + 2;
      if (line.trim() === '') return;
      const cells = csvCells(line);
      if (cells.length !== 3) throw new ImportError(`line ${lineNo}: expected 3 fields (date,slug,close), got ${cells.length}`);
      const [date = '', slug = '', closeText = ''] = cells;
      if (calendarDate(date) === undefined) throw new ImportError(`line ${lineNo}: date "${date}" is not a calendar date (YYYY-MM-DD)`);
      if (findCommodity(slug) === undefined) throw new ImportError(`line ${lineNo}: unknown commodity slug "${slug}"`);
      const where = `${fileName}: line ${lineNo}`;
      const close = publisherFigure(closeText, closeFact(commodityInstrument(slug)), where);
      if (close <= 0) throw new ImportError(`${where}: close "${closeText}" is not a positive number`);
      const key = `${slug} ${date}`;
      if (seen.has(key)) throw new ImportError(`line ${lineNo}: ${slug} on ${date} appears twice`);
      seen.add(key);
      closes.push({ slug, date, close, where });
    });
    if (closes.length === 0) throw new ImportError('the file has no price lines');
    return closes;
  },
  load(db, closes, release) {
    return replaceCloses(db, commodityCloses(closes), release);
  },
};

import { findCommodity } from '../../../domains/commodities/commodities.catalog.ts';
import { ImportError, type Importer } from '../../source.ts';
import { replaceCloses } from '../../instrument-closes.ts';
import { commodityInstrument } from '../../../domains/instruments/instruments.catalogue.ts';
import { csvCells } from '../../csv.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { textLines } from '../../file-lines.ts';

export interface CommodityClose {
  slug: string;
  date: string;
  close: number;
}

const HEADER = ['date', 'slug', 'close'];

/**
 * A daily closing-price CSV, `date,slug,close` (header required; dates YYYY-MM-DD; slugs as
 * the commodity list serves them; close in the commodity's unit, dot decimal, no thousands
 * separator). A day not in the file stays a gap. A line repeating a slug and date is an error.
 */
export const commodityPricesCsvImporter: Importer<CommodityClose[]> = {
  dataset: 'commodity-prices-csv',
  datasets: ['instruments'],
  description: 'Daily commodity closes, CSV with header date,slug,close',
  source: 'Commodity prices CSV',
  parse(content) {
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
      const close = Number(closeText);
      if (closeText === '' || !Number.isFinite(close) || close <= 0) throw new ImportError(`line ${lineNo}: close "${closeText}" is not a positive number`);
      const key = `${slug} ${date}`;
      if (seen.has(key)) throw new ImportError(`line ${lineNo}: ${slug} on ${date} appears twice`);
      seen.add(key);
      closes.push({ slug, date, close });
    });
    if (closes.length === 0) throw new ImportError('the file has no price lines');
    return closes;
  },
  load(db, closes, release) {
    return replaceCloses(db, closes.map((c) => ({ instrument: commodityInstrument(c.slug), date: c.date, close: c.close })), release);
  },
};

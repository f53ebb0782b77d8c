import { Type, type Static } from 'typebox';
import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { readJsonDocument } from '../../publisher-document.ts';
import { loadIndexCloses, type IndexCloseRecord } from './index-closes.ts';
import { publisherFigure } from '../../publisher-figures.ts';

/** ECOS table 802Y001 (주식시장(일), the stock market, daily), item 0001000 (KOSPI지수): the KOSPI close. */
export const ECOS_KOSPI = { table: '802Y001', item: '0001000' } as const;

/** The unit ECOS states for the KOSPI: points of the index based 100 on 4 January 1980. */
const KOSPI_UNIT = '1980.01.04=100';

/** One row of ECOS's answer: `DATA_VALUE` is a decimal string, or "" for a day without a value. */
const RowSchema = Type.Object({
  STAT_CODE: Type.String(),
  ITEM_CODE1: Type.String(),
  UNIT_NAME: Type.Optional(Type.String()),
  TIME: Type.String(),
  DATA_VALUE: Type.String(),
});
export type EcosRow = Static<typeof RowSchema>;

/** ECOS's StatisticSearch answer: `list_total_count` rows in all, this page's in `row`. */
export const StatisticSearchSchema = Type.Object({
  StatisticSearch: Type.Object({ list_total_count: Type.Union([Type.Number(), Type.String()]), row: Type.Array(RowSchema) }),
});

/**
 * The KOSPI closes of ECOS rows (`{STAT_CODE, ITEM_CODE1, UNIT_NAME, TIME: "YYYYMMDD",
 * DATA_VALUE}`), one page's or every page's merged. A row of another table or item is refused:
 * the answer would not be the KOSPI. An empty DATA_VALUE is a day without a value, never 0; any
 * other is held to the figure rules of index.close:KOSPI.
 */
export function bokKospiCloses(rows: readonly EcosRow[], fileName: string): IndexCloseRecord[] {
  const records: IndexCloseRecord[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const where = `${fileName}: row ${index + 1}`;
    if (row.STAT_CODE !== ECOS_KOSPI.table || row.ITEM_CODE1 !== ECOS_KOSPI.item) {
      throw new ImportError(
        `${where}: table ${JSON.stringify(row.STAT_CODE)} item ${JSON.stringify(row.ITEM_CODE1)} is not the KOSPI (${ECOS_KOSPI.table} item ${ECOS_KOSPI.item})`,
      );
    }
    if (row.UNIT_NAME !== undefined && row.UNIT_NAME.trim() !== KOSPI_UNIT) {
      throw new ImportError(`${where}: unit ${JSON.stringify(row.UNIT_NAME)} is not the KOSPI's (${KOSPI_UNIT})`);
    }
    const time = row.TIME;
    const date = /^\d{8}$/.test(time) ? calendarDate(`${time.slice(0, 4)}-${time.slice(4, 6)}-${time.slice(6)}`) : undefined;
    if (date === undefined) throw new ImportError(`${where}: TIME ${JSON.stringify(time)} is not a day (YYYYMMDD)`);
    if (seen.has(date)) throw new ImportError(`${where}: ${date} appears twice`);
    seen.add(date);
    const value = row.DATA_VALUE;
    if (value === '') return;
    records.push({ code: 'KOSPI', date, close: publisherFigure(value, 'index.close:KOSPI', where), where });
  });
  return records;
}

/** ECOS's StatisticSearch JSON of table 802Y001 item 0001000, as `fdh import` reads a saved answer. */
export function parseBokKospi(content: string, fileName: string): IndexCloseRecord[] {
  return bokKospiCloses(readJsonDocument(StatisticSearchSchema, content, fileName).StatisticSearch.row, fileName);
}

export const bokKospiImporter: Importer<IndexCloseRecord[]> = {
  dataset: 'bok-ecos-kospi',
  datasets: ['instruments'],
  description: 'Bank of Korea ECOS StatisticSearch JSON of table 802Y001 item 0001000: the KOSPI daily close (the Korea Exchange its source)',
  source: 'Bank of Korea, ECOS (the Korea Exchange)',
  canonicalForm: canonicalJson,
  parse: parseBokKospi,
  // An answer of days without a value only has nothing to write.
  load: (db, records, release) => (records.length === 0 ? Promise.resolve(0) : loadIndexCloses(db, records, release)),
};

import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import type { RealEstateTransactionRow } from '../../../store/tables/real-estate.tables.ts';
import { ImportError, type LineImporter } from '../../source.ts';
import { csvCells } from '../../csv.ts';
import { calendarQuarter } from '../../calendar-dates.ts';
import { insertRows, recordsInto, type RecordMapping } from '../../../store/loader.ts';
import { municipalityKey, wardIdOfCode } from './jp-municipalities.ts';
import { publisherFigure } from '../../publisher-figures.ts';

export interface ParsedTransaction {
  line: number;
  key: string;
  /** `MunicipalityCode` where the file has the column, else "". */
  code: string;
  prefecture: string;
  municipality: string;
  type: string;
  price: number;
  area: number;
  buildingYear: number | null;
  structure: string | null;
  floorPlan: string | null;
  tradePeriod: string;
}

const REQUIRED = ['Type', 'Prefecture', 'Municipality', 'TradePrice', 'Area', 'Period'] as const;

const ORDINALS: Record<string, number> = { '1st': 1, '2nd': 2, '3rd': 3, '4th': 4 };

/** MLIT writes the period as "1st quarter 2025" (English files) or "2025年第1四半期" (Japanese files). */
export function tradePeriod(text: string): string | undefined {
  const english = /^(1st|2nd|3rd|4th) quarter (\d{4})$/i.exec(text);
  if (english !== null) return `${english[2]}-Q${ORDINALS[(english[1] ?? '').toLowerCase()]}`;
  const japanese = /^(\d{4})年第([1-4])四半期$/.exec(text);
  if (japanese !== null) return `${japanese[1]}-Q${japanese[2]}`;
  return calendarQuarter(text);
}

/** The figures of one transaction as MLIT writes them (the CSV's columns and XIT001's fields share names). */
export type TransactionFigures = Omit<ParsedTransaction, 'line' | 'key' | 'code' | 'prefecture' | 'municipality'>;

/** The columns or fields `transactionFigures` reads. */
export type TransactionField = 'Type' | 'TradePrice' | 'Area' | 'Period' | 'BuildingYear' | 'Structure' | 'FloorPlan';

/** The fact of a transaction's figures, held to its figure rules (publisher-figures.ts). */
const TRANSACTION = 're.transaction:jp';

/**
 * Reads MLIT's text figures (thousands may be grouped with commas): `field(name)` is the text of
 * a column or field, "" where empty; problems are reported at `where`.
 */
export function transactionFigures(field: (name: TransactionField) => string, where: string): TransactionFigures {
  const price = publisherFigure(field('TradePrice'), TRANSACTION, `${where}: TradePrice`, { grouping: true });
  if (price <= 0) throw new ImportError(`${where}: TradePrice "${field('TradePrice')}" is not a price`);
  // Large lots are published as "2000 m^2 or greater.": the bound is the figure.
  const area = publisherFigure(/^[\d.,]+/.exec(field('Area'))?.[0] ?? field('Area'), TRANSACTION, `${where}: Area`, { grouping: true });
  if (area <= 0) throw new ImportError(`${where}: Area "${field('Area')}" is not an area`);
  const period = tradePeriod(field('Period'));
  if (period === undefined) throw new ImportError(`${where}: Period "${field('Period')}" is not a calendar quarter`);
  const year = /^(\d{4})/.exec(field('BuildingYear'))?.[1];
  const optional = (name: TransactionField) => (field(name) === '' ? null : field(name));
  return {
    type: field('Type'),
    price,
    area,
    buildingYear: year === undefined ? null : Number(year),
    structure: optional('Structure'),
    floorPlan: optional('FloorPlan'),
    tradePeriod: period,
  };
}

function transactionOf(header: string[], text: string, line: number, fileName: string): ParsedTransaction {
  const fields = csvCells(text);
  const where = `${fileName}: line ${line}`;
  if (fields.length !== header.length) throw new ImportError(`${where}: ${fields.length} fields where the header has ${header.length}`);
  const column = (name: string) => (header.includes(name) ? (fields[header.indexOf(name)] ?? '') : '');
  return {
    line,
    // Trailing whitespace is not part of the transaction: the same line saved with it keeps its id.
    key: createHash('sha256').update(text.trimEnd()).digest('hex').slice(0, 20),
    code: column('MunicipalityCode').trim(),
    prefecture: column('Prefecture'),
    municipality: column('Municipality'),
    ...transactionFigures(column, where),
  };
}

/** The stored row of a transaction; its id is MLIT's prefix and a hash of the publisher's record. */
export function transactionRow(figures: TransactionFigures, key: string, wardId: number, source: string): RealEstateTransactionRow {
  return {
    id: `mlit-${key}`,
    ward_id: wardId,
    type: figures.type,
    area: figures.area,
    price: figures.price,
    building_year: figures.buildingYear,
    structure: figures.structure,
    floor_plan: figures.floorPlan,
    trade_period: figures.tradePeriod,
    source,
  };
}

/** A transaction already loaded from an overlapping download is kept once. */
const KEEP_STORED = { key: ['id'], keep: 'stored' } as const;

export async function insertTransactions(db: Transaction<Database>, rows: RealEstateTransactionRow[]): Promise<void> {
  await insertRows(db, 're_transaction', rows, { onConflict: KEEP_STORED });
}

/**
 * Transactions → `re_transaction` rows: the municipality's ward is the one of its
 * `MunicipalityCode` (created by the code list or an XIT001 answer), else the ward the
 * prefecture and municipality names resolve to (the demo's); read once per release.
 */
const transactionRows: RecordMapping<ParsedTransaction, 're_transaction'> = {
  table: 're_transaction',
  onConflict: KEEP_STORED,
  async forRelease(db, release, fileName) {
    const provinces = await db.selectFrom('re_province').select(['id', 'code', 'name_en']).where('country', '=', 'jp').execute();
    const provinceByName = new Map(provinces.map((p) => [p.name_en.toLowerCase(), p.id]));
    const provinceByCode = new Map(provinces.map((p) => [p.code, p.id]));
    const wards = await db
      .selectFrom('re_ward')
      .select(['id', 'province_id', 'name'])
      .where(
        'province_id',
        'in',
        provinces.map((p) => p.id),
      )
      .execute();
    const wardByName = new Map(wards.map((w) => [`${w.province_id} ${municipalityKey(w.name)}`, w.id]));
    const wardIds = new Set(wards.map((w) => w.id));
    return {
      row(record) {
        const coded = /^\d{5}$/.test(record.code);
        if (coded && wardIds.has(wardIdOfCode(record.code))) return transactionRow(record, record.key, wardIdOfCode(record.code), release.source);
        const provinceId = (coded ? provinceByCode.get(record.code.slice(0, 2)) : undefined) ?? provinceByName.get(record.prefecture.toLowerCase());
        if (provinceId === undefined) throw new ImportError(`${fileName}: line ${record.line}: unknown prefecture "${record.prefecture}"`);
        const wardId = wardByName.get(`${provinceId} ${municipalityKey(record.municipality)}`);
        if (wardId === undefined)
          throw new ImportError(`${fileName}: line ${record.line}: unknown municipality "${record.municipality}" in ${record.prefecture}`);
        return transactionRow(record, record.key, wardId, release.source);
      },
    };
  },
};

/** Read as a stream and loaded in batches through the loader. */
export const mlitTransactionsImporter: LineImporter<ParsedTransaction> = {
  dataset: 'real-estate-mlit-transactions',
  datasets: ['real-estate'],
  description: 'Japanese real-estate transactions from an MLIT transaction price CSV (English columns)',
  source: 'MLIT Real Estate Information Library',
  async *records(lines, fileName) {
    let header: string[] | undefined;
    let count = 0;
    for await (const { line, text } of lines) {
      if (header === undefined) {
        header = csvCells(text);
        const missing = REQUIRED.filter((name) => !header?.includes(name));
        if (missing.length > 0) throw new ImportError(`${fileName}: line 1: missing columns ${missing.join(', ')}`);
        continue;
      }
      if (text.trim() === '') continue;
      yield transactionOf(header, text, line, fileName);
      count++;
    }
    if (count === 0) throw new ImportError(`${fileName}: line 2: the file has no transactions`);
  },
  load: recordsInto(transactionRows),
};

import { createHash } from 'node:crypto';
import { ImportError, type LineImporter } from '../../source.ts';
import { csvCells } from '../../csv.ts';
import { calendarQuarter } from '../../calendar-dates.ts';
import { recordsInto, type RecordMapping } from '../../loader.ts';

export interface ParsedTransaction {
  line: number;
  key: string;
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

/** "Chiyoda Ward" / "Hachioji City" (English files) → the hub's "chiyoda-ku" / "hachioji-shi". */
export function municipalityKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/ ward$/, '-ku')
    .replace(/ city$/, '-shi')
    .replace(/ town$/, '-machi')
    .replace(/ village$/, '-mura')
    .trim();
}

function transactionOf(header: string[], text: string, line: number, fileName: string): ParsedTransaction {
  const column = (fields: string[], name: string) => fields[header.indexOf(name)] ?? '';
  const fields = csvCells(text);
  const where = `${fileName}: line ${line}`;
  if (fields.length !== header.length) throw new ImportError(`${where}: ${fields.length} fields where the header has ${header.length}`);
  const price = Number(column(fields, 'TradePrice').replaceAll(',', ''));
  if (!Number.isFinite(price) || price <= 0) throw new ImportError(`${where}: TradePrice "${column(fields, 'TradePrice')}" is not a price`);
  // Large lots are published as "2000 m^2 or greater.": the bound is the figure.
  const area = Number(/^[\d.,]+/.exec(column(fields, 'Area'))?.[0]?.replaceAll(',', '') ?? NaN);
  if (!Number.isFinite(area) || area <= 0) throw new ImportError(`${where}: Area "${column(fields, 'Area')}" is not an area`);
  const period = tradePeriod(column(fields, 'Period'));
  if (period === undefined) throw new ImportError(`${where}: Period "${column(fields, 'Period')}" is not a calendar quarter`);
  const year = /^(\d{4})/.exec(column(fields, 'BuildingYear'))?.[1];
  const optional = (name: string) => (header.includes(name) && column(fields, name) !== '' ? column(fields, name) : null);
  return {
    line,
    // Trailing whitespace is not part of the transaction: the same line saved with it keeps its id.
    key: createHash('sha256').update(text.trimEnd()).digest('hex').slice(0, 20),
    prefecture: column(fields, 'Prefecture'),
    municipality: column(fields, 'Municipality'),
    type: column(fields, 'Type'),
    price,
    area,
    buildingYear: year === undefined ? null : Number(year),
    structure: optional('Structure'),
    floorPlan: optional('FloorPlan'),
    tradePeriod: period,
  };
}

/**
 * Transactions → `re_transaction` rows: the prefecture and municipality names are resolved to the
 * hub's province and ward ids, read once per release.
 */
const transactionRows: RecordMapping<ParsedTransaction, 're_transaction'> = {
  table: 're_transaction',
  // A transaction already loaded from an overlapping download is kept once.
  onConflict: { key: ['id'], keep: 'stored' },
  async forRelease(db, release, fileName) {
    const provinces = await db.selectFrom('re_province').select(['id', 'name_en']).where('country', '=', 'jp').execute();
    const provinceByName = new Map(provinces.map((p) => [p.name_en.toLowerCase(), p.id]));
    const wards = await db
      .selectFrom('re_ward')
      .select(['id', 'province_id', 'name'])
      .where('province_id', 'in', provinces.map((p) => p.id))
      .execute();
    const wardByName = new Map(wards.map((w) => [`${w.province_id} ${municipalityKey(w.name)}`, w.id]));
    return {
      row(record) {
        const provinceId = provinceByName.get(record.prefecture.toLowerCase());
        if (provinceId === undefined) throw new ImportError(`${fileName}: line ${record.line}: unknown prefecture "${record.prefecture}"`);
        const wardId = wardByName.get(`${provinceId} ${municipalityKey(record.municipality)}`);
        if (wardId === undefined) throw new ImportError(`${fileName}: line ${record.line}: unknown municipality "${record.municipality}" in ${record.prefecture}`);
        return {
          id: `mlit-${record.key}`,
          ward_id: wardId,
          type: record.type,
          area: record.area,
          price: record.price,
          building_year: record.buildingYear,
          structure: record.structure,
          floor_plan: record.floorPlan,
          trade_period: record.tradePeriod,
          source: release.source,
        };
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

import type { Transaction } from 'kysely';
import { storedFacts } from '../../../facts/names.ts';
import { noteFacts } from '../../../store/release-facts.ts';
import type { Database } from '../../../store/schema.ts';
import { ImportError, type Importer, type ReleaseInfo } from '../../source.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { htmlTables } from '../../sources/jpx/html-tables.ts';
import { insertNewFund } from './new-fund.ts';
import { publisherFigure } from '../../publisher-figures.ts';

/**
 * JPX's list of ETFs (https://www.jpx.co.jp/equities/products/etfs/issues/01.html), an HTML
 * table of every listed ETF: `上場日`, `コード`, `銘柄名`, `連動対象指標`, `管理会社`, `売買単位`,
 * `信託報酬`. The table is found by its header row (a `コード` cell and a cell naming `信託報酬`),
 * the columns by their names: the trust fee is the first percentage of its cell (`0.99%(税抜0.9%)以内`:
 * the yearly rate JPX states first), the trading unit the units of a lot (`1口`), the listing day `YYYY/MM/DD`.
 * Both figures are held to the figure rules of their facts, the unit to be a whole number too.
 */
export interface EtfIssueEntry {
  code: string;
  name: string;
  manager: string;
  /** Undefined when the page has no such column; null for a cell with no value (`-`). */
  listingDate: string | null | undefined;
  tradingUnit: number | null | undefined;
  trustFee: number | null;
}

const CODE = /^[0-9]{3}[0-9A-Z]$/;
const NO_VALUE = new Set(['', '-', '－', '―']);

function percent(text: string, where: string): number | null {
  if (NO_VALUE.has(text)) return null;
  const match = /([0-9]+(?:\.[0-9]+)?)\s*[%％]/.exec(text);
  if (match?.[1] === undefined) throw new ImportError(`${where}: 信託報酬 "${text}" states no percentage`);
  return publisherFigure(match[1], 'etf.trustFee', `${where}: 信託報酬`);
}

function listingDay(text: string, where: string): string | null {
  if (NO_VALUE.has(text)) return null;
  const parts = /^([0-9]{4})[/年]([0-9]{1,2})[/月]([0-9]{1,2})日?$/.exec(text);
  const day = parts === null ? undefined : calendarDate(`${parts[1]}/${parts[2]?.padStart(2, '0')}/${parts[3]?.padStart(2, '0')}`, 'YYYY/MM/DD');
  if (day === undefined) throw new ImportError(`${where}: 上場日 "${text}" is not a day (YYYY/MM/DD)`);
  return day;
}

function lotUnits(text: string, where: string): number | null {
  if (NO_VALUE.has(text)) return null;
  const digits = /^([0-9][0-9,]*)\s*口(?:単位)?$|^([0-9][0-9,]*)$/.exec(text);
  if (digits === null) throw new ImportError(`${where}: 売買単位 "${text}" is not a number of units`);
  const units = publisherFigure(digits[1] ?? digits[2] ?? '', 'etf.tradingUnit', `${where}: 売買単位`, { grouping: true });
  if (!Number.isInteger(units) || units <= 0) throw new ImportError(`${where}: 売買単位 "${text}" is not a number of units`);
  return units;
}

export function parseEtfIssues(content: string, fileName: string): EtfIssueEntry[] {
  const entries: EtfIssueEntry[] = [];
  const seen = new Set<string>();
  for (const table of htmlTables(content, fileName)) {
    const headerAt = table.findIndex((row) => row.includes('コード') && row.some((cell) => cell.replace(/ /g, '').includes('信託報酬')));
    if (headerAt < 0) continue;
    const header = (table[headerAt] ?? []).map((cell) => cell.replace(/ /g, ''));
    const column = (name: string) => header.findIndex((cell) => cell.startsWith(name));
    const at = {
      code: column('コード'),
      name: column('銘柄名'),
      manager: column('管理会社'),
      listed: column('上場日'),
      unit: column('売買単位'),
      fee: column('信託報酬'),
    };
    for (let i = headerAt + 1; i < table.length; i++) {
      const row = table[i] ?? [];
      const code = row[at.code] ?? '';
      if (!CODE.test(code)) continue;
      const where = `${fileName}: ${code}`;
      if (row.length !== header.length) throw new ImportError(`${where}: ${row.length} cells under a header of ${header.length} (a changed layout)`);
      if (seen.has(code)) throw new ImportError(`${where}: listed twice`);
      seen.add(code);
      entries.push({
        code,
        name: row[at.name] ?? '',
        manager: row[at.manager] ?? '',
        listingDate: at.listed < 0 ? undefined : listingDay(row[at.listed] ?? '', where),
        tradingUnit: at.unit < 0 ? undefined : lotUnits(row[at.unit] ?? '', where),
        trustFee: percent(row[at.fee] ?? '', where),
      });
    }
  }
  if (entries.length === 0)
    throw new ImportError(`${fileName}: no table with a コード and a 信託報酬 column lists a fund (a changed layout, or not the ETF list)`);
  return entries;
}

async function loadEtfIssues(db: Transaction<Database>, entries: EtfIssueEntry[], release: ReleaseInfo): Promise<number> {
  const known = new Set(
    (
      await db
        .selectFrom('etf_fund')
        .select('code')
        .where(
          'code',
          'in',
          entries.map((e) => e.code),
        )
        .execute()
    ).map((row) => row.code),
  );
  for (const entry of entries) {
    const stated = {
      trust_fee: entry.trustFee,
      ...(entry.listingDate === undefined ? {} : { listing_date: entry.listingDate }),
      ...(entry.tradingUnit === undefined ? {} : { trading_unit: entry.tradingUnit }),
    };
    if (known.has(entry.code)) {
      // A cell the page leaves without a figure (`-`) keeps what the store holds (an operator's licensed fee), never erases it.
      const given = Object.fromEntries(Object.entries(stated).filter(([, value]) => value !== null && value !== undefined));
      if (Object.keys(given).length === 0) continue;
      await db.updateTable('etf_fund').set(given).where('code', '=', entry.code).execute();
      noteFacts(
        db,
        Object.keys(given).map((column) => ({ fact: storedFacts.etfFund(column) })),
      );
      continue;
    }
    if (entry.name === '' || entry.manager === '') throw new ImportError(`${entry.code}: a fund the store does not know needs its 銘柄名 and 管理会社`);
    await insertNewFund(db, { code: entry.code, name: entry.name, name_jp: entry.name, management_company: entry.manager, source: release.source, ...stated });
  }
  return entries.length;
}

export const jpxEtfIssuesImporter: Importer<EtfIssueEntry[]> = {
  dataset: 'jpx-etf-issues',
  datasets: ['etf'],
  description: "JPX's ETF list page (HTML): each listed ETF's trust fee, listing day and trading unit",
  source: 'JPX',
  parse: parseEtfIssues,
  load: loadEtfIssues,
};

import type { Transaction } from 'kysely';
import { storedFacts } from '../../../facts/names.ts';
import { noteFacts } from '../../../store/release-facts.ts';
import type { Database } from '../../../store/schema.ts';
import { ImportError, type Importer, type ReleaseInfo } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { loadEtfSessions } from '../equities/etf-sessions.ts';
import { insertNewFund } from './new-fund.ts';
import { Type } from 'typebox';
import { readJsonDocument } from '../../publisher-document.ts';

/**
 * JPX's ETF Database workbook, its first sheet as the jpx source hands it over (xlsx-rows.ts):
 * `{"sheet": …, "rows": [[cell text, …], …]}`. A title and blank rows come first, then a header
 * row (`コード`, `名称` or, in older files, `略称`, `管理会社`, `連動指標名`, …) and one row per
 * fund; notes may follow. The columns are found by their header names: JPX adds and moves
 * columns between editions. `連動指標名` (the underlying index) is read when present.
 */
export interface EtfListEntry {
  code: string;
  nameJp: string;
  manager: string;
  /** Undefined when the file has no index column; null for a fund without one (`-`, an active fund). */
  indexName: string | null | undefined;
}

/** Rows searched for the header: the title and notes above it take a few. */
const HEADER_SEARCH_ROWS = 12;
const CODE = /^[0-9]{3}[0-9A-Z]$/;

function rowsOf(content: string, fileName: string): string[][] {
  // The workbook's first sheet, as the jpx-etf-list source reads it.
  return readJsonDocument(Type.Object({ rows: Type.Array(Type.Array(Type.String())) }), content, fileName).rows;
}

export function parseEtfList(content: string, fileName: string): EtfListEntry[] {
  return etfListEntries(rowsOf(content, fileName), fileName);
}

/** The funds of the workbook's first sheet, as rows of cell texts (the jpx-etf-list source reads them once from the workbook). */
export function etfListEntries(rows: readonly (readonly string[])[], fileName: string): EtfListEntry[] {
  const headerIndex = rows
    .slice(0, HEADER_SEARCH_ROWS)
    .findIndex((row) => row.includes('コード') && (row.includes('名称') || row.includes('略称')) && row.includes('管理会社'));
  if (headerIndex < 0)
    throw new ImportError(`${fileName}: rows 1–${HEADER_SEARCH_ROWS}: no header row with コード, 名称 (or 略称) and 管理会社 (a changed layout)`);
  const header = rows[headerIndex] ?? [];
  const column = (name: string) => header.indexOf(name);
  const codeAt = column('コード');
  const nameAt = column('名称') >= 0 ? column('名称') : column('略称');
  const managerAt = column('管理会社');
  const indexAt = column('連動指標名');
  const entries: EtfListEntry[] = [];
  const seen = new Set<string>();
  for (let i = headerIndex + 1; i < rows.length; i++) {
    const row = rows[i] ?? [];
    const where = `${fileName}: row ${i + 1}`;
    const code = row[codeAt] ?? '';
    const nameJp = row[nameAt] ?? '';
    // Blank rows have no fund name; a note under the table spans its row (a merged cell shows
    // its text in every column) or starts with a note mark.
    if (nameJp === '' || code === nameJp || /^[※*＊(（]/.test(code)) continue;
    if (!CODE.test(code)) throw new ImportError(`${where}: コード "${code}" is not a 4-character TSE code`);
    if (seen.has(code)) throw new ImportError(`${where}: コード ${code} appears twice`);
    seen.add(code);
    const manager = row[managerAt] ?? '';
    if (manager === '') throw new ImportError(`${where}: 管理会社 of ${code} is empty`);
    const index = indexAt < 0 ? undefined : (row[indexAt] ?? '');
    entries.push({ code, nameJp, manager, indexName: index === undefined ? undefined : index === '' || index === '-' ? null : index });
  }
  if (entries.length === 0) throw new ImportError(`${fileName}: the sheet lists no fund under its header`);
  return entries;
}

async function loadEtfList(db: Transaction<Database>, entries: EtfListEntry[], release: ReleaseInfo): Promise<number> {
  const codes = entries.map((entry) => entry.code);
  const known = new Set((await db.selectFrom('etf_fund').select('code').where('code', 'in', codes).execute()).map((row) => row.code));
  for (const entry of entries) {
    const described = {
      name_jp: entry.nameJp,
      management_company: entry.manager,
      ...(entry.indexName === undefined ? {} : { index_name: entry.indexName }),
      source: release.source,
    };
    if (known.has(entry.code)) {
      // The name a PCF gave (English) stays; trust fee, listing day and the rest are not in the list.
      await db.updateTable('etf_fund').set(described).where('code', '=', entry.code).execute();
      noteFacts(db, [{ fact: storedFacts.etfFund('manager') }, ...(entry.indexName === undefined ? [] : [{ fact: storedFacts.etfFund('index') }])]);
      continue;
    }
    await insertNewFund(db, { code: entry.code, name: entry.nameJp, ...described });
  }
  await moveEquityBarsToFunds(db, codes);
  return entries.length;
}

/**
 * Daily bars of these funds that were loaded before the fund was known went to the equity bars:
 * they become the funds' exchange prices, so the order the sources ran in does not matter.
 */
async function moveEquityBarsToFunds(db: Transaction<Database>, fundCodes: readonly string[]): Promise<void> {
  const exchangeCodes = fundCodes.map((code) => `${code}0`);
  const bars = await db
    .selectFrom('equity_bar')
    .select(['code', 'date', 'open', 'high', 'low', 'close', 'volume', 'source'])
    .where('code', 'in', exchangeCodes)
    .execute();
  for (const [source, ofSource] of Map.groupBy(bars, (bar) => bar.source)) {
    const moved = await loadEtfSessions(db, ofSource, source);
    await db
      .deleteFrom('equity_bar')
      .where('code', 'in', [...moved])
      .where('source', '=', source)
      .execute();
  }
}

export const jpxEtfListImporter: Importer<EtfListEntry[]> = {
  dataset: 'jpx-etf-list',
  datasets: ['etf', 'equities'],
  description: "JPX ETF Database (the workbook's first sheet as JSON rows): each listed ETF's Japanese name, manager and underlying index",
  source: 'JPX',
  canonicalForm: canonicalJson,
  parse: parseEtfList,
  load: loadEtfList,
};

import type { Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import { SECTORS_33, type Segment } from '../../../domains/equities/sectors.ts';
import { insertRows } from '../../../store/loader.ts';
import { J_QUANTS_SOURCE, jquantsImporter, type JQuantsRecords, type RecordReader } from './json-records.ts';

/** J-Quants MarketCode of the three markets; other codes (TOKYO PRO Market, ETFs …) are not equities here. */
const SEGMENT_BY_MARKET_CODE: Record<string, Segment> = { '0111': 'prime', '0112': 'standard', '0113': 'growth' };

interface ListedIssue {
  code: string;
  ticker: string;
  name: string;
  /** The Japanese name, where an English one is the `name`. */
  nameLocal: string | null;
  sector33Code: string;
  sector33Name: string;
  segment: Segment;
}

interface ListedFields {
  code: string;
  date: string;
  market: string;
  sector33: string;
  name: string;
  nameEnglish: string;
}

/**
 * J-Quants listed issue information: names, 33-sector and market. It carries no share count
 * or listing date; those stay as they were (null for a new issue). API v1 and v2 serve the same
 * fields under different names.
 */
const listed: JQuantsRecords<ListedFields, ListedIssue[]> = {
  empty: () => [],
  add(read: RecordReader, fields, issues) {
    const code = read.code(fields.code);
    // The snapshot day is not stored, but an impossible one marks a file that cannot be trusted.
    read.date(fields.date);
    const segment = SEGMENT_BY_MARKET_CODE[read.text(fields.market)];
    if (segment === undefined) return;
    const sector33Code = read.text(fields.sector33);
    const sector = SECTORS_33.find((s) => s.code === sector33Code);
    if (sector === undefined) read.fail(`${fields.sector33} ${sector33Code} is not one of the 33 sectors`);
    const english = read.optionalText(fields.nameEnglish);
    const japanese = read.text(fields.name);
    issues.push({
      code,
      ticker: code.slice(0, 4),
      name: english ?? japanese,
      nameLocal: english === undefined ? null : japanese,
      sector33Code,
      sector33Name: sector.name,
      segment,
    });
  },
  load: loadIssues,
};

/** API v1 `/listed/info`. */
export const listedInfoImporter = jquantsImporter(
  {
    dataset: 'jquants-listed-info',
    description: 'J-Quants API v1 listed issue information JSON ({"info": [...]})',
    key: 'info',
    fields: { code: 'Code', date: 'Date', market: 'MarketCode', sector33: 'Sector33Code', name: 'CompanyName', nameEnglish: 'CompanyNameEnglish' },
  },
  listed,
);

/** API v2 `/equities/master` (pages merged into one `data` array). */
export const equitiesMasterImporter = jquantsImporter(
  {
    dataset: 'jquants-equities-master',
    description: 'J-Quants API v2 listed issues JSON (/equities/master: {"data": [...]})',
    key: 'data',
    fields: { code: 'Code', date: 'Date', market: 'Mkt', sector33: 'S33', name: 'CoName', nameEnglish: 'CoNameEn' },
  },
  listed,
);

async function loadIssues(db: Transaction<Database>, issues: ListedIssue[]): Promise<number> {
  const rows = issues.map((issue) => ({
    code: issue.code,
    ticker: issue.ticker,
    name: issue.name,
    name_local: issue.nameLocal,
    search_name: issue.name.toLowerCase(),
    sector33_code: issue.sector33Code,
    sector33_name: issue.sector33Name,
    segment: issue.segment,
    source: J_QUANTS_SOURCE,
    // The fifth character of a JPX code is 5 for preferred shares, 0 for common ones.
    security_type: issue.code.endsWith('5') ? 'preferred' : 'common',
    shares_outstanding: null,
    shares_as_of: null,
    listed_on: null,
    fiscal_year_end_month: null,
  }));
  // A listed issue already known keeps its share count, listing day and fiscal year: the listing names only the rest.
  await insertRows(db, 'equity_issue', rows, {
    onConflict: { key: ['code'], keep: 'new', update: ['name', 'name_local', 'search_name', 'sector33_code', 'sector33_name', 'segment', 'source'] },
  });
  return issues.length;
}

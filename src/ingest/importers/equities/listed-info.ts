import type { Importer } from '../../source.ts';
import { SECTORS_33, type Segment } from '../../../domains/equities/sectors.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { J_QUANTS_SOURCE, readRecords, RecordReader } from './json-records.ts';
import { insertRows } from '../../loader.ts';

/** J-Quants MarketCode of the three markets; other codes (TOKYO PRO Market, ETFs …) are not equities here. */
const SEGMENT_BY_MARKET_CODE: Record<string, Segment> = { '0111': 'prime', '0112': 'standard', '0113': 'growth' };

interface ListedIssue {
  code: string;
  ticker: string;
  name: string;
  sector33Code: string;
  sector33Name: string;
  segment: Segment;
}

/**
 * J-Quants listed issue information (`/listed/info`): names, 33-sector and market. It carries
 * no share count or listing date; those stay as they were (null for a new issue).
 */
export const listedInfoImporter: Importer<ListedIssue[]> = {
  dataset: 'jquants-listed-info',
  datasets: ['equities'],
  description: 'J-Quants listed issue information JSON ({"info": [...]})',
  source: J_QUANTS_SOURCE,
  canonicalForm: canonicalJson,
  parse(content, fileName) {
    const issues: ListedIssue[] = [];
    readRecords(content, fileName, 'info').forEach((record, i) => {
      const read: RecordReader = new RecordReader(fileName, 'info', i, record);
      const code = read.code('Code');
      // The snapshot day is not stored, but an impossible one marks a file that cannot be trusted.
      read.date('Date');
      const segment = SEGMENT_BY_MARKET_CODE[read.text('MarketCode')];
      if (segment === undefined) return;
      const sector33Code = read.text('Sector33Code');
      const sector = SECTORS_33.find((s) => s.code === sector33Code);
      if (sector === undefined) read.fail(`Sector33Code ${sector33Code} is not one of the 33 sectors`);
      issues.push({
        code,
        ticker: code.slice(0, 4),
        name: read.optionalText('CompanyNameEnglish') ?? read.text('CompanyName'),
        sector33Code,
        sector33Name: sector.name,
        segment,
      });
    });
    return issues;
  },
  async load(db, issues) {
    const rows = issues.map((issue) => ({
      code: issue.code,
      ticker: issue.ticker,
      name: issue.name,
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
      onConflict: { key: ['code'], keep: 'new', update: ['name', 'search_name', 'sector33_code', 'sector33_name', 'segment', 'source'] },
    });
    return issues.length;
  },
};

import { Type } from 'typebox';
import { etfListEntries, jpxEtfListImporter } from '../../importers/etf/jpx-etf-list.ts';
import { jpxEtfIssuesImporter, parseEtfIssues } from '../../importers/etf/jpx-etf-issues.ts';
import { defineSource, NoParams, parsedPayload, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';
import { firstSheetRows } from './xlsx-rows.ts';
import { storedFacts } from '../../../facts/names.ts';

/**
 * JPX's "ETF Database" workbook (ETFデータベース, linked from https://www.jpx.co.jp/equities/products/etfs/investors/):
 * one row per listed ETF with its code, name, manager and underlying index. JPX's site names the
 * file by its content-management id, so the path is a parameter with today's as its default.
 */
const ETF_DATABASE_PATH = '/equities/products/etfs/investors/tvdivq0000005cdd-att/nlsgeu000000vx9t.xlsx';

const JpxParams = Type.Object(
  {
    /** The workbook's path under the publisher's baseUrl. */
    path: Type.String({ pattern: '^/' }),
  },
  { additionalProperties: false },
);

export const jpxEtfListSource = defineSource({
  id: 'jpx-etf-list',
  publisher: 'jpx',
  description: "JPX ETF Database workbook: each Tokyo-listed ETF's name, manager and underlying index",
  defaultBaseUrl: 'https://www.jpx.co.jp',
  // JPX refreshes the workbook from time to time; a weekly conditional GET finds a new one.
  defaultSchedule: '0 9 * * 1',
  timeZone: 'Asia/Tokyo',
  params: JpxParams,
  defaultParams: { path: ETF_DATABASE_PATH },
  credentials: [],
  importers: [jpxEtfListImporter],
  // The list names each fund, its manager and its index; not its trust fee (docs/data-sources.md).
  feeds: ['name', 'manager', 'index'].map(storedFacts.etfFund),
  async collect({ baseUrl, params, fetch }): Promise<CollectResult> {
    const { path } = params;
    const answer = await fetch({ url: `${baseUrl}${path}` });
    if (answer.notModified) return { payloads: [], cursor: undefined };
    const fileName = `${path.split('/').pop() ?? 'etf-database.xlsx'}.json`;
    // The workbook is read once; its first sheet's rows become the importer's funds.
    const { rows } = await firstSheetRows(answer.body, fileName);
    return {
      payloads: [parsedPayload(jpxEtfListImporter, etfListEntries(rows, fileName), { fileName, archiveHashes: [answer.archiveHash] })],
      cursor: undefined,
    };
  },
});

/** JPX's ETF list page: an HTML table of every listed ETF with its listing day, trading unit and trust fee. */
const ETF_ISSUES_PATH = '/equities/products/etfs/issues/01.html';

export const jpxEtfIssuesSource = defineSource({
  id: 'jpx-etf-issues',
  publisher: 'jpx',
  description: "JPX's ETF list page (HTML table): each Tokyo-listed ETF's trust fee, listing day and trading unit",
  defaultBaseUrl: 'https://www.jpx.co.jp',
  // JPX updates the page as funds list, delist or change fees; a weekly conditional GET finds a change.
  defaultSchedule: '10 9 * * 1',
  timeZone: 'Asia/Tokyo',
  params: NoParams,
  defaultParams: {},
  credentials: [],
  importers: [jpxEtfIssuesImporter],
  feeds: ['trust_fee', 'listing_date', 'trading_unit'].map(storedFacts.etfFund),
  async collect({ baseUrl, fetch }): Promise<CollectResult> {
    const answer = await fetch({ url: `${baseUrl}${ETF_ISSUES_PATH}` });
    if (answer.notModified) return { payloads: [], cursor: undefined };
    const fileName = '01.html';
    // The page is read once, here: a page without the table (a maintenance page with 200) fails the run.
    const entries = parseEtfIssues(answer.body.toString('utf8'), fileName);
    return { payloads: [parsedPayload(jpxEtfIssuesImporter, entries, { fileName, archiveHashes: [answer.archiveHash] })], cursor: undefined };
  },
});

export const jpxSources: SourceDefinition[] = [jpxEtfListSource, jpxEtfIssuesSource];

import { ImportError } from '../../import-error.ts';
import type { CollectContext } from '../../sync/source-definition.ts';
import { fetchPageLinks } from '../page-links.ts';

/** MIC's page of the national local-government codes (全国地方公共団体コード), in Shift_JIS. */
const CODE_PAGE = '/denshijiti/code.html';

/** A workbook MIC publishes: `/main_content/<number>.xlsx`, a new number for each file. */
const WORKBOOK = /^\/main_content\/\d+\.xlsx$/;

/**
 * The path of the code list's current workbook: the first .xlsx the page links on MIC's own site.
 * The page lists the code list (PDF, then Excel) before the list of past revisions (改正一覧表,
 * PDF and Excel too); each edition replaces the link with a new file number.
 */
export async function currentCodeListPath(context: CollectContext<unknown>): Promise<string> {
  const site = new URL(context.baseUrl).host;
  const links = await fetchPageLinks(context.fetch, `${context.baseUrl}${CODE_PAGE}`, 'shift_jis');
  const workbook = links.find((link) => link.url.host === site && WORKBOOK.test(link.url.pathname));
  if (workbook === undefined)
    throw new ImportError(`soumu-local-government-codes: ${CODE_PAGE} links no workbook (/main_content/<number>.xlsx); has its layout changed?`);
  return workbook.url.pathname;
}

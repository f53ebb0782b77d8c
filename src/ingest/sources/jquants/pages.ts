import type { Importer } from '../../source.ts';
import type { CollectContext, ImportPayload } from '../../sync/source-definition.ts';

export const API_KEY_ENV = 'JQUANTS_API_KEY';

export interface MergedAnswer {
  records: unknown[];
  archiveHashes: string[];
}

function pageOf(body: Buffer, url: string): { data: unknown[]; paginationKey: string | undefined } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new Error(`J-Quants answered ${url} with a body that is not JSON`);
  }
  const page = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  if (!Array.isArray(page.data)) throw new Error(`J-Quants answered ${url} without a "data" array`);
  const key = page.pagination_key;
  return { data: page.data, paginationKey: typeof key === 'string' && key !== '' ? key : undefined };
}

/**
 * One J-Quants API v2 answer, all its pages: the request is repeated with the `pagination_key`
 * the previous page returned until a page returns none (the publisher's paging). The key goes
 * in the `x-api-key` header. Undefined when the first page is unchanged since the last run (304).
 */
export async function fetchAllPages(context: CollectContext<unknown>, path: string, query: Record<string, string>): Promise<MergedAnswer | undefined> {
  const apiKey = context.credentials[API_KEY_ENV];
  if (apiKey === undefined) throw new Error(`${API_KEY_ENV} is not set`);
  const records: unknown[] = [];
  const archiveHashes: string[] = [];
  let paginationKey: string | undefined;
  do {
    const params = new URLSearchParams(paginationKey === undefined ? query : { ...query, pagination_key: paginationKey });
    const url = `${context.baseUrl}${path}${params.size === 0 ? '' : `?${params}`}`;
    // Only the first page is asked conditionally: a later page belongs to the answer just fetched.
    const result = await context.fetch({ url, headers: { 'x-api-key': apiKey }, conditional: paginationKey === undefined });
    if (result.notModified) return undefined;
    const page = pageOf(result.body, url);
    records.push(...page.data);
    archiveHashes.push(result.archiveHash);
    paginationKey = page.paginationKey;
  } while (paginationKey !== undefined);
  return { records, archiveHashes };
}

/** The merged pages as one document in the layout of a single page, for the v2 importers. */
export function mergedPayload(importer: Importer, fileName: string, answer: MergedAnswer): ImportPayload {
  return { importer, fileName, content: Buffer.from(JSON.stringify({ data: answer.records })), archiveHashes: answer.archiveHashes };
}

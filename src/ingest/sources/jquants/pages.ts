import { Type } from 'typebox';
import type { JQuantsImporter } from '../../importers/equities/json-records.ts';
import { readJsonDocument } from '../../publisher-document.ts';
import { parsedPayload, type CollectContext, type ParsedPayload } from '../../sync/source-definition.ts';

export const API_KEY_ENV = 'JQUANTS_API_KEY';

export interface MergedAnswer {
  records: Record<string, unknown>[];
  archiveHashes: string[];
}

/** One page of a v2 answer: its records under `data`, and the key of the next page, if any. */
const PageSchema = Type.Object({ data: Type.Array(Type.Object({})), pagination_key: Type.Optional(Type.Union([Type.String(), Type.Null()])) });

/**
 * One J-Quants API v2 answer, all its pages: the request is repeated with the `pagination_key`
 * the previous page returned until a page returns none (the publisher's paging). The key goes
 * in the `x-api-key` header. Undefined when the first page is unchanged since the last run (304).
 */
export async function fetchAllPages(context: CollectContext<unknown>, path: string, query: Record<string, string>): Promise<MergedAnswer | undefined> {
  const apiKey = context.credentials[API_KEY_ENV];
  if (apiKey === undefined) throw new Error(`${API_KEY_ENV} is not set`);
  const records: Record<string, unknown>[] = [];
  const archiveHashes: string[] = [];
  let paginationKey: string | undefined;
  do {
    const params = new URLSearchParams(paginationKey === undefined ? query : { ...query, pagination_key: paginationKey });
    const url = `${context.baseUrl}${path}${params.size === 0 ? '' : `?${params}`}`;
    // Only the first page is asked conditionally: a later page belongs to the answer just fetched.
    const result = await context.fetch({ url, headers: { 'x-api-key': apiKey }, conditional: paginationKey === undefined });
    if (result.notModified) return undefined;
    // Each page is parsed once, here; its records go to the importer as they are.
    const page = readJsonDocument(PageSchema, result.body, `${path} page ${archiveHashes.length + 1}`);
    records.push(...(page.data as Record<string, unknown>[]));
    archiveHashes.push(result.archiveHash);
    paginationKey = typeof page.pagination_key === 'string' && page.pagination_key !== '' ? page.pagination_key : undefined;
  } while (paginationKey !== undefined);
  return { records, archiveHashes };
}

/** The merged pages' records, read by the importer into its rows. */
export function mergedPayload<Parsed>(importer: JQuantsImporter<Parsed>, fileName: string, answer: MergedAnswer): ParsedPayload<Parsed> {
  return parsedPayload(importer, importer.fromRecords(answer.records, fileName), { fileName, archiveHashes: answer.archiveHashes });
}

import { ImportError } from '../../import-error.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import type { CollectContext, CredentialSpec } from '../../sync/source-definition.ts';

export const FRED_API_KEY = 'FRED_API_KEY';

/** Every FRED source's key, sent as the documented `api_key` parameter. */
export const FRED_CREDENTIAL: CredentialSpec = {
  env: FRED_API_KEY,
  required: true,
  howToGet: 'free: create a FRED account and request a key at https://fred.stlouisfed.org/docs/api/api_key.html',
};

interface ObservationsPage {
  count: number;
  offset: number;
  observations: unknown[];
  [field: string]: unknown;
}

function observationsPage(body: Buffer, fileName: string): ObservationsPage {
  let page: Partial<ObservationsPage> | null;
  try {
    page = JSON.parse(body.toString('utf8')) as Partial<ObservationsPage> | null;
  } catch (error) {
    throw new ImportError(`${fileName}: not JSON: ${(error as Error).message}`);
  }
  if (typeof page?.count !== 'number' || typeof page.offset !== 'number' || !Array.isArray(page.observations)) {
    const said = typeof page?.error_message === 'string' ? ` (FRED says: ${page.error_message})` : '';
    throw new ImportError(`${fileName}: the answer lacks FRED's count, offset and observations${said}`);
  }
  return page as ObservationsPage;
}

/** FRED's observations answer, every page of it. */
export interface ObservationsAnswer {
  /** One page as it arrived, or several merged into one answer of FRED's layout. */
  content: Buffer;
  archiveHashes: string[];
}

/**
 * `GET /fred/series/observations` of one series with `query` (besides the key and
 * `file_type=json`), every page of it: FRED serves at most `limit` (100000) observations a
 * request and says how many there are in `count`.
 */
export async function fetchObservations(context: CollectContext, series: string, query: Record<string, string>): Promise<ObservationsAnswer> {
  const fileName = `${series}.json`;
  const archiveHashes: string[] = [];
  let firstBody: Buffer | undefined;
  let merged: ObservationsPage | undefined;
  for (let offset = 0; merged === undefined || offset < merged.count; ) {
    const params = new URLSearchParams({ series_id: series, api_key: context.credentials[FRED_API_KEY] ?? '', file_type: 'json', ...query });
    if (offset > 0) params.set('offset', String(offset));
    const answer = await fetchUnconditional(context.fetch, { url: `${context.baseUrl}/fred/series/observations?${params.toString()}` });
    archiveHashes.push(answer.archiveHash);
    firstBody ??= answer.body;
    const page = observationsPage(answer.body, fileName);
    if (merged === undefined) merged = page;
    else merged.observations.push(...page.observations);
    if (page.observations.length === 0) break;
    offset += page.observations.length;
  }
  const content = archiveHashes.length === 1 && firstBody !== undefined ? firstBody : Buffer.from(JSON.stringify(merged));
  return { content, archiveHashes };
}

import { Type, type Static } from 'typebox';
import { FredEnvelopeSchema, FredObservationSchema, refuseFredError } from '../../fred-answer.ts';
import { checkDocument, readJsonDocument } from '../../publisher-document.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import type { CollectContext, CredentialSpec } from '../../sync/source-definition.ts';

export const FRED_API_KEY = 'FRED_API_KEY';

/** Every FRED source's key, sent as the documented `api_key` parameter. */
export const FRED_CREDENTIAL: CredentialSpec = {
  env: FRED_API_KEY,
  required: true,
  howToGet: 'free: create a FRED account and request a key at https://fred.stlouisfed.org/docs/api/api_key.html',
};

/** FRED's observations answer as the hub reads it: its other fields are kept as they came. */
const ObservationsPageSchema = Type.Object({ count: Type.Number(), offset: Type.Number(), observations: Type.Array(FredObservationSchema) });
export type ObservationsPage = Static<typeof ObservationsPageSchema>;

/** One page, read once; FRED's error answer (`error_code`, `error_message`) is refused quoting it. */
function observationsPage(body: Buffer, fileName: string): ObservationsPage {
  const document = readJsonDocument(FredEnvelopeSchema, body, fileName);
  refuseFredError(document, fileName);
  return checkDocument(ObservationsPageSchema, document, fileName);
}

/** FRED's observations answer, every page of it. */
export interface ObservationsAnswer {
  /** The answer of the first page with every page's observations: FRED's layout, read once. */
  document: ObservationsPage;
  archiveHashes: string[];
}

/**
 * `GET /fred/series/observations` of one series with `query` (besides the key and
 * `file_type=json`), every page of it: FRED serves at most `limit` (100000) observations a
 * request and says how many there are in `count`.
 */
export async function fetchObservations(context: CollectContext<unknown>, series: string, query: Record<string, string>): Promise<ObservationsAnswer> {
  const fileName = `${series}.json`;
  const archiveHashes: string[] = [];
  let merged: ObservationsPage | undefined;
  for (let offset = 0; merged === undefined || offset < merged.count; ) {
    const params = new URLSearchParams({ series_id: series, api_key: context.credentials[FRED_API_KEY] ?? '', file_type: 'json', ...query });
    if (offset > 0) params.set('offset', String(offset));
    const answer = await fetchUnconditional(context.fetch, { url: `${context.baseUrl}/fred/series/observations?${params.toString()}` });
    archiveHashes.push(answer.archiveHash);
    const page = observationsPage(answer.body, fileName);
    if (merged === undefined) merged = page;
    else merged.observations.push(...page.observations);
    if (page.observations.length === 0) break;
    offset += page.observations.length;
  }
  // The loop runs at least once.
  return { document: merged ?? { count: 0, offset: 0, observations: [] }, archiveHashes };
}

import { FredEnvelopeSchema, refuseFredError } from '../../fred-answer.ts';
import { fredSeriesDescription } from '../../fred-series-answer.ts';
import { readJsonDocument } from '../../publisher-document.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import { FRED_API_KEY } from './observation-pages.ts';
import type { CollectContext } from '../../sync/source-definition.ts';
import type { SeriesDescription } from '../../../store/release-facts.ts';

/** A title of 500 characters and notes of 10,000, escaped as JSON, fit many times over. */
const ANSWER_LIMIT = { bytes: 256 * 1024, why: "FRED's description of one series is a few kilobytes" };

export interface FetchedDescription {
  description: SeriesDescription;
  /** The archived answer it was read from. */
  archiveHash: string;
}

/** `GET /fred/series` of one series, with the key as its observation requests send it: FRED's description of the series today. */
export async function fetchSeriesDescription(context: CollectContext<unknown>, series: string): Promise<FetchedDescription> {
  const fileName = `${series}.series.json`;
  const params = new URLSearchParams({ series_id: series, api_key: context.credentials[FRED_API_KEY] ?? '', file_type: 'json' });
  const answer = await fetchUnconditional(context.fetch, { url: `${context.baseUrl}/fred/series?${params.toString()}`, limit: ANSWER_LIMIT });
  const document = readJsonDocument(FredEnvelopeSchema, answer.body, fileName);
  refuseFredError(document, fileName);
  return { description: fredSeriesDescription(document, series, fileName), archiveHash: answer.archiveHash };
}

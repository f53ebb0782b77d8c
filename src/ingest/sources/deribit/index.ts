import { deribitOptionBookImporter } from '../../importers/crypto/deribit-option-book.ts';
import { defineSource, NoParams, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import { storedFacts } from '../../../facts/names.ts';

/**
 * BTC options open interest from Deribit's public JSON-RPC over HTTP GET
 * (`/api/v2/public/get_book_summary_by_currency?currency=BTC&kind=option`): one summary per
 * listed option; the importer sums the puts and the calls. Keyless.
 */
export const deribitBtcOptionsSource = defineSource({
  id: 'deribit-btc-options',
  publisher: 'deribit',
  description: 'Deribit BTC options book summaries: put and call open interest',
  defaultBaseUrl: 'https://www.deribit.com',
  defaultSchedule: '10 * * * *',
  timeZone: 'UTC',
  params: NoParams,
  defaultParams: {},
  credentials: [],
  importers: [deribitOptionBookImporter],
  feeds: [storedFacts.cryptoMetric('btc_put_oi'), storedFacts.cryptoMetric('btc_call_oi')],
  minRequestIntervalMs: 1_000,
  async collect({ baseUrl, fetch }): Promise<CollectResult> {
    const query = new URLSearchParams({ currency: 'BTC', kind: 'option' });
    const answer = await fetchUnconditional(fetch, { url: `${baseUrl}/api/v2/public/get_book_summary_by_currency?${query.toString()}` });
    return {
      payloads: [{ importer: deribitOptionBookImporter, fileName: 'book-summary-btc-option.json', content: answer.body, archiveHashes: [answer.archiveHash] }],
      cursor: undefined,
    };
  },
});

export const deribitSources: SourceDefinition[] = [deribitBtcOptionsSource];

import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { CRYPTO_METRICS } from '../../../domains/crypto/crypto.metrics.ts';
import { epochMsInstant, fieldsOf, jsonDocument, loadMetricPoints, metricFact, publishedNumber, type MetricPoint } from './published-metrics.ts';

/** A BTC option's name: `BTC-<expiry>-<strike>-<C|P>` (`BTC-24JUN22-30000-C`). */
const BTC_OPTION = /^BTC-\d{1,2}[A-Z]{3}\d{2}-\d+(?:d\d+)?-([CP])$/;

/**
 * Deribit `GET /api/v2/public/get_book_summary_by_currency?currency=BTC&kind=option`: the
 * JSON-RPC envelope `{jsonrpc, result: [{instrument_name, open_interest, creation_timestamp, …}],
 * usIn, usOut, …}`, one summary per listed option. Open interest of options is in BTC; the
 * puts' and the calls' are summed (by the `-P` / `-C` suffix) and stored at the newest
 * `creation_timestamp` of the answer.
 */
export function parseDeribitOptionBook(content: string, fileName: string): MetricPoint[] {
  const document = fieldsOf(jsonDocument(content, fileName));
  const error = fieldsOf(document?.error);
  if (error !== undefined) throw new ImportError(`${fileName}: Deribit answered with the error ${String(error.code)}: ${String(error.message)}`);
  if (document === undefined || !Array.isArray(document.result)) throw new ImportError(`${fileName}: expected Deribit's JSON-RPC object with a "result" list`);
  let puts = 0;
  let calls = 0;
  let latest = '';
  const seen = new Set<string>();
  document.result.forEach((item: unknown, index) => {
    const where = `${fileName}: result ${index + 1}`;
    const summary = fieldsOf(item);
    if (summary === undefined) throw new ImportError(`${where}: not an object`);
    const name = summary.instrument_name;
    const kind = typeof name === 'string' ? BTC_OPTION.exec(name)?.[1] : undefined;
    if (kind === undefined) throw new ImportError(`${where}: instrument_name ${JSON.stringify(name)} is not a BTC option (BTC-<expiry>-<strike>-C or -P)`);
    if (seen.has(name as string)) throw new ImportError(`${where}: ${String(name)} appears twice`);
    seen.add(name as string);
    const openInterest = publishedNumber(
      summary.open_interest,
      metricFact(kind === 'P' ? CRYPTO_METRICS.btcPutOi : CRYPTO_METRICS.btcCallOi),
      `${where}: ${String(name)} open_interest`,
    );
    if (openInterest < 0) throw new ImportError(`${where}: ${String(name)} open_interest ${openInterest} is negative`);
    const at = epochMsInstant(summary.creation_timestamp, `${where}: ${String(name)} creation_timestamp`);
    if (at > latest) latest = at;
    if (kind === 'P') puts += openInterest;
    else calls += openInterest;
  });
  if (latest === '') throw new ImportError(`${fileName}: the "result" list is empty`);
  return [
    { metric: CRYPTO_METRICS.btcPutOi, at: latest, value: puts },
    { metric: CRYPTO_METRICS.btcCallOi, at: latest, value: calls },
  ];
}

export const deribitOptionBookImporter: Importer<MetricPoint[]> = {
  dataset: 'deribit-option-book',
  datasets: ['crypto'],
  description: 'Deribit public/get_book_summary_by_currency JSON (currency=BTC, kind=option): BTC put and call open interest',
  source: 'Deribit',
  canonicalForm: canonicalJson,
  parse: parseDeribitOptionBook,
  load: loadMetricPoints,
};

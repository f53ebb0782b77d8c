import { Type } from 'typebox';
import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { checkDocument, readJsonDocument } from '../../publisher-document.ts';
import { CRYPTO_METRICS } from '../../../domains/crypto/crypto.metrics.ts';
import { epochMsInstant, loadMetricPoints, metricFact, PublishedFigureSchema, publishedNumber, type MetricPoint } from './published-metrics.ts';

/** A BTC option's name: `BTC-<expiry>-<strike>-<C|P>` (`BTC-24JUN22-30000-C`). */
const BTC_OPTION = /^BTC-\d{1,2}[A-Z]{3}\d{2}-\d+(?:d\d+)?-([CP])$/;

/** Deribit's JSON-RPC error (`{"error": {"code": -32602, "message": "Invalid params", …}}`): every answer is first read as this envelope, which any object fits. */
const EnvelopeSchema = Type.Object({
  error: Type.Optional(Type.Object({ code: Type.Optional(Type.Union([Type.Number(), Type.String()])), message: Type.Optional(Type.String()) })),
});

/** What the hub reads of one option's summary. */
const SummarySchema = Type.Object({ instrument_name: Type.String(), open_interest: PublishedFigureSchema, creation_timestamp: Type.Number() });
const AnswerSchema = Type.Object({ result: Type.Array(SummarySchema) });

/**
 * Deribit `GET /api/v2/public/get_book_summary_by_currency?currency=BTC&kind=option`: the
 * JSON-RPC envelope `{jsonrpc, result: [{instrument_name, open_interest, creation_timestamp, …}],
 * usIn, usOut, …}`, one summary per listed option. Open interest of options is in BTC; the
 * puts' and the calls' are summed (by the `-P` / `-C` suffix) and stored at the newest
 * `creation_timestamp` of the answer.
 */
export function parseDeribitOptionBook(content: string, fileName: string): MetricPoint[] {
  const envelope = readJsonDocument(EnvelopeSchema, content, fileName);
  const { error } = envelope;
  if (error !== undefined) throw new ImportError(`${fileName}: Deribit answered with the error ${String(error.code)}: ${String(error.message)}`);
  const { result } = checkDocument(AnswerSchema, envelope, fileName);
  let puts = 0;
  let calls = 0;
  let latest = '';
  const seen = new Set<string>();
  result.forEach((summary, index) => {
    const where = `${fileName}: result ${index + 1}`;
    const name = summary.instrument_name;
    const kind = BTC_OPTION.exec(name)?.[1];
    if (kind === undefined) throw new ImportError(`${where}: instrument_name ${JSON.stringify(name)} is not a BTC option (BTC-<expiry>-<strike>-C or -P)`);
    if (seen.has(name)) throw new ImportError(`${where}: ${name} appears twice`);
    seen.add(name);
    const openInterest = publishedNumber(
      summary.open_interest,
      metricFact(kind === 'P' ? CRYPTO_METRICS.btcPutOi : CRYPTO_METRICS.btcCallOi),
      `${where}: ${name} open_interest`,
    );
    if (openInterest < 0) throw new ImportError(`${where}: ${name} open_interest ${openInterest} is negative`);
    const at = epochMsInstant(summary.creation_timestamp, `${where}: ${name} creation_timestamp`);
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

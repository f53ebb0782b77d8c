import { Type, type Static, type TSchema } from 'typebox';
import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { checkDocument, readJsonDocument } from '../../publisher-document.ts';
import { CRYPTO_METRICS, type CryptoMetricName } from '../../../domains/crypto/crypto.metrics.ts';
import { epochMsInstant, loadMetricPoints, metricFact, PublishedFigureSchema, publishedNumber, type MetricPoint } from './published-metrics.ts';

/** The USDⓈ-M perpetuals the derivatives endpoint serves, by Binance symbol. */
export const BINANCE_SYMBOLS = {
  BTCUSDT: { openInterest: CRYPTO_METRICS.btcOpenInterest, fundingRate: CRYPTO_METRICS.btcFundingRate },
  ETHUSDT: { openInterest: CRYPTO_METRICS.ethOpenInterest, fundingRate: CRYPTO_METRICS.ethFundingRate },
} as const satisfies Record<string, { openInterest: CryptoMetricName; fundingRate: CryptoMetricName }>;

type BinanceSymbol = keyof typeof BINANCE_SYMBOLS;

function symbolOf(value: string, where: string): BinanceSymbol {
  if (!Object.hasOwn(BINANCE_SYMBOLS, value)) {
    throw new ImportError(`${where}: symbol ${JSON.stringify(value)} is not one of ${Object.keys(BINANCE_SYMBOLS).join(', ')}`);
  }
  return value as BinanceSymbol;
}

/** Binance's error object (`{code, msg}`, served with 200 by some proxies): every answer is first read as this envelope, which any array or object fits. */
const BinanceEnvelopeSchema = Type.Union([
  Type.Array(Type.Unknown()),
  Type.Object({ code: Type.Optional(Type.Union([Type.Number(), Type.String()])), msg: Type.Optional(Type.String()) }),
]);

/** An answer of `GET /fapi/v1/openInterest?symbol=…`: the open interest in contracts, i.e. the base asset. */
export const OpenInterestAnswerSchema = Type.Object({ symbol: Type.String(), openInterest: PublishedFigureSchema, time: Type.Number() });
export type OpenInterestAnswer = Static<typeof OpenInterestAnswerSchema>;

/** One record of `GET /fapi/v1/fundingRate?symbol=…`: the rate of one funding time. */
const FundingRecordSchema = Type.Object({ symbol: Type.String(), fundingRate: PublishedFigureSchema, fundingTime: Type.Number() });
export const FundingRecordsSchema = Type.Array(FundingRecordSchema);
export type FundingRecord = Static<typeof FundingRecordSchema>;

/** One Binance answer read through `schema`; its error object is refused with its message first. */
export function binanceAnswer<S extends TSchema>(schema: S, content: string, fileName: string): Static<S> {
  const document = readJsonDocument(BinanceEnvelopeSchema, content, fileName);
  if (!Array.isArray(document) && document.msg !== undefined)
    throw new ImportError(`${fileName}: Binance answered with the error ${String(document.code)}: ${document.msg}`);
  return checkDocument(schema, document, fileName);
}

/** A point of one series at one time, refused when the file holds that point twice. */
function pushOnce(points: MetricPoint[], seen: Set<string>, point: MetricPoint, where: string): void {
  const key = `${point.metric} ${point.at}`;
  if (seen.has(key)) throw new ImportError(`${where}: ${point.metric} at ${point.at} appears twice`);
  seen.add(key);
  points.push(point);
}

/**
 * The answers of `GET /fapi/v1/openInterest?symbol=…` (`{openInterest, symbol, time}`, the open
 * interest in contracts, i.e. the base asset), one per symbol, kept as they arrived in one array.
 */
export function parseBinanceOpenInterest(content: string, fileName: string): MetricPoint[] {
  return binanceOpenInterestPoints(binanceAnswer(Type.Array(OpenInterestAnswerSchema), content, fileName), fileName);
}

/** The points of the open-interest answers (one per symbol, as `binanceAnswer` read them). */
export function binanceOpenInterestPoints(answers: readonly OpenInterestAnswer[], fileName: string): MetricPoint[] {
  const points: MetricPoint[] = [];
  const seen = new Set<string>();
  answers.forEach((record, index) => {
    const where = `${fileName}: answer ${index + 1}`;
    const symbol = symbolOf(record.symbol, where);
    const value = publishedNumber(record.openInterest, metricFact(BINANCE_SYMBOLS[symbol].openInterest), `${where}: ${symbol} openInterest`);
    if (value < 0) throw new ImportError(`${where}: ${symbol} openInterest ${JSON.stringify(record.openInterest)} is negative`);
    pushOnce(points, seen, { metric: BINANCE_SYMBOLS[symbol].openInterest, at: epochMsInstant(record.time, `${where}: time`), value }, where);
  });
  if (points.length === 0) throw new ImportError(`${fileName}: no open interest answer`);
  return points;
}

/**
 * The answers of `GET /fapi/v1/fundingRate?symbol=…` (arrays of `{symbol, fundingTime,
 * fundingRate, markPrice}`, ascending), concatenated: each rate is stored at its funding time.
 */
export function parseBinanceFundingRates(content: string, fileName: string): MetricPoint[] {
  return binanceFundingPoints(binanceAnswer(FundingRecordsSchema, content, fileName), fileName);
}

/** The points of the funding records of every symbol's answer, concatenated. */
export function binanceFundingPoints(records: readonly FundingRecord[], fileName: string): MetricPoint[] {
  const points: MetricPoint[] = [];
  const seen = new Set<string>();
  records.forEach((record, index) => {
    const where = `${fileName}: record ${index + 1}`;
    const symbol = symbolOf(record.symbol, where);
    const value = publishedNumber(record.fundingRate, metricFact(BINANCE_SYMBOLS[symbol].fundingRate), `${where}: ${symbol} fundingRate`);
    pushOnce(points, seen, { metric: BINANCE_SYMBOLS[symbol].fundingRate, at: epochMsInstant(record.fundingTime, `${where}: fundingTime`), value }, where);
  });
  return points;
}

export const binanceOpenInterestImporter: Importer<MetricPoint[]> = {
  dataset: 'binance-open-interest',
  datasets: ['crypto'],
  description: 'Binance USDⓈ-M futures /fapi/v1/openInterest answers (BTCUSDT, ETHUSDT) as one JSON array',
  source: 'Binance',
  canonicalForm: canonicalJson,
  parse: parseBinanceOpenInterest,
  load: loadMetricPoints,
};

export const binanceFundingRateImporter: Importer<MetricPoint[]> = {
  dataset: 'binance-funding-rate',
  datasets: ['crypto'],
  description: 'Binance USDⓈ-M futures /fapi/v1/fundingRate records (BTCUSDT, ETHUSDT) as one JSON array',
  source: 'Binance',
  canonicalForm: canonicalJson,
  parse: parseBinanceFundingRates,
  load: (db, points, release) => (points.length === 0 ? Promise.resolve(0) : loadMetricPoints(db, points, release)),
};

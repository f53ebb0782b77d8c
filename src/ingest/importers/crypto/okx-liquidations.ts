import { Type, type Static, type TArray, type TObject } from 'typebox';
import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { checkDocument, readJsonDocument } from '../../publisher-document.ts';
import { CRYPTO_METRICS } from '../../../domains/crypto/crypto.metrics.ts';
import { loadMetricPoints, metricFact, PublishedFigureSchema, publishedNumber, type MetricPoint } from './published-metrics.ts';

const HOUR_MS = 3_600_000;

/** The instrument families whose USDT-margined perpetual swaps the liquidation figures cover. */
export const OKX_FAMILIES = ['BTC-USDT', 'ETH-USDT'] as const;

/** Any OKX answer's status: an error is `{"code": "50011", "msg": "Too Many Requests", "data": []}`; each answer is first read as this envelope. */
export const OkxStatusSchema = Type.Object({ code: Type.Union([Type.String(), Type.Number()]), msg: Type.Optional(Type.String()) });
export type OkxStatus = Static<typeof OkxStatusSchema>;

const NonEmptyText = Type.String({ minLength: 1 });

/** What the hub reads of a swap of `/api/v5/public/instruments`. */
const InstrumentSchema = Type.Object({ instId: NonEmptyText, ctType: Type.String(), ctVal: PublishedFigureSchema });

/** One filled liquidation order of `/api/v5/public/liquidation-orders`: `ts` is epoch milliseconds as text. */
const LiquidationDetailSchema = Type.Object({
  ts: Type.String(),
  side: Type.String(),
  posSide: Type.String(),
  sz: PublishedFigureSchema,
  bkPx: PublishedFigureSchema,
});
const LiquidationOrdersSchema = Type.Object({ instId: NonEmptyText, details: Type.Array(LiquidationDetailSchema) });

/** An OKX answer's `data`, as each endpoint sends it: module constants, so each is compiled once (publisher-document.ts). */
const InstrumentsAnswerSchema = Type.Object({ data: Type.Array(InstrumentSchema) });
export const LiquidationOrdersAnswerSchema = Type.Object({ data: Type.Array(LiquidationOrdersSchema) });

/**
 * What one run of the OKX source read, as the importer takes it (and `fdh import` reads it from
 * a file): the time the answers were read, the instant from which every family's liquidations
 * are complete, the `/api/v5/public/instruments` answers (for each swap's contract value) and
 * every page of `/api/v5/public/liquidation-orders`.
 */
const DocumentSchema = Type.Object({
  asOf: Type.String(),
  completeFrom: Type.String(),
  instruments: Type.Array(OkxStatusSchema),
  liquidationOrders: Type.Array(OkxStatusSchema),
});
export type OkxLiquidationsDocument = Static<typeof DocumentSchema>;

/** The `data` of one OKX answer (`{code: "0", msg, data: [...]}`), read through its answer's schema; any other code is refused with OKX's message. */
export function okxData<S extends TObject<{ data: TArray }>>(schema: S, answer: OkxStatus, where: string): Static<S>['data'] {
  if (answer.code !== '0') throw new ImportError(`${where}: OKX answered with the error ${JSON.stringify(answer.code)}: ${String(answer.msg)}`);
  return checkDocument(schema, answer, where).data;
}

function instant(value: string, where: string): number {
  const ms = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(ms) || ms <= 0) throw new ImportError(`${where}: ${JSON.stringify(value)} is not a time in epoch milliseconds`);
  return ms;
}

/**
 * The contract value of each linear swap of the instruments answers (`ctVal`, in `ctValCcy`, the
 * base currency): a liquidation's `sz` is a number of contracts. An inverse swap (contract
 * valued in USD) is refused: its size is not a quantity of the base currency.
 */
function contractValues(answers: readonly OkxStatus[]): Map<string, number> {
  const values = new Map<string, number>();
  answers.forEach((answer, a) => {
    okxData(InstrumentsAnswerSchema, answer, `instruments answer ${a + 1}`).forEach((record, i) => {
      const where = `instruments answer ${a + 1}: data[${i}]`;
      const { instId } = record;
      if (record.ctType !== 'linear') throw new ImportError(`${where}: ${instId} ctType ${JSON.stringify(record.ctType)} is not linear`);
      const ctVal = publishedNumber(record.ctVal, metricFact(), `${where}: ${instId} ctVal`);
      if (ctVal <= 0) throw new ImportError(`${where}: ${instId} ctVal ${JSON.stringify(record.ctVal)} is not positive`);
      values.set(instId, ctVal);
    });
  });
  return values;
}

/** One filled liquidation order: the liquidated position's side and its value in USDT. */
interface Liquidation {
  ts: number;
  side: 'long' | 'short';
  usd: number;
}

/**
 * The liquidations of the liquidation-orders pages. A liquidation order closes the liquidated
 * position, so `side` `sell` liquidates a long and `buy` a short; `posSide` (`long`, `short` in
 * hedge mode, `net` in net mode) must agree. Its value is `sz` (contracts) × the swap's `ctVal`
 * (base currency a contract) × `bkPx` (the price of the liquidation, USDT), counted as USD.
 * An order met on two pages counts once.
 */
function liquidations(pages: readonly OkxStatus[], contractValue: ReadonlyMap<string, number>): Liquidation[] {
  const found: Liquidation[] = [];
  const seen = new Set<string>();
  pages.forEach((page, p) => {
    okxData(LiquidationOrdersAnswerSchema, page, `liquidation-orders answer ${p + 1}`).forEach(({ instId, details }, i) => {
      const where = `liquidation-orders answer ${p + 1}: data[${i}]`;
      const ctVal = contractValue.get(instId);
      if (ctVal === undefined) throw new ImportError(`${where}: no contract value for ${instId} in the instruments answers`);
      details.forEach((detail, d) => {
        const at = `${where}: details[${d}]`;
        const ts = instant(detail.ts, `${at}: ts`);
        const side = detail.side === 'sell' ? 'long' : detail.side === 'buy' ? 'short' : undefined;
        if (side === undefined) throw new ImportError(`${at}: side ${JSON.stringify(detail.side)} is neither buy nor sell`);
        if (detail.posSide !== 'net' && detail.posSide !== side)
          throw new ImportError(`${at}: posSide ${JSON.stringify(detail.posSide)} does not match side ${JSON.stringify(detail.side)}`);
        const sz = publishedNumber(detail.sz, metricFact(), `${at}: sz`);
        const price = publishedNumber(detail.bkPx, metricFact(), `${at}: bkPx`);
        if (sz <= 0 || price <= 0) throw new ImportError(`${at}: sz and bkPx must be positive`);
        const key = `${instId} ${ts} ${detail.side} ${detail.sz} ${detail.bkPx}`;
        if (seen.has(key)) return;
        seen.add(key);
        found.push({ ts, side, usd: sz * ctVal * price });
      });
    });
  });
  return found;
}

/**
 * The hourly sums the derivatives endpoint adds up over 24 hours: `liquidations_long` and
 * `liquidations_short` at each hour's end, the USD liquidated in the hour before it (ts in
 * (end − 1 h, end]). Only the hours wholly inside what the answers cover are written, from the
 * first hour starting at or after `completeFrom` to the last ending at or before `asOf`, a side
 * only where OKX listed an order of it: OKX does not say its list is every liquidation, so an
 * hour without one is no figure, never a 0.
 */
export function okxLiquidationPoints(document: OkxLiquidationsDocument, fileName: string): MetricPoint[] {
  const asOf = Date.parse(document.asOf);
  const completeFrom = Date.parse(document.completeFrom);
  if (!Number.isFinite(asOf) || !Number.isFinite(completeFrom) || completeFrom > asOf)
    throw new ImportError(`${fileName}: asOf and completeFrom must be instants, completeFrom first`);
  const found = liquidations(document.liquidationOrders, contractValues(document.instruments));
  const firstEnd = Math.ceil(completeFrom / HOUR_MS) * HOUR_MS + HOUR_MS;
  const lastEnd = Math.floor(asOf / HOUR_MS) * HOUR_MS;
  const points: MetricPoint[] = [];
  for (let end = firstEnd; end <= lastEnd; end += HOUR_MS) {
    const inHour = found.filter((l) => l.ts > end - HOUR_MS && l.ts <= end);
    const at = new Date(end).toISOString();
    for (const [side, metric] of [
      ['long', CRYPTO_METRICS.liquidationsLong],
      ['short', CRYPTO_METRICS.liquidationsShort],
    ] as const) {
      const orders = inHour.filter((l) => l.side === side);
      if (orders.length > 0) points.push({ metric, at, value: orders.reduce((total, l) => total + l.usd, 0) });
    }
  }
  return points;
}

export const okxLiquidationsImporter: Importer<MetricPoint[]> = {
  dataset: 'okx-liquidation-orders',
  datasets: ['crypto'],
  description:
    'OKX /api/v5/public/liquidation-orders pages and /api/v5/public/instruments answers (BTC-USDT, ETH-USDT perpetual swaps) with the time they were read: hourly USD liquidated, longs and shorts, on OKX alone',
  source: 'OKX',
  canonicalForm: canonicalJson,
  parse: (content, fileName) => okxLiquidationPoints(readJsonDocument(DocumentSchema, content, fileName), fileName),
  load: (db, points, release) => (points.length === 0 ? Promise.resolve(0) : loadMetricPoints(db, points, release)),
};

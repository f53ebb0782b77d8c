import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../../store/schema.ts';
import { ImportError, type ReleaseInfo } from '../../source.ts';
import { readJsonDocument } from '../../publisher-document.ts';
import { insertRows } from '../../../store/loader.ts';
import type { CryptoMetricName } from '../../../domains/crypto/crypto.metrics.ts';
import { checkedFigure, publisherFigure } from '../../publisher-figures.ts';

/** One published observation of a `crypto_metric` series. */
export interface MetricPoint {
  metric: CryptoMetricName;
  /** ISO 8601 UTC instant. */
  at: string;
  value: number;
}

/** The JSON document of a publisher's answer; an HTML page or a cut body is refused naming the file. */
export function jsonDocument(content: string, fileName: string): unknown {
  return readJsonDocument(Type.Unknown(), content, fileName);
}

/** The fields of a JSON object, or undefined for anything else. */
export function fieldsOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The fact a figure of the crypto metric `metric` is (`crypto.metric:btc_hashrate`); the family alone for a figure a metric is computed from. */
export const metricFact = (metric?: CryptoMetricName): string => (metric === undefined ? 'crypto.metric' : `crypto.metric:${metric}`);

/**
 * A figure as crypto publishers write it, a decimal string (`"84617.188"`, `"-0.00010000"`, an
 * exponent allowed) or a JSON number, held to the figure rules of `fact`
 * (publisher-figures.ts). Anything else is refused naming `where`.
 */
export function publishedNumber(value: unknown, fact: string, where: string): number {
  if (typeof value === 'number') return checkedFigure(value, fact, where);
  if (typeof value === 'string') return publisherFigure(value, fact, where, { exponent: true });
  throw new ImportError(`${where}: ${JSON.stringify(value)} is not a number`);
}

/** Epoch milliseconds (a whole non-negative JSON number) → the ISO instant; refused naming `where`. */
export function epochMsInstant(value: unknown, where: string): string {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
    throw new ImportError(`${where}: ${JSON.stringify(value)} is not a time in epoch milliseconds`);
  return new Date(value).toISOString();
}

/** Writes the points to `crypto_metric`; a point published again replaces the stored one. */
export async function loadMetricPoints(db: Transaction<Database>, points: readonly MetricPoint[], release: ReleaseInfo): Promise<number> {
  const rows = points.map((p) => ({ metric: p.metric, at: p.at, value: p.value, source: release.source }));
  await insertRows(db, 'crypto_metric', rows, { onConflict: { key: ['metric', 'at'], keep: 'new' } });
  return rows.length;
}

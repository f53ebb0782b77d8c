import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../../store/schema.ts';
import { ImportError, type ReleaseInfo } from '../../source.ts';
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

/** A figure as crypto publishers write it: a decimal string (`"84617.188"`) or a JSON number (read by `publishedNumber`). */
export const PublishedFigureSchema = Type.Union([Type.String(), Type.Number()]);

/** The fact a figure of the crypto metric `metric` is (`crypto.metric:btc_hashrate`); the family alone for a figure a metric is computed from. */
export const metricFact = (metric?: CryptoMetricName): string => (metric === undefined ? 'crypto.metric' : `crypto.metric:${metric}`);

/**
 * A figure as crypto publishers write it, a decimal string (`"84617.188"`, `"-0.00010000"`, an
 * exponent allowed) or a JSON number, held to the figure rules of `fact`
 * (publisher-figures.ts), refused naming `where`.
 */
export function publishedNumber(value: string | number, fact: string, where: string): number {
  return typeof value === 'number' ? checkedFigure(value, fact, where) : publisherFigure(value, fact, where, { exponent: true });
}

/** Epoch milliseconds (a whole positive JSON number) → the ISO instant; refused naming `where`. */
export function epochMsInstant(value: number, where: string): string {
  if (!Number.isSafeInteger(value) || value <= 0) throw new ImportError(`${where}: ${JSON.stringify(value)} is not a time in epoch milliseconds`);
  return new Date(value).toISOString();
}

/** Writes the points to `crypto_metric`; a point published again replaces the stored one. */
export async function loadMetricPoints(db: Transaction<Database>, points: readonly MetricPoint[], release: ReleaseInfo): Promise<number> {
  const rows = points.map((p) => ({ metric: p.metric, at: p.at, value: p.value, source: release.source }));
  await insertRows(db, 'crypto_metric', rows, { onConflict: { key: ['metric', 'at'], keep: 'new' } });
  return rows.length;
}

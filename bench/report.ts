import { API_PREFIX } from '../src/edge/route.ts';
import { rate, type Load } from './measure.ts';

export type Variant = 'identity' | 'gzip';
export const VARIANT_TITLES: Record<Variant, string> = { identity: 'without Accept-Encoding', gzip: 'Accept-Encoding: gzip' };

/** One endpoint measured in one variant. */
export interface Row {
  variant: Variant;
  path: string;
  /** The hub's first answer to this endpoint after it started. */
  coldMs: number;
  /** As sent: compressed in the gzip variant when the hub compressed. */
  bytes: number;
  /** The JSON's own size. */
  jsonBytes: number;
  hub: Load;
  bare: Load;
  /** Hub req/s ÷ bare req/s. */
  ratio: number;
}

const RATIO_GOAL = 0.35;
const LARGE_ANSWER_BYTES = 50 * 1024;

export interface Summary {
  variant: Variant;
  endpoints: number;
  medianRatio: number;
  minimum: { ratio: number; path: string };
  belowGoal: number;
  /** The gzip variant only: the lowest ratio among answers whose JSON is over 50 KiB. */
  largeMinimum?: { ratio: number; path: string } | undefined;
  /** Endpoints whose load met a non-2xx answer or an error: their figures are not comparable. */
  troubled: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function lowest(rows: Row[]): { ratio: number; path: string } | undefined {
  const row = rows.reduce<Row | undefined>((low, r) => (low === undefined || r.ratio < low.ratio ? r : low), undefined);
  return row === undefined ? undefined : { ratio: row.ratio, path: row.path };
}

function summarise(variant: Variant, rows: Row[]): Summary {
  const troubled = (load: Load) => load.non2xx + load.errors > 0;
  return {
    variant,
    endpoints: rows.length,
    medianRatio: median(rows.map((r) => r.ratio)),
    minimum: lowest(rows) ?? { ratio: Number.NaN, path: '-' },
    belowGoal: rows.filter((r) => r.ratio < RATIO_GOAL).length,
    largeMinimum: variant === 'gzip' ? lowest(rows.filter((r) => r.jsonBytes > LARGE_ANSWER_BYTES)) : undefined,
    troubled: rows.filter((r) => troubled(r.hub) || troubled(r.bare)).map((r) => r.path),
  };
}

function worstCold(rows: Row[]): { ms: number; path: string } {
  return rows.reduce((worst, r) => (r.coldMs > worst.ms ? { ms: r.coldMs, path: r.path } : worst), { ms: 0, path: '-' });
}

const fixed = (value: number, digits = 0) => value.toFixed(digits);
/** Paths are shown below the API prefix, as the contract lists them. */
const short = (path: string) => path.slice(API_PREFIX.length);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function table(variant: Variant, rows: Row[]): string {
  const width = Math.max(4, ...rows.map((r) => short(r.path).length)) + 1;
  const columns: [string, number][] = [
    ['bytes', 9],
    ['json B', 9],
    ['hub req/s', 10],
    ['bare req/s', 11],
    ['ratio', 7],
    ['hub p99 ms', 11],
    ['cold ms', 8],
  ];
  const shown = variant === 'gzip' ? columns : columns.filter(([name]) => name !== 'json B');
  const line = (path: string, cells: string[]) => `${path.padEnd(width) + cells.map((cell, i) => cell.padStart(shown[i]?.[1] ?? 0)).join('')}\n`;
  let text = line(
    'path',
    shown.map(([name]) => name),
  );
  for (const r of rows) {
    const cells = [fixed(r.bytes), fixed(r.jsonBytes), fixed(rate(r.hub)), fixed(rate(r.bare)), fixed(r.ratio, 3), fixed(r.hub.p99), fixed(r.coldMs, 1)];
    text += line(short(r.path), variant === 'gzip' ? cells : cells.filter((_, i) => i !== 1));
  }
  return text;
}

function summaryText(summary: Summary): string {
  const { minimum, largeMinimum } = summary;
  let text =
    `${VARIANT_TITLES[summary.variant]}: ${summary.endpoints} endpoints, median ratio ${fixed(summary.medianRatio, 3)}, ` +
    `minimum ${fixed(minimum.ratio, 3)} (${short(minimum.path)}), ${summary.belowGoal} below ${RATIO_GOAL}\n`;
  if (summary.variant === 'gzip') {
    text +=
      largeMinimum === undefined
        ? `  no answer over ${kib(LARGE_ANSWER_BYTES)} of JSON\n`
        : `  answers over ${kib(LARGE_ANSWER_BYTES)} of JSON: minimum ratio ${fixed(largeMinimum.ratio, 3)} (${short(largeMinimum.path)})\n`;
  }
  if (summary.troubled.length > 0) text += `  non-2xx answers or errors under load (figures not comparable): ${summary.troubled.map(short).join(', ')}\n`;
  return text;
}

/** The tables of each variant, then their summaries and the worst first answer. */
export function report(variants: readonly Variant[], rows: Row[]): { text: string; summaries: Summary[]; worstCold: { ms: number; path: string } } {
  const rowsOf = (variant: Variant) => rows.filter((r) => r.variant === variant);
  const summaries = variants.map((variant) => summarise(variant, rowsOf(variant)));
  const worst = worstCold(rows);
  const text =
    variants.map((variant) => `\n${VARIANT_TITLES[variant]}\n${table(variant, rowsOf(variant))}`).join('') +
    '\n' +
    summaries.map(summaryText).join('') +
    `worst first answer ${fixed(worst.ms, 1)} ms (${short(worst.path)})\n`;
  return { text, summaries, worstCold: worst };
}

import type { UsageRepo } from './usage.repo.ts';
import { STATUS_CLASSES, type StatusClass } from './status-classes.ts';

export const USAGE_WINDOWS = ['1h', '24h', '30d'] as const;
export type UsageWindow = (typeof USAGE_WINDOWS)[number];

/** Each window's buckets: a minute over the last hour, an hour over a day, a UTC day over 30 days. */
const SHAPES: Record<UsageWindow, { bucketMinutes: number; buckets: number }> = {
  '1h': { bucketMinutes: 1, buckets: 60 },
  '24h': { bucketMinutes: 60, buckets: 24 },
  '30d': { bucketMinutes: 24 * 60, buckets: 30 },
};

export interface UsageTotals {
  requests: number;
  weight: number;
}

export interface UsageReport {
  window: UsageWindow;
  bucketSeconds: number;
  /** The start of the first bucket; the last bucket holds now. */
  from: string;
  to: string;
  /** One per bucket, oldest first. */
  series: ({ start: string } & UsageTotals)[];
  /** `perBucket`: the endpoint's requests in each bucket of `series`. */
  byEndpoint: ({ endpoint: string; perBucket: number[] } & UsageTotals)[];
  byStatus: Record<StatusClass, number>;
  byKey: ({ keyId: string } & UsageTotals)[];
}

const add = (totals: UsageTotals, requests: number, weight: number) => {
  totals.requests += requests;
  totals.weight += weight;
};

type EndpointTotals = { endpoint: string; perBucket: number[] } & UsageTotals;

/** One account's calls over a window: over time, by endpoint (with its requests per bucket), by status class and by key. */
export async function usageReport(repo: UsageRepo, accountId: string, window: UsageWindow, now: Date): Promise<UsageReport> {
  const { bucketMinutes, buckets } = SHAPES[window];
  const lastBucket = Math.floor(now.getTime() / 60_000 / bucketMinutes);
  const firstBucket = lastBucket - buckets + 1;
  const series = Array.from({ length: buckets }, (_, i) => ({
    start: new Date((firstBucket + i) * bucketMinutes * 60_000).toISOString(),
    requests: 0,
    weight: 0,
  }));
  const endpoints = new Map<string, EndpointTotals>();
  const keys = new Map<string, { keyId: string } & UsageTotals>();
  const byStatus = Object.fromEntries(STATUS_CLASSES.map((c) => [c, 0])) as Record<StatusClass, number>;
  for (const row of await repo.buckets(accountId, firstBucket * bucketMinutes, bucketMinutes)) {
    const point = series[row.bucket - firstBucket];
    if (point === undefined) continue;
    add(point, row.requests, row.weight);
    let endpoint = endpoints.get(row.endpoint);
    if (endpoint === undefined) {
      endpoint = { endpoint: row.endpoint, requests: 0, weight: 0, perBucket: new Array<number>(buckets).fill(0) };
      endpoints.set(row.endpoint, endpoint);
    }
    add(endpoint, row.requests, row.weight);
    endpoint.perBucket[row.bucket - firstBucket] = (endpoint.perBucket[row.bucket - firstBucket] ?? 0) + row.requests;
    let key = keys.get(row.keyId);
    if (key === undefined) {
      key = { keyId: row.keyId, requests: 0, weight: 0 };
      keys.set(row.keyId, key);
    }
    add(key, row.requests, row.weight);
    if ((STATUS_CLASSES as readonly string[]).includes(row.statusClass)) byStatus[row.statusClass as StatusClass] += row.requests;
  }
  const byTotal = <T extends UsageTotals>(a: T, b: T) => b.weight - a.weight || b.requests - a.requests;
  return {
    window,
    bucketSeconds: bucketMinutes * 60,
    from: new Date(firstBucket * bucketMinutes * 60_000).toISOString(),
    to: now.toISOString(),
    series,
    byEndpoint: [...endpoints.values()].sort((a, b) => byTotal(a, b) || (a.endpoint < b.endpoint ? -1 : 1)),
    byStatus,
    byKey: [...keys.values()].sort((a, b) => byTotal(a, b) || (a.keyId < b.keyId ? -1 : 1)),
  };
}

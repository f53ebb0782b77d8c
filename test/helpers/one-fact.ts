import assert from 'node:assert/strict';
import type { TestHub } from './app.ts';

/** What the "one fact" tests read of the endpoints (test/consistency/one-fact*.test.ts). */

export interface FxRow {
  pair: string;
  lastPrice: number;
  changePct: number;
  asOf: string;
  sparkline10d: number[];
}
export interface FxRate {
  value: number;
  changePct: number;
  asOf: string;
}
export interface RatePoint {
  date: string;
  close: number;
}
export interface RecapItem {
  index: string;
  value: number | null;
  changeValue: number | null;
  changePercent: number | null;
  datetime: string;
}
export type Recap = Record<string, RecapItem[] | string>;
export interface IndexQuote {
  code: string;
  level: number | null;
  change: number | null;
  changePercent: number | null;
  asOf: string | null;
}

/** The `data` of a 200 answer to `/openapi/v1<url>`. */
export async function data<Data>(hub: TestHub, key: string, url: string): Promise<Data> {
  const response = await hub.get(`/openapi/v1${url}`, key);
  assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
  return (response.json() as { data: Data }).data;
}

export const recapItem = (recap: Recap, group: string, index: string): RecapItem => {
  const items = recap[group];
  const item = Array.isArray(items) ? items.find((i) => i.index === index) : undefined;
  assert.ok(item, `market recap has ${index} in ${group}`);
  return item;
};

export const last = <T>(items: readonly T[], what: string): T => {
  const item = items[items.length - 1];
  assert.ok(item !== undefined, `${what} is not empty`);
  return item;
};

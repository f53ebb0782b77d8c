import type { TestContext } from 'node:test';
import { roundTo } from '../../../src/kernel/numbers.ts';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import { etfDemoGenerator } from '../../../src/ingest/demo/etf.ts';
import { instrumentsDemoGenerator } from '../../../src/ingest/demo/instruments.ts';

export const API = '/openapi/v1';

export interface EtfHub {
  hub: TestHub;
  key: string;
  /** GET below /openapi/v1; returns status and parsed body. */
  call(path: string): Promise<{ status: number; body: { data: unknown; error?: { code: string; message: string | string[] } } }>;
}

export async function etfHub(t: TestContext): Promise<EtfHub> {
  // The funds follow the indices of the instruments' series store: those are seeded first.
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator, etfDemoGenerator] });
  const key = await hub.key();
  return {
    hub,
    key,
    async call(path) {
      const response = await hub.get(API + path, key);
      return { status: response.statusCode, body: response.json() };
    },
  };
}

/** Independent month arithmetic for the tests: same day n months earlier, clamped to the month's end. */
export function monthsBefore(date: string, months: number): string {
  let year = Number(date.slice(0, 4));
  let month = Number(date.slice(5, 7)) - months;
  while (month < 1) {
    month += 12;
    year -= 1;
  }
  const daysInMonth = [31, year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 31;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const dmy = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
/** The hub's rounding rule, halves away from zero (kernel/numbers.ts); `+ 0` turns -0 into 0, as JSON does. */
export const round = (value: number, decimals: number) => roundTo(value, decimals) + 0;

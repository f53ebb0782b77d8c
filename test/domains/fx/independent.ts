import type { Kysely } from 'kysely';
import type { Database } from '../../../src/store/schema.ts';
import { fxInstrument } from '../../../src/domains/instruments/instruments.catalogue.ts';
import type { InstrumentCloseRow } from '../../../src/store/tables/instruments.tables.ts';

/** Straightforward re-computations from stored rows, written apart from the service's code. */

/** The stored closes of an FX symbol (`EUR/USD`, and `DXY` and `XAU/USD`, which are the dollar index and gold), by date. */
export async function storedCloses(db: Kysely<Database>, pair: string): Promise<{ date: string; close: number }[]> {
  const rows = await db.selectFrom('instrument_close').select(['date', 'close']).where('instrument', '=', fxInstrument(pair)).execute();
  return rows.sort((a, b) => a.date.localeCompare(b.date));
}

/** A close of an FX symbol written by a test, as an importer stores it (known the evening of its date). */
export function testClose(pair: string, date: string, close: number, source = 'test'): InstrumentCloseRow {
  return { instrument: fxInstrument(pair), date, close, source, release_id: null, knowledge_at: `${date}T21:00:00.000Z` };
}

export function average(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

export function stdev(xs: number[]): number {
  const m = average(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) * (x - m), 0) / (xs.length - 1));
}

export function correlation(xs: number[], ys: number[]): number {
  const mx = average(xs);
  const my = average(ys);
  let num = 0;
  let dx2 = 0;
  let dy2 = 0;
  xs.forEach((x, i) => {
    const y = ys[i] as number;
    num += (x - mx) * (y - my);
    dx2 += (x - mx) ** 2;
    dy2 += (y - my) ** 2;
  });
  return num / Math.sqrt(dx2 * dy2);
}

export function logDiffs(values: number[]): number[] {
  return values.slice(1).map((v, i) => Math.log(v / (values[i] as number)));
}

export interface IndependentStress {
  vol30d: number;
  mean: number;
  sd: number;
  z: number;
  priceZ: number;
  n: number;
}

/** The method of docs/adr/0010-fx-em-stress.md, step by step. */
export function independentStress(closes: number[]): IndependentStress {
  const last121 = closes.slice(-121);
  const returns = logDiffs(last121);
  const annualised = (rs: number[]) => stdev(rs) * Math.sqrt(252) * 100;
  const rolling: number[] = [];
  for (let end = returns.length; end >= 30 && rolling.length < 90; end--) rolling.unshift(annualised(returns.slice(end - 30, end)));
  const vol30d = annualised(returns.slice(-30));
  const mean = average(rolling);
  const sd = stdev(rolling);
  const prices = closes.slice(-90);
  const latest = closes[closes.length - 1] as number;
  return { vol30d, mean, sd, z: (vol30d - mean) / sd, priceZ: (latest - average(prices)) / stdev(prices), n: rolling.length };
}

export function expectedLevel(z: number, priceZ: number): string {
  const stress = Math.max(z, Math.abs(priceZ));
  return stress >= 3 ? 'PANIC' : stress >= 2 ? 'WARNING' : 'STABLE';
}

/** |served − expected| within half a unit of the served rounding. */
export function closeTo(served: number | null | undefined, expected: number, decimals: number): boolean {
  return typeof served === 'number' && Math.abs(served - expected) <= 0.5 * 10 ** -decimals + 1e-9;
}

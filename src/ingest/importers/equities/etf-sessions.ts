import type { Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import { insertRows } from '../../../store/loader.ts';

interface SessionBar {
  /** The exchange's 5-character code (`13060`). */
  code: string;
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number;
  volume: number;
}

/** The fund code of a listed fund's exchange code: `13060` → `1306`, `200A0` → `200A`. */
const fundCodeOf = (code: string): string | undefined => (code.endsWith('0') ? code.slice(0, 4) : undefined);

/**
 * Writes the sessions of the listed funds among `bars` as their exchange prices (`etf_price`,
 * read by the ETF heatmap and price history) and returns the exchange codes it took. A code is a
 * fund's when the fund list (`etf_fund`, from JPX's ETF list or a PCF) holds it: the daily bars
 * answer does not say which issues are funds.
 */
export async function loadEtfSessions(db: Transaction<Database>, bars: readonly SessionBar[], source: string): Promise<Set<string>> {
  const candidates = [...new Set(bars.flatMap((bar) => fundCodeOf(bar.code) ?? []))];
  if (candidates.length === 0) return new Set();
  const funds = new Set((await db.selectFrom('etf_fund').select('code').where('code', 'in', candidates).execute()).map((row) => row.code));
  const fundBars = bars.filter((bar) => funds.has(fundCodeOf(bar.code) ?? ''));
  if (fundBars.length === 0) return new Set();
  const max = await db
    .selectFrom('etf_price')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  let id = Number(max?.max ?? 0);
  await insertRows(
    db,
    'etf_price',
    fundBars.map((bar) => ({
      id: ++id,
      fund_code: fundCodeOf(bar.code) ?? '',
      date: bar.date,
      open: bar.open,
      high: bar.high,
      low: bar.low,
      close: bar.close,
      volume: bar.volume,
      source,
    })),
    // A session already stored keeps its id; the publisher's figures replace the rest.
    { onConflict: { key: ['fund_code', 'date'], keep: 'new', update: ['open', 'high', 'low', 'close', 'volume', 'source'] } },
  );
  return new Set(fundBars.map((bar) => bar.code));
}

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { valuesList } from '../../store/values-list.ts';
import { addDays } from '../../kernel/dates.ts';
import { isServableFigure, LARGEST_FIGURE, SMALLEST_FIGURE } from '../../kernel/numbers.ts';

/** Only a close some family could hold is read (isServableFigure). */
const servable = <T extends { close: number }>(rows: T[]): T[] => rows.filter(({ close }) => isServableFigure(close));

export interface InstrumentClose {
  instrument: string;
  date: string;
  close: number;
  source: string;
  knowledgeAt: string;
}

export interface InstrumentSpan {
  instrument: string;
  firstDate: string;
  lastDate: string;
}

/**
 * Reads of the series store; every one is served by the (instrument, date) primary key.
 * `knownBy` (an ISO date-time) keeps only closes the hub had learned by then (`asOf`).
 */
export class InstrumentRepo {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  /** Stored instruments whose id starts with `prefix`, sorted. */
  async known({ prefix }: { prefix: string }): Promise<string[]> {
    const rows = await this.#db
      .selectFrom('instrument_close')
      .select('instrument')
      .distinct()
      .where('instrument', '>=', prefix)
      .where('instrument', '<', `${prefix}\uffff`)
      .orderBy('instrument')
      .execute();
    return rows.map((row) => row.instrument);
  }

  /** First and last stored date of each instrument that has any. */
  async spans({ instruments }: { instruments: readonly string[] }): Promise<InstrumentSpan[]> {
    if (instruments.length === 0) return [];
    const rows = await this.#db
      .selectFrom('instrument_close')
      .select((eb) => ['instrument', eb.fn.min('date').as('firstDate'), eb.fn.max('date').as('lastDate')])
      .where('instrument', 'in', instruments)
      .groupBy('instrument')
      .execute();
    return rows.map((row) => ({ instrument: row.instrument, firstDate: String(row.firstDate), lastDate: String(row.lastDate) }));
  }

  /** Closes with from ≤ date ≤ to (each bound optional), by instrument then date. */
  async closes(query: { instruments: readonly string[]; from?: string; to?: string; knownBy?: string | null }): Promise<InstrumentClose[]> {
    if (query.instruments.length === 0) return [];
    let select = this.#db
      .selectFrom('instrument_close')
      .select(['instrument', 'date', 'close', 'source', 'knowledge_at as knowledgeAt'])
      .where('instrument', 'in', query.instruments);
    if (query.from !== undefined) select = select.where('date', '>=', query.from);
    if (query.to !== undefined) select = select.where('date', '<=', query.to);
    if (query.knownBy !== undefined && query.knownBy !== null) select = select.where('knowledge_at', '<=', query.knownBy);
    return servable(await select.orderBy('instrument').orderBy('date').execute());
  }

  /**
   * The last `count` closes of each instrument on or before `to`, by instrument then date: for
   * each instrument, a backward seek of the key finds its `count`-th newest date and a range
   * read from there, however long the history.
   */
  async lastCloses({ instruments, count, to }: { instruments: readonly string[]; count: number; to?: string }): Promise<InstrumentClose[]> {
    if (instruments.length === 0) return [];
    const asked = valuesList<{ column1: string }>([...new Set(instruments)].map((instrument) => [instrument]));
    const rows = await this.#db
      .selectFrom(asked.as('w'))
      .innerJoin('instrument_close as c', (join) =>
        join.onRef('c.instrument', '=', 'w.column1').on((eb) => {
          let nth = eb.selectFrom('instrument_close as x').select('x.date').whereRef('x.instrument', '=', 'w.column1');
          if (to !== undefined) nth = nth.where('x.date', '<=', to);
          const from = eb(
            'c.date',
            '>=',
            eb.fn.coalesce(
              nth
                .orderBy('x.date', 'desc')
                .limit(1)
                .offset(count - 1),
              sql.lit(''),
            ),
          );
          return to === undefined ? from : eb.and([from, eb('c.date', '<=', to)]);
        }),
      )
      .select(['c.instrument', 'c.date', 'c.close', 'c.source', 'c.knowledge_at as knowledgeAt'])
      .orderBy('c.instrument')
      .orderBy('c.date')
      .execute();
    return servable(rows);
  }

  /**
   * The last `count` closes of each instrument, in date order. Reads the last `lookbackDays`
   * calendar days before the earliest latest close (an index range), and an instrument's whole
   * history only when gaps left it short there.
   */
  async recentCloses(input: {
    instruments: readonly string[];
    count: number;
    lookbackDays: number;
    spans?: readonly InstrumentSpan[];
  }): Promise<Map<string, InstrumentClose[]>> {
    const spans = input.spans ?? (await this.spans({ instruments: input.instruments }));
    if (spans.length === 0) return new Map();
    const earliestLast = spans.map((span) => span.lastDate).reduce((a, b) => (b < a ? b : a));
    const from = addDays(earliestLast, -input.lookbackDays);
    const groups = byInstrument(await this.closes({ instruments: spans.map((span) => span.instrument), from }));
    const short = spans.filter((span) => (groups.get(span.instrument)?.length ?? 0) < input.count && span.firstDate < from);
    if (short.length > 0) {
      const full = byInstrument(await this.lastCloses({ instruments: short.map((span) => span.instrument), count: input.count }));
      for (const [instrument, closes] of full) groups.set(instrument, closes);
    }
    for (const [instrument, closes] of groups) groups.set(instrument, closes.slice(-input.count));
    return groups;
  }

  /** Highest and lowest close of each instrument on or after its own `from`. */
  async ranges({ windows }: { windows: readonly { instrument: string; from: string }[] }): Promise<{ instrument: string; high: number; low: number }[]> {
    if (windows.length === 0) return [];
    const rows = await this.#db
      .selectFrom('instrument_close')
      .select((eb) => ['instrument', eb.fn.max('close').as('high'), eb.fn.min('close').as('low')])
      .where((eb) => eb.or(windows.map((w) => eb.and([eb('instrument', '=', w.instrument), eb('date', '>=', w.from)]))))
      // The servable closes (isServableFigure), in SQL: the range is an aggregate.
      .where('close', '>=', -LARGEST_FIGURE)
      .where('close', '<=', LARGEST_FIGURE)
      .where((eb) => eb.or([eb('close', '=', 0), eb('close', '>=', SMALLEST_FIGURE), eb('close', '<=', -SMALLEST_FIGURE)]))
      .groupBy('instrument')
      .execute();
    return rows.map((row) => ({ instrument: row.instrument, high: Number(row.high), low: Number(row.low) }));
  }

  /**
   * For each asked (instrument, date), its last close strictly before that date and on or after
   * `since`, keyed by `closeKey(instrument, before)`; none when it has none in that span (a
   * change against a close from years earlier is not a month's or a year's change). Each pair
   * is one backward seek of the key.
   */
  async closesBefore(asked: readonly { instrument: string; before: string; since: string }[]): Promise<Map<string, number>> {
    if (asked.length === 0) return new Map();
    const pairs = valuesList<{ column1: string; column2: string; column3: string }>(asked.map(({ instrument, before, since }) => [instrument, before, since]));
    const rows = await this.#db
      .selectFrom(pairs.as('w'))
      .innerJoin('instrument_close as c', (join) =>
        join
          .onRef('c.instrument', '=', 'w.column1')
          .on((eb) =>
            eb(
              'c.date',
              '=',
              eb
                .selectFrom('instrument_close as x')
                .select('x.date')
                .whereRef('x.instrument', '=', 'w.column1')
                .whereRef('x.date', '<', 'w.column2')
                .whereRef('x.date', '>=', 'w.column3')
                .orderBy('x.date', 'desc')
                .limit(1),
            ),
          ),
      )
      .select(['c.instrument', 'w.column2 as before', 'c.close'])
      .execute();
    return new Map(servable(rows).map((row) => [closeKey(row.instrument, row.before), row.close]));
  }
}

export const closeKey = (instrument: string, before: string): string => `${instrument} ${before}`;

/** Groups closes (sorted by instrument, then date) by instrument. */
export function byInstrument<Row extends { instrument: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.instrument);
    if (group === undefined) groups.set(row.instrument, [row]);
    else group.push(row);
  }
  return groups;
}

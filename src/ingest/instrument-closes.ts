import type { Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import { insertRows, type ReleaseInfo } from '../store/loader.ts';
import { closeFact } from './figure-facts.ts';
import { checkedDate, figureProblem, jumpProblem } from './publisher-figures.ts';
import { ImportError } from './import-error.ts';

/** One close a publisher file gives: `where` names its line for the messages of a refused file. */
export interface CloseInput {
  instrument: string;
  date: string;
  close: number;
  /** An operator's file may date each figure's knowledge; the others are known at the release's. */
  knowledgeAt?: string | undefined;
  where?: string | undefined;
}

/**
 * A file withdraws at most this share of a series' stored closes (the demo's aside) unless the
 * operator confirms it: more is a stray row opening the file's span over history, not the
 * publisher taking figures back.
 */
const WITHDRAWAL_SHARE = 0.01;
/** So few closes are withdrawn freely (a holiday the publisher no longer lists). */
const WITHDRAWAL_FREE = 5;
/** Dates per statement when rows are read or deleted by date. */
const DATES_PER_STATEMENT = 500;

interface StoredClose {
  date: string;
  close: number;
  source: string;
  release_id: string | null;
  knowledge_at: string;
  origin: string | null;
}

/** Whether withdrawing `withdrawn` of a series' `held` published closes needs the operator's word. */
export const isLargeWithdrawal = (withdrawn: number, held: number): boolean => withdrawn > WITHDRAWAL_FREE && withdrawn > held * WITHDRAWAL_SHARE;

const isDemo = (close: StoredClose): boolean => close.release_id === null || close.origin === 'demo';

/**
 * Writes one publisher file's closes into the series store. For each instrument the file states
 * a close per date, and is the series between its first and last date there: a stored close
 * of another date in that span is withdrawn (the demo's included), so no series mixes two
 * publishers within the file's span. Every close is first held to the figure rules (its date,
 * and no jump from the close before it beyond what the fact allows), and a withdrawal of more
 * than a small share of the series fails unless the operator confirmed it. A close stated again
 * as stored stays as it is (its first knowledge time kept); every close replaced or withdrawn is
 * kept beside the release (instrument_close_superseded), so the release can be taken back.
 */
export async function replaceCloses(db: Transaction<Database>, closes: readonly CloseInput[], release: ReleaseInfo): Promise<number> {
  const byInstrument = new Map<string, CloseInput[]>();
  for (const close of closes) {
    const series = byInstrument.get(close.instrument);
    if (series === undefined) byInstrument.set(close.instrument, [close]);
    else series.push(close);
  }
  for (const [instrument, series] of byInstrument) await replaceSeries(db, instrument, series, release);
  return closes.length;
}

async function replaceSeries(db: Transaction<Database>, instrument: string, unsorted: readonly CloseInput[], release: ReleaseInfo): Promise<void> {
  const fact = closeFact(instrument);
  const where = (close: CloseInput) => close.where ?? `${fact} ${close.date}`;
  const series = [...unsorted].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const close of series) checkedDate(close.date, fact, release.knowledgeAt, where(close));
  const first = series[0]?.date ?? '';
  const last = series[series.length - 1]?.date ?? '';

  let previous = await trustedCloseBefore(db, instrument, fact, first);
  for (const close of series) {
    const problem = previous === undefined ? undefined : jumpProblem(previous, close, fact);
    if (problem !== undefined) throw new ImportError(`${where(close)}: ${fact} on ${close.date}: ${problem} on ${previous?.date}`);
    previous = close;
  }

  const stored: StoredClose[] = await db
    .selectFrom('instrument_close as c')
    .leftJoin('release as r', 'r.id', 'c.release_id')
    .select(['c.date', 'c.close', 'c.source', 'c.release_id', 'c.knowledge_at', 'r.origin'])
    .where('c.instrument', '=', instrument)
    .where('c.date', '>=', first)
    .where('c.date', '<=', last)
    .execute();
  const stated = new Map(series.map((close) => [close.date, close]));
  const storedOn = new Map(stored.map((close) => [close.date, close]));
  const withdrawn = stored.filter((close) => !stated.has(close.date));
  await refuseLargeWithdrawal(db, instrument, fact, withdrawn, release, { first, last });

  const changed = series.filter((close) => {
    const held = storedOn.get(close.date);
    return held === undefined || held.close !== close.close || held.source !== release.source;
  });
  const superseded = [...withdrawn, ...changed.flatMap((close) => storedOn.get(close.date) ?? [])];
  if (superseded.length > 0) {
    await insertRows(
      db,
      'instrument_close_superseded',
      superseded.map((close) => ({
        release_id: release.id,
        instrument,
        date: close.date,
        close: close.close,
        source: close.source,
        previous_release_id: close.release_id,
        knowledge_at: close.knowledge_at,
      })),
    );
    const dates = superseded.map((close) => close.date);
    for (let start = 0; start < dates.length; start += DATES_PER_STATEMENT) {
      await db
        .deleteFrom('instrument_close')
        .where('instrument', '=', instrument)
        .where('date', 'in', dates.slice(start, start + DATES_PER_STATEMENT))
        .execute();
    }
  }
  await insertRows(
    db,
    'instrument_close',
    changed.map(({ date, close, knowledgeAt }) => ({
      instrument,
      date,
      close,
      source: release.source,
      release_id: release.id,
      knowledge_at: knowledgeAt ?? release.knowledgeAt,
    })),
  );
}

/**
 * The stored close the file's first is held to: the last one before it, unless that one is
 * itself the lie (outside the fact's range, or a jump from the close before it that the file's
 * first does not make), so a lie already stored never blocks the true figures that follow it.
 */
async function trustedCloseBefore(
  db: Transaction<Database>,
  instrument: string,
  fact: string,
  first: string,
): Promise<{ date: string; close: number } | undefined> {
  const stored = await db
    .selectFrom('instrument_close')
    .select(['date', 'close'])
    .where('instrument', '=', instrument)
    .where('date', '<', first)
    .orderBy('date', 'desc')
    .limit(2)
    .execute();
  const [last, earlier] = stored.filter((close) => figureProblem(close.close, fact) === undefined);
  if (last === undefined || earlier === undefined) return last;
  return jumpProblem(earlier, last, fact) === undefined ? last : earlier;
}

async function refuseLargeWithdrawal(
  db: Transaction<Database>,
  instrument: string,
  fact: string,
  withdrawn: readonly StoredClose[],
  release: ReleaseInfo,
  span: { first: string; last: string },
): Promise<void> {
  const published = withdrawn.filter((close) => !isDemo(close));
  if (published.length <= WITHDRAWAL_FREE || release.confirmWithdrawals === true) return;
  const held = await db
    .selectFrom('instrument_close as c')
    .leftJoin('release as r', 'r.id', 'c.release_id')
    .select((eb) => eb.fn.countAll<number>().as('closes'))
    .where('c.instrument', '=', instrument)
    .where('c.release_id', 'is not', null)
    .where((eb) => eb.or([eb('r.origin', 'is', null), eb('r.origin', '!=', 'demo')]))
    .executeTakeFirstOrThrow();
  const closes = Number(held.closes);
  if (!isLargeWithdrawal(published.length, closes)) return;
  throw new ImportError(
    `the file's ${fact} runs from ${span.first} to ${span.last} and would withdraw ${published.length} of the ${closes} stored closes in that span it does not state ` +
      `(${published[0]?.date} … ${published[published.length - 1]?.date}); a stray row opens a span over history. ` +
      'If the publisher did take them back, load the file with `fdh import --confirm-withdrawals`',
  );
}

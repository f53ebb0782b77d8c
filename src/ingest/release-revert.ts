import type { Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { DatasetKey } from '../kernel/data-versions.ts';
import { insertRows } from '../store/loader.ts';
import { closeFact, macroFact } from './figure-facts.ts';
import { dateProblem, figureProblem, jumpProblem } from './publisher-figures.ts';
import { isLargeWithdrawal } from './instrument-closes.ts';

/**
 * Taking a release back. The series stores can be put back as they were before a release: a
 * close it replaced or withdrew was kept beside it (instrument_close_superseded), and a macro
 * figure is one version among the release's others (the vintage store), so removing the
 * release's versions serves the earlier ones again. A release that wrote another table, which
 * keeps no earlier state, is not taken back: the publisher's true file must be loaded instead.
 */

/** The tables a revert can put back, and the dataset whose version a revert of each bumps. */
const UNDOABLE: Readonly<Record<string, DatasetKey>> = { instrument_close: 'instruments', macro_observation: 'macro' };

/** A release that cannot be taken back, and why. */
export class RevertRefused extends Error {}

export interface RevertOutcome {
  releaseId: string;
  /** Closes served again as they were before the release. */
  closesRestored: number;
  /** Closes and macro figures of the release no longer served. */
  figuresRemoved: number;
  changed: DatasetKey[];
}

interface Superseded {
  release_id: string;
  instrument: string;
  date: string;
  close: number;
  source: string;
  previous_release_id: string | null;
  knowledge_at: string;
}

const keyOf = (row: { instrument: string; date: string }): string => `${row.instrument}\u0000${row.date}`;
const DATES_PER_STATEMENT = 500;

/** The tables `releaseId` wrote, refused unless every one can be put back. */
async function undoableTables(trx: Transaction<Database>, releaseId: string): Promise<string[]> {
  const tables = (await trx.selectFrom('release_fact').select('table_name').distinct().where('release_id', '=', releaseId).execute()).map(
    (row) => row.table_name,
  );
  const kept = tables.filter((table) => UNDOABLE[table] === undefined);
  if (kept.length > 0) {
    throw new RevertRefused(`release ${releaseId} wrote ${kept.join(', ')}, which keep no earlier state to go back to: load the publisher's true file instead`);
  }
  return tables;
}

/** Takes `releaseId` back inside `trx`: what it wrote is no longer served, what it replaced is served again. */
export async function revertRelease(trx: Transaction<Database>, releaseId: string, at: Date): Promise<RevertOutcome> {
  const release = await trx.selectFrom('release').select(['id', 'origin', 'reverted_at']).where('id', '=', releaseId).executeTakeFirst();
  if (release === undefined) throw new RevertRefused(`no release ${releaseId} (fdh releases lists them)`);
  if (release.reverted_at !== null) throw new RevertRefused(`release ${releaseId} was taken back already, at ${release.reverted_at}`);
  if (release.origin === 'demo') throw new RevertRefused(`release ${releaseId} is the demo's: fdh demo remove takes the demo away`);
  const tables = await undoableTables(trx, releaseId);
  const closes = await undoCloses(trx, releaseId);
  const macro = await trx.deleteFrom('macro_observation').where('release_id', '=', releaseId).executeTakeFirst();
  await trx.deleteFrom('release_fact').where('release_id', '=', releaseId).execute();
  await trx.updateTable('release').set({ reverted_at: at.toISOString() }).where('id', '=', releaseId).execute();
  const changed = [...new Set([...tables.flatMap((table) => UNDOABLE[table] ?? []), ...(closes.touched ? (['instruments'] as const) : [])])];
  return { releaseId, closesRestored: closes.restored, figuresRemoved: closes.removed + Number(macro.numDeletedRows), changed };
}

async function undoCloses(trx: Transaction<Database>, releaseId: string): Promise<{ restored: number; removed: number; touched: boolean }> {
  const found = (await trx.selectFrom('instrument_close_superseded').selectAll().where('release_id', '=', releaseId).execute()) as Superseded[];
  const before = new Map(found.map((row) => [keyOf(row), row]));
  const written = await trx.selectFrom('instrument_close').select(['instrument', 'date']).where('release_id', '=', releaseId).execute();
  const writtenKeys = new Set(written.map(keyOf));
  await trx.deleteFrom('instrument_close').where('release_id', '=', releaseId).execute();

  // Closes of the release a later release replaced: undoing that one must now bring back what this one found.
  const later = (await trx.selectFrom('instrument_close_superseded').selectAll().where('previous_release_id', '=', releaseId).execute()) as Superseded[];
  const laterKeys = new Set(later.map(keyOf));
  for (const entry of later) {
    const prior = before.get(keyOf(entry));
    const same = { release_id: entry.release_id, instrument: entry.instrument, date: entry.date };
    if (prior === undefined)
      await trx
        .deleteFrom('instrument_close_superseded')
        .where((eb) => eb.and(same))
        .execute();
    else {
      const { close, source, previous_release_id, knowledge_at } = prior;
      await trx
        .updateTable('instrument_close_superseded')
        .set({ close, source, previous_release_id, knowledge_at })
        .where((eb) => eb.and(same))
        .execute();
    }
  }

  // What the release replaced or withdrew is served again, unless a later release wrote the day since.
  const pending = found.filter((row) => !laterKeys.has(keyOf(row)));
  const occupied = await currentWriters(
    trx,
    pending.filter((row) => !writtenKeys.has(keyOf(row))),
  );
  const restore = pending.filter((row) => !occupied.has(keyOf(row)));
  const handOver = pending.flatMap((row) => {
    const writer = occupied.get(keyOf(row));
    return writer === undefined ? [] : [{ ...row, release_id: writer }];
  });
  await insertRows(
    trx,
    'instrument_close',
    restore.map((row) => ({
      instrument: row.instrument,
      date: row.date,
      close: row.close,
      source: row.source,
      release_id: row.previous_release_id,
      knowledge_at: row.knowledge_at,
    })),
  );
  await insertRows(trx, 'instrument_close_superseded', handOver);
  await trx.deleteFrom('instrument_close_superseded').where('release_id', '=', releaseId).execute();
  return { restored: restore.length, removed: written.length, touched: found.length > 0 || written.length > 0 };
}

/** The release now serving each of `rows`' instrument and day, where one does. */
async function currentWriters(trx: Transaction<Database>, rows: readonly { instrument: string; date: string }[]): Promise<Map<string, string>> {
  const datesOf = new Map<string, string[]>();
  for (const row of rows) datesOf.set(row.instrument, [...(datesOf.get(row.instrument) ?? []), row.date]);
  const writers = new Map<string, string>();
  for (const [instrument, dates] of datesOf) {
    for (let start = 0; start < dates.length; start += DATES_PER_STATEMENT) {
      const served = await trx
        .selectFrom('instrument_close')
        .select(['instrument', 'date', 'release_id'])
        .where('instrument', '=', instrument)
        .where('date', 'in', dates.slice(start, start + DATES_PER_STATEMENT))
        .execute();
      for (const row of served) writers.set(keyOf(row), row.release_id ?? '');
    }
  }
  return writers;
}

/**
 * Whether today's figure rules refuse what `releaseId` still serves: a figure outside what its
 * fact can be, dated after the release knew or before the fact can exist, a close more than the
 * fact's jump from its neighbour, or a withdrawal of more than a small share of a series. Such a
 * release came in before the rules (or through a path that skipped them) and is taken back when
 * the publisher's true content returns.
 */
export async function refusedByRules(trx: Transaction<Database>, releaseId: string): Promise<boolean> {
  const release = await trx.selectFrom('release').select(['knowledge_at']).where('id', '=', releaseId).executeTakeFirstOrThrow();
  const closes = await trx.selectFrom('instrument_close').select(['instrument', 'date', 'close']).where('release_id', '=', releaseId).execute();
  for (const close of closes) {
    const fact = closeFact(close.instrument);
    if (figureProblem(close.close, fact) !== undefined || dateProblem(close.date, fact, release.knowledge_at) !== undefined) return true;
  }
  for (const instrument of new Set(closes.map((close) => close.instrument))) {
    const fact = closeFact(instrument);
    const series = await trx
      .selectFrom('instrument_close')
      .select(['date', 'close', 'release_id'])
      .where('instrument', '=', instrument)
      .orderBy('date')
      .execute();
    for (let i = 1; i < series.length; i++) {
      const [previous, next] = [series[i - 1], series[i]];
      if (previous === undefined || next === undefined || (previous.release_id !== releaseId && next.release_id !== releaseId)) continue;
      if (jumpProblem(previous, next, fact) !== undefined) return true;
    }
  }
  // Published closes the release withdrew: kept aside, and no close of the release in their place.
  const withdrawals = await trx
    .selectFrom('instrument_close_superseded as s')
    .select(['s.instrument', (eb) => eb.fn.countAll<number>().as('closes')])
    .where('s.release_id', '=', releaseId)
    .where('s.previous_release_id', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('instrument_close as c')
            .select('c.date')
            .whereRef('c.instrument', '=', 's.instrument')
            .whereRef('c.date', '=', 's.date')
            .where('c.release_id', '=', releaseId),
        ),
      ),
    )
    .groupBy('s.instrument')
    .execute();
  for (const { instrument, closes: withdrawn } of withdrawals) {
    const held = await trx
      .selectFrom('instrument_close')
      .select((eb) => eb.fn.countAll<number>().as('closes'))
      .where('instrument', '=', instrument)
      .executeTakeFirstOrThrow();
    if (isLargeWithdrawal(Number(withdrawn), Number(held.closes) + Number(withdrawn))) return true;
  }
  const figures = await trx.selectFrom('macro_observation').select(['series', 'period', 'value']).where('release_id', '=', releaseId).execute();
  return figures.some((figure) => {
    const fact = macroFact(figure.series);
    return (figure.value !== null && figureProblem(figure.value, fact) !== undefined) || dateProblem(figure.period, fact, release.knowledge_at) !== undefined;
  });
}

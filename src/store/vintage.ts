import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';
import { InvalidInputError } from '../kernel/domain-errors.ts';
import { insertRows } from './loader.ts';
import { isServableFigure } from '../kernel/numbers.ts';

/**
 * The point-in-time store (contract section 7, docs/adr/0011-vintage-model.md): every version
 * of every figure is kept; a read selects, per series and period, the latest version known at a
 * cut-off. Every macro endpoint reads through this module, so `asOf`, `knowledgeAt` and
 * `wasRestated` mean the same everywhere.
 */

export interface ObservationVersion {
  series: string;
  period: string;
  value: number | null;
  marker: string | null;
  knowledgeAt: string;
  source: string;
}

/** The version of one (series, period) served at a cut-off. */
export interface ServedFigure {
  period: string;
  value: number | null;
  marker: string | null;
  /** When the served figure was first learned (a later file repeating it does not move this). */
  knowledgeAt: string;
  /** When the period's first version was learned (a row's creation time). */
  firstKnowledgeAt: string;
  source: string;
  /** A different figure for the same period was known earlier, at or before the cut-off. */
  restated: boolean;
}

/** Served figures of one series, oldest period first. */
export type SeriesFigures = ServedFigure[];

export interface Provenance {
  knowledgeAt: string | null;
  wasRestated: boolean;
  sources: string[];
}

/** The cut-off instant (ISO, UTC) of an `asOf` day: the end of that day. */
export function endOfDay(date: string): string {
  return `${date}T23:59:59.999Z`;
}

/**
 * `asOf` → cut-off: omitted, everything known now; a day after today (UTC) is a 400. A latest
 * read and an as-of read are the same query with a different bound, so they cost the same.
 */
export function cutoffFor({ asOf, now }: { asOf: string | undefined; now: Date }): string {
  if (asOf === undefined) return now.toISOString();
  if (asOf > now.toISOString().slice(0, 10)) throw new InvalidInputError([`asOf must not be after today (UTC): got ${asOf}`]);
  return endOfDay(asOf);
}

const sameFigure = (a: { value: number | null; marker: string | null }, b: { value: number | null; marker: string | null }) =>
  a.value === b.value && a.marker === b.marker;

/**
 * As-of selection over versions of any series, in any order: for each (series, period) the
 * latest version with `knowledgeAt <= cutoff` (`null`: no limit). Periods come out ascending.
 * A file that repeats a figure confirms it: the figure's `knowledgeAt` stays the time it was
 * first learned (the start of the trailing run of equal versions), and it is restated when a
 * different version came before that run.
 */
export function selectAsOf(versions: readonly ObservationVersion[], cutoff: string | null): Map<string, SeriesFigures> {
  const known = versions.filter((v) => cutoff === null || v.knowledgeAt <= cutoff);
  known.sort((a, b) =>
    a.series < b.series
      ? -1
      : a.series > b.series
        ? 1
        : a.period < b.period
          ? -1
          : a.period > b.period
            ? 1
            : a.knowledgeAt < b.knowledgeAt
              ? -1
              : a.knowledgeAt > b.knowledgeAt
                ? 1
                : 0,
  );
  const result = new Map<string, SeriesFigures>();
  let i = 0;
  while (i < known.length) {
    const first = known[i];
    if (first === undefined) break;
    let end = i;
    while (end + 1 < known.length && known[end + 1]?.series === first.series && known[end + 1]?.period === first.period) end++;
    const latest = known[end] ?? first;
    let runStart = end;
    while (runStart > i && sameFigure(known[runStart - 1] ?? latest, latest)) runStart--;
    let figures = result.get(first.series);
    if (figures === undefined) {
      figures = [];
      result.set(first.series, figures);
    }
    figures.push({
      period: latest.period,
      value: latest.value,
      marker: latest.marker,
      knowledgeAt: (known[runStart] ?? latest).knowledgeAt,
      firstKnowledgeAt: first.knowledgeAt,
      source: latest.source,
      restated: runStart > i,
    });
    i = end + 1;
  }
  return result;
}

/** `knowledgeAt` (latest learning time), `wasRestated` and the distinct sources of served figures. */
export function provenance(figures: Iterable<ServedFigure>): Provenance {
  let knowledgeAt: string | null = null;
  let wasRestated = false;
  const sources = new Set<string>();
  for (const figure of figures) {
    if (knowledgeAt === null || figure.knowledgeAt > knowledgeAt) knowledgeAt = figure.knowledgeAt;
    if (figure.restated) wasRestated = true;
    sources.add(figure.source);
  }
  return { knowledgeAt, wasRestated, sources: [...sources].sort() };
}

export interface SeriesQuery {
  series: readonly string[];
  cutoff: string | null;
  /** Inclusive period bounds (same format as the series' periods). */
  fromPeriod?: string;
  toPeriod?: string;
}

type Reader = Kysely<Database> | Transaction<Database>;

/** Every version of the series known at the cut-off, within the period bounds. */
export async function readVersions(db: Reader, query: SeriesQuery): Promise<ObservationVersion[]> {
  if (query.series.length === 0) return [];
  let select = db
    .selectFrom('macro_observation as o')
    .innerJoin('release as r', 'r.id', 'o.release_id')
    .select(['o.series', 'o.period', 'o.value', 'o.marker', 'o.knowledge_at', 'r.source'])
    .where('o.series', 'in', [...query.series]);
  if (query.cutoff !== null) select = select.where('o.knowledge_at', '<=', query.cutoff);
  if (query.fromPeriod !== undefined) select = select.where('o.period', '>=', query.fromPeriod);
  if (query.toPeriod !== undefined) select = select.where('o.period', '<=', query.toPeriod);
  const rows = await select.orderBy('o.series').orderBy('o.period').orderBy('o.knowledge_at').execute();
  return rows.map((row) => ({
    series: row.series,
    period: row.period,
    // A figure no family could hold is no figure (isServableFigure).
    value: row.value === null || !isServableFigure(Number(row.value)) ? null : Number(row.value),
    marker: row.marker,
    knowledgeAt: row.knowledge_at,
    source: row.source,
  }));
}

/** The figures served at the cut-off, per series (a series with nothing known is absent). */
export async function readSeries(db: Reader, query: SeriesQuery): Promise<Map<string, SeriesFigures>> {
  return selectAsOf(await readVersions(db, query), query.cutoff);
}

/** The latest period any of the series has a version for at the cut-off; `null` before the first. */
export async function latestPeriod(db: Reader, query: { series: readonly string[]; cutoff: string | null }): Promise<string | null> {
  if (query.series.length === 0) return null;
  let select = db
    .selectFrom('macro_observation')
    .select((eb) => eb.fn.max('period').as('latest'))
    .where('series', 'in', [...query.series]);
  if (query.cutoff !== null) select = select.where('knowledge_at', '<=', query.cutoff);
  const row = await select.executeTakeFirst();
  return row?.latest ?? null;
}

export interface ObservationInput {
  series: string;
  period: string;
  value: number | null;
  marker: string | null;
}

/**
 * Records one release's figures, every one of them: a figure equal to the one already known
 * confirms it, a different one is a revision. Keeping confirmations too is what keeps as-of
 * answers exact when files are loaded out of knowledge order (a backfill with an earlier
 * `--knowledge-at`). Returns the rows written.
 */
export async function recordObservations(
  trx: Transaction<Database>,
  release: { id: string; knowledgeAt: string },
  rows: readonly ObservationInput[],
): Promise<number> {
  return insertRows(
    trx,
    'macro_observation',
    rows.map((row) => ({ ...row, release_id: release.id, knowledge_at: release.knowledgeAt })),
  );
}

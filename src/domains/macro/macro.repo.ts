import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { latestPeriod, readSeries, type SeriesFigures, type SeriesQuery, type ServedFigure } from '../../store/vintage.ts';

/** A series' served figures by period. */
export type FigureIndex = Map<string, ServedFigure>;

export const byPeriod = (figures: SeriesFigures | undefined): FigureIndex => new Map((figures ?? []).map((figure) => [figure.period, figure]));

/** The macro domain's reads: everything goes through the vintage store's as-of selection. */
export class MacroRepo {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  series(query: SeriesQuery): Promise<Map<string, SeriesFigures>> {
    return readSeries(this.#db, query);
  }

  /** One index by period per series key, in the order asked. */
  async indexes(query: SeriesQuery): Promise<FigureIndex[]> {
    const served = await readSeries(this.#db, query);
    return query.series.map((key) => byPeriod(served.get(key)));
  }

  latestPeriod(query: { series: readonly string[]; cutoff: string | null }): Promise<string | null> {
    return latestPeriod(this.#db, query);
  }
}

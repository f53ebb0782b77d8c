import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { MarketIndexRow } from '../../store/tables/indices.tables.ts';

export type IndexBoard = 'japan' | 'global';

export class IndicesRepo {
  #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async indices({ board }: { board: IndexBoard }): Promise<MarketIndexRow[]> {
    return this.#db.selectFrom('market_index').selectAll().where('board', '=', board).orderBy('position').execute();
  }
}

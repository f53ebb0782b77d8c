import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { NewsArticleRow } from '../../store/tables/news.tables.ts';
import type { FeedPosition } from './news.cursor.ts';

export interface ArticleFilter {
  symbol?: string | undefined;
  category?: string | undefined;
  language?: string | undefined;
  /** Inclusive lower bound (ISO date-time). */
  fromAt?: string | undefined;
  /** Inclusive upper bound (ISO date-time). */
  toAt: string;
}

export class NewsRepo {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  #articles(filter: ArticleFilter) {
    let query = this.#db.selectFrom('news_article').where('published_at', '<=', filter.toAt);
    if (filter.fromAt !== undefined) query = query.where('published_at', '>=', filter.fromAt);
    if (filter.language !== undefined) query = query.where('language', '=', filter.language);
    const { symbol, category } = filter;
    if (symbol !== undefined) {
      query = query.where('id', 'in', this.#db.selectFrom('news_article_symbol').select('article_id').where('symbol', '=', symbol));
    }
    if (category !== undefined) {
      query = query.where('id', 'in', this.#db.selectFrom('news_article_category').select('article_id').where('category', '=', category));
    }
    return query;
  }

  /** Up to `limit` articles after `after` in the feed order: newest first, ties by id descending. */
  async page({ filter, after, limit }: { filter: ArticleFilter; after: FeedPosition | undefined; limit: number }): Promise<NewsArticleRow[]> {
    let query = this.#articles(filter);
    if (after !== undefined) {
      query = query.where((eb) =>
        eb.or([eb('published_at', '<', after.publishedAt), eb.and([eb('published_at', '=', after.publishedAt), eb('id', '<', after.id)])]),
      );
    }
    return query.selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  async inWindow(filter: ArticleFilter): Promise<NewsArticleRow[]> {
    return this.#articles(filter).selectAll().orderBy('published_at', 'asc').orderBy('id', 'asc').execute();
  }

  async symbolsOf(ids: readonly string[]): Promise<{ article_id: string; symbol: string }[]> {
    if (ids.length === 0) return [];
    return this.#db
      .selectFrom('news_article_symbol')
      .select(['article_id', 'symbol'])
      .where('article_id', 'in', ids)
      .orderBy('article_id')
      .orderBy('symbol')
      .execute();
  }

  async categoriesOf(ids: readonly string[]): Promise<{ article_id: string; category: string }[]> {
    if (ids.length === 0) return [];
    return this.#db
      .selectFrom('news_article_category')
      .select(['article_id', 'category'])
      .where('article_id', 'in', ids)
      .orderBy('article_id')
      .orderBy('category')
      .execute();
  }
}

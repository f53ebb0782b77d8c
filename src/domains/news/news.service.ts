import { InvalidInputError } from '../../kernel/domain-errors.ts';
import type { NewsRepo, ArticleFilter } from './news.repo.ts';
import { addDays, checkFromNotAfterTo, DAY_MS, isoDay } from '../../kernel/dates.ts';
import { roundTo } from '../../kernel/numbers.ts';
import { decodeCursor, encodeCursor } from './news.cursor.ts';
import { labelOf, scoreArticle } from './sentiment.scorer.ts';
import { SENTIMENT_MODEL } from './sentiment.lexicon.ts';
import type { NewsItem, NewsSentiment, SentimentWindow } from './news.schemas.ts';

const WINDOW_MS: Record<SentimentWindow, number> = {
  '1d': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '90d': 90 * DAY_MS,
  '1y': 365 * DAY_MS,
};

function groupBy<T>(rows: readonly T[], key: (row: T) => string, value: (row: T) => string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list === undefined) groups.set(key(row), [value(row)]);
    else list.push(value(row));
  }
  return groups;
}

export interface FeedInput {
  symbol?: string | undefined;
  category?: string | undefined;
  language?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  cursor?: string | undefined;
  now: Date;
}

export class NewsService {
  readonly #repo: NewsRepo;

  constructor(repo: NewsRepo) {
    this.#repo = repo;
  }

  async getFeed(input: FeedInput): Promise<{ items: NewsItem[]; nextCursor: string | null }> {
    checkFromNotAfterTo(input.from, input.to);
    const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
    if (input.cursor !== undefined && after === undefined) {
      throw new InvalidInputError(['cursor is not a valid cursor: pass meta.nextCursor of a previous page unchanged']);
    }
    const nowIso = input.now.toISOString();
    const endOfTo = input.to === undefined ? nowIso : `${input.to}T23:59:59.999Z`;
    const filter: ArticleFilter = {
      symbol: input.symbol?.toUpperCase(),
      category: input.category,
      language: input.language,
      fromAt: input.from === undefined ? undefined : `${input.from}T00:00:00.000Z`,
      // Articles dated after the clock are not published yet.
      toAt: endOfTo < nowIso ? endOfTo : nowIso,
    };
    // One row more than asked tells whether another page exists.
    const { limit } = input;
    const rows = await this.#repo.page({ filter, after, limit: limit + 1 });
    const pageRows = rows.slice(0, limit);
    const ids = pageRows.map((r) => r.id);
    const [symbols, categories] = await Promise.all([this.#repo.symbolsOf(ids), this.#repo.categoriesOf(ids)]);
    const symbolsById = groupBy(
      symbols,
      (r) => r.article_id,
      (r) => r.symbol,
    );
    const categoriesById = groupBy(
      categories,
      (r) => r.article_id,
      (r) => r.category,
    );
    const items = pageRows.map((row) => ({
      id: row.id,
      title: row.title,
      summary: row.summary,
      url: row.url,
      source: row.source,
      publishedAt: row.published_at,
      symbols: symbolsById.get(row.id) ?? [],
      categories: categoriesById.get(row.id) ?? [],
      language: row.language,
      sentiment: scoreArticle(row),
    }));
    const last = pageRows[pageRows.length - 1];
    const nextCursor = rows.length > limit && last !== undefined ? encodeCursor({ publishedAt: last.published_at, id: last.id }) : null;
    return { items, nextCursor };
  }

  async getSentiment({ symbol, window, now }: { symbol?: string | undefined; window: SentimentWindow; now: Date }): Promise<NewsSentiment> {
    const from = new Date(now.getTime() - WINDOW_MS[window]);
    const rows = await this.#repo.inWindow({
      symbol: symbol?.toUpperCase(),
      fromAt: from.toISOString(),
      toAt: now.toISOString(),
    });
    const counts = { positive: 0, neutral: 0, negative: 0 };
    const byDay = new Map<string, number[]>();
    let sum = 0;
    for (const row of rows) {
      const { score, label } = scoreArticle(row);
      counts[label]++;
      sum += score;
      const day = row.published_at.slice(0, 10);
      const scores = byDay.get(day);
      if (scores === undefined) byDay.set(day, [score]);
      else scores.push(score);
    }
    const averageScore = rows.length === 0 ? null : roundTo(sum / rows.length, 4);
    const daily: NewsSentiment['daily'] = [];
    const today = isoDay(now);
    for (let date = isoDay(from); date <= today; date = addDays(date, 1)) {
      const scores = byDay.get(date) ?? [];
      daily.push({
        date,
        articleCount: scores.length,
        averageScore: scores.length === 0 ? null : roundTo(scores.reduce((a, b) => a + b, 0) / scores.length, 4),
      });
    }
    return {
      symbol: symbol === undefined ? null : symbol.toUpperCase(),
      window,
      from: from.toISOString(),
      to: now.toISOString(),
      model: SENTIMENT_MODEL,
      articleCount: rows.length,
      ...counts,
      averageScore,
      label: averageScore === null ? null : labelOf(averageScore),
      daily,
    };
  }
}

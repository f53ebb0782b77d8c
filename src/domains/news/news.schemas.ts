import { Type, type Static } from 'typebox';
import { IsoDate, IsoDateTime, Nullable, StringEnum } from '../../kernel/schemas.ts';

export const NEWS_CATEGORIES = ['crypto', 'equities', 'fx', 'commodities', 'macro', 'earnings', 'policy', 'real-estate'] as const;
export const NEWS_LANGUAGES = ['en', 'ja', 'vi'] as const;
export const SENTIMENT_WINDOWS = ['1d', '7d', '30d', '90d', '1y'] as const;
export type SentimentWindow = (typeof SENTIMENT_WINDOWS)[number];
export const DEFAULT_SENTIMENT_WINDOW: SentimentWindow = '7d';
export const DEFAULT_FEED_LIMIT = 20;

const SymbolParam = Type.String({
  minLength: 1,
  maxLength: 20,
  pattern: '^[A-Za-z0-9./_-]+$',
  description: 'An instrument identifier as the articles tag it: BTC, 7203, USD/JPY, gold',
});

export const NewsFeedQuerySchema = {
  symbol: Type.Optional(SymbolParam),
  category: Type.Optional(StringEnum(NEWS_CATEGORIES)),
  language: Type.Optional(StringEnum(NEWS_LANGUAGES)),
  from: Type.Optional(IsoDate({ description: 'YYYY-MM-DD; first day (UTC), inclusive' })),
  to: Type.Optional(IsoDate({ description: 'YYYY-MM-DD; last day (UTC), inclusive' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: DEFAULT_FEED_LIMIT }),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'meta.nextCursor of the previous page' })),
};

export const SentimentSchema = Type.Object({
  score: Type.Number({ minimum: -1, maximum: 1 }),
  label: StringEnum(['positive', 'neutral', 'negative']),
});

export const NewsItemSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  url: Type.String(),
  source: Type.String(),
  publishedAt: IsoDateTime(),
  symbols: Type.Array(Type.String()),
  categories: Type.Array(Type.String()),
  language: Type.String(),
  sentiment: SentimentSchema,
});
export type NewsItem = Static<typeof NewsItemSchema>;

export const NewsFeedSchema = Type.Array(NewsItemSchema);

export const NewsFeedMetaSchema = {
  nextCursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last page' })),
};

export const NewsSentimentQuerySchema = {
  symbol: Type.Optional(SymbolParam),
  window: StringEnum(SENTIMENT_WINDOWS, { default: DEFAULT_SENTIMENT_WINDOW }),
};

const SentimentDaySchema = Type.Object({
  date: IsoDate(),
  articleCount: Type.Integer(),
  averageScore: Nullable(Type.Number()),
});

export const NewsSentimentSchema = Type.Object({
  symbol: Nullable(Type.String({ description: 'null: the whole market (every article)' })),
  window: Type.String(),
  from: IsoDateTime(),
  to: IsoDateTime(),
  model: Type.String(),
  articleCount: Type.Integer(),
  positive: Type.Integer(),
  neutral: Type.Integer(),
  negative: Type.Integer(),
  averageScore: Nullable(Type.Number()),
  label: Nullable(StringEnum(['positive', 'neutral', 'negative'])),
  daily: Type.Array(SentimentDaySchema),
});
export type NewsSentiment = Static<typeof NewsSentimentSchema>;

import type { RouteReads } from '../../edge/route-reads.ts';
import { storedFacts } from '../../facts/names.ts';

/** What each news endpoint reads (src/edge/route-reads.ts): the sentiment is the hub's own score of the stored articles (sentiment.scorer.ts). */

const ARTICLE = storedFacts.table('news_article');

export const newsFeedReads: RouteReads = {
  example: '/news/feed?limit=100',
  fields: {
    '[].title': [ARTICLE],
    '[].summary': [ARTICLE],
    '[].url': [ARTICLE],
    '[].publishedAt': [ARTICLE],
    '[].symbols': [storedFacts.table('news_article_symbol')],
    '[].categories': [storedFacts.table('news_article_category')],
  },
  derived: ['[].sentiment'],
  labels: ['[].id', '[].source', '[].language'],
};

export const newsSentimentReads: RouteReads = {
  example: '/news/sentiment',
  fields: { articleCount: [ARTICLE], averageScore: [ARTICLE] },
  derived: ['positive', 'neutral', 'negative', 'label', 'daily'],
  labels: ['symbol', 'window', 'from', 'to', 'model'],
};

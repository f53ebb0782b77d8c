import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { NewsService } from '../news.service.ts';
import { NewsSentimentQuerySchema, NewsSentimentSchema } from '../news.schemas.ts';
import { newsSentimentReads } from '../news.reads.ts';

export function sentimentRoute(service: NewsService): ApiRoute {
  return defineRoute({
    path: '/news/sentiment',
    operationId: 'newsSentiment',
    summary: 'News sentiment of a symbol or of the whole market over a window',
    description:
      'Computed from the stored articles published in the window ending now, each scored by the hub’s finance lexicon ' +
      '(see `model`). Without `symbol`: every article (the market).',
    feature: 'news_data',
    weight: 2,
    query: NewsSentimentQuerySchema,
    data: NewsSentimentSchema,
    reads: newsSentimentReads,
    handler: async ({ query, now }) => ({ data: await service.getSentiment({ ...query, now }) }),
  });
}

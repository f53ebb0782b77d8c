import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import type { NewsService } from '../news.service.ts';
import { NewsSentimentQuerySchema, NewsSentimentSchema } from '../news.schemas.ts';

export function registerSentimentRoute(app: FastifyInstance, ctx: AppContext, service: NewsService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/news/sentiment',
    operationId: 'newsSentiment',
    tag: 'News',
    summary: 'News sentiment of a symbol or of the whole market over a window',
    description:
      'Computed from the stored articles published in the window ending now, each scored by the hub’s finance lexicon ' +
      '(see `model`). Without `symbol`: every article (the market).',
    feature: 'news_data',
    weight: 2,
    query: NewsSentimentQuerySchema,
    data: NewsSentimentSchema,
    handler: async ({ query, now }) => ({ data: await service.getSentiment({ ...query, now }) }),
  });
}

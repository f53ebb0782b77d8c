import type { DomainModule } from '../index.ts';
import { NewsService } from './news.service.ts';
import { registerFeedRoute } from './routes/feed.ts';
import { registerSentimentRoute } from './routes/sentiment.ts';

export const newsDomain: DomainModule = {
  name: 'news',
  register(app, ctx) {
    const service = new NewsService(ctx.store.db);
    registerFeedRoute(app, ctx, service);
    registerSentimentRoute(app, ctx, service);
  },
};

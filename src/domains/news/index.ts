import { defineDomain } from '../domain.ts';
import { NewsRepo } from './news.repo.ts';
import { NewsService } from './news.service.ts';
import { feedRoute } from './routes/feed.ts';
import { sentimentRoute } from './routes/sentiment.ts';

export const newsDomain = defineDomain({
  name: 'news',
  tag: 'News',
  service: (ctx) => new NewsService(new NewsRepo(ctx.store.db)),
  routes: [feedRoute, sentimentRoute],
});

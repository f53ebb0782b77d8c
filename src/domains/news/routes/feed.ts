import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { NewsService } from '../news.service.ts';
import { NewsFeedMetaSchema, NewsFeedQuerySchema, NewsFeedSchema } from '../news.schemas.ts';
import { newsFeedReads } from '../news.reads.ts';

export function feedRoute(service: NewsService): ApiRoute {
  return defineRoute({
    path: '/news/feed',
    operationId: 'newsFeed',
    summary: 'News articles, newest first, with a computed sentiment',
    description:
      'Cursor-paginated: pass `meta.nextCursor` as `cursor` for the next page (null on the last page). ' +
      'Pages are positions in (publishedAt, id) order, so articles arriving meanwhile never shift or repeat a page.',
    feature: 'news_data',
    weight: 2,
    query: NewsFeedQuerySchema,
    data: NewsFeedSchema,
    meta: NewsFeedMetaSchema,
    reads: newsFeedReads,
    handler: async ({ query, now }) => {
      const { items, nextCursor } = await service.getFeed({ ...query, now });
      return { data: items, meta: { nextCursor } };
    },
  });
}

import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { SeriesListMetaSchema, SeriesListQuerySchema, SeriesListSchema } from '../series.schemas.ts';
import type { SeriesService } from '../series.service.ts';

export function seriesListRoute(service: SeriesService): ApiRoute {
  return defineRoute({
    path: '/series',
    operationId: 'listSeries',
    summary: "Every series the key's plan may read: unit, frequency, sources, first and last date (an addition of the hub)",
    description:
      "The fact registry (`fdh facts`) and what the store holds: one series per index, pair, commodity, statistic and metric, and one per stored issue's bars, " +
      "coin's price and fund's price and NAV (`equity.bar:7203`, `crypto.snapshot:BTC`, `etf.nav:1306`). Each is listed only if the key's plan has the feature of its domain " +
      '(a macro statistic needs `macro_data`, as the macro endpoints do). First and last dates are what the store holds; `hasData=true` keeps the series it holds figures of. ' +
      '`series` is the path that answers it, percent-encoded as a client sends it, or null for a fact that is no series of figures.',
    feature: null,
    weight: 1,
    query: SeriesListQuerySchema,
    data: SeriesListSchema,
    meta: SeriesListMetaSchema,
    // The list depends on the calling key's features: answers are kept by feature set.
    cache: { audience: ({ features }) => [...features].sort().join(',') },
    handler: async ({ query, auth }) => {
      const { entries, nextCursor } = await service.list(query, auth.features);
      return { data: entries, meta: { nextCursor } };
    },
  });
}

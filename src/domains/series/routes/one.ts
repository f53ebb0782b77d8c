import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { SeriesMetaSchema, SeriesParamsSchema, SeriesPointsSchema, SeriesQuerySchema } from '../series.schemas.ts';
import type { SeriesService } from '../series.service.ts';
import { seriesReads } from '../series.reads.ts';

export function seriesRoute(service: SeriesService): ApiRoute {
  return defineRoute({
    path: '/series/:fact',
    operationId: 'getSeries',
    summary: "One fact's observations between two dates, as the hub knew them on a day (an addition of the hub)",
    description:
      "Needs the feature of the fact's domain (`index.close:*` `market_data`, `macro:*` `macro_data`, …: the same as the endpoints that show it). " +
      '`asOf`: a macro statistic as published by the end of that day (revisions after it unseen), a close as known then, other rows dated on or before it. ' +
      'Bars (`equity.bar:7203`, `etf.price:1306`) carry open, high, low, close and volume where the publisher gives them; a coin (`crypto.snapshot:BTC`) its price each day (the last snapshot) and 24-hour volume. ' +
      'A series neither the registry nor the store knows is a 404 whatever the window; one it knows with no figure in the window is an empty list. ' +
      "A pair's slash is sent percent-encoded (`fx.close:USD%2FJPY`). A macro statistic's `meta` carries `knowledgeAt` and `wasRestated` as the macro endpoints do. " +
      "As FRED does, the figures are aggregated to `frequency` by `aggregation` (each period's last, mean or sum), then transformed by `units` (changes, percent changes, annual rates, logs), " +
      "then cut to `from`/`to`, so a change at the window's first point compares with the figure before it; `meta` names the aggregation and units applied.",
    feature: null,
    featureOf: (params) => service.featureOf(params.fact ?? ''),
    weight: 2,
    params: SeriesParamsSchema,
    query: SeriesQuerySchema,
    data: SeriesPointsSchema,
    meta: SeriesMetaSchema,
    notFound: true,
    reads: seriesReads,
    handler: async ({ params, query, now }) => {
      const answer = await service.series(params.fact, query, now);
      return { data: answer.points, meta: answer.meta };
    },
  });
}

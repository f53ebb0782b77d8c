import { Type } from 'typebox';
import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { seriesVintagesReads } from '../series.reads.ts';
import { IsoDate } from '../../../kernel/schemas.ts';
import { SeriesParamsSchema } from '../series.schemas.ts';
import type { SeriesService } from '../series.service.ts';

const VintagesSchema = Type.Array(Type.Object({ date: IsoDate({ description: 'A day (UTC) the hub learned new or revised figures of the series' }) }));

const VintagesMetaSchema = {
  fact: Type.String(),
  count: Type.Integer({ minimum: 0, description: 'How many vintage dates' }),
};

export function seriesVintagesRoute(service: SeriesService): ApiRoute {
  return defineRoute({
    path: '/series/:fact/vintages',
    operationId: 'getSeriesVintages',
    summary: "The dates a series' published figures changed, ascending (ALFRED's vintage dates; an addition of the hub)",
    description:
      'Each day (UTC) on which the hub learned a new or revised figure of the series: `/series/{fact}?asOf=` the day before one shows the figures as they stood before it. ' +
      'Macro statistics and closes (`macro:*`, `index.close:*`, `fx.close:*`, `commodity.close:*`) keep their versions; ' +
      "a series whose store keeps one version of each figure (an issue's or a fund's bars, a coin, an on-chain metric) is a 400: `asOf` reads its rows by their date. " +
      "Needs the feature of the fact's domain, as `/series/{fact}` does.",
    feature: null,
    featureOf: (params) => service.featureOf(params.fact ?? ''),
    weight: 1,
    params: SeriesParamsSchema,
    reads: seriesVintagesReads,
    data: VintagesSchema,
    meta: VintagesMetaSchema,
    notFound: true,
    handler: async ({ params }) => {
      const days = await service.vintages(params.fact);
      return { data: days.map((date) => ({ date })), meta: { fact: params.fact, count: days.length } };
    },
  });
}

import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { IndicatorListQuerySchema, IndicatorListSchema } from '../indicators.schemas.ts';
import { indicatorsReads } from '../macro.reads.ts';

export function indicatorsRoute(services: MacroServices): ApiRoute {
  return defineRoute({
    path: '/macro/indicators',
    operationId: 'macroIndicators',
    summary: 'The macro indicator tables, with their latest period',
    feature: 'macro_data',
    weight: 2,
    query: IndicatorListQuerySchema,
    data: IndicatorListSchema,
    reads: indicatorsReads,
    handler: async ({ query, now }) => ({ data: await services.indicators.listIndicators({ ...query, now }) }),
  });
}

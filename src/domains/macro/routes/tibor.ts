import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { TiborQuerySchema, TiborSchema } from '../tibor.schemas.ts';
import { tiborReads } from '../macro.reads.ts';

export function tiborRoute(services: MacroServices): ApiRoute {
  return defineRoute({
    path: '/macro/interbank-rates/jp/tibor',
    operationId: 'macroJpTibor',
    summary: 'Japanese Yen TIBOR fixings, window counted back from the latest date with data, point-in-time',
    feature: 'macro_data',
    weight: 2,
    query: TiborQuerySchema,
    data: TiborSchema,
    reads: tiborReads,
    handler: async ({ query, now }) => ({ data: await services.tibor.getTibor({ ...query, now }) }),
  });
}

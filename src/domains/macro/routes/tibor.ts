import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { TiborQuerySchema, TiborSchema } from '../tibor.schemas.ts';

export function registerTibor(app: FastifyInstance, ctx: AppContext, services: MacroServices): void {
  registerApiRoute(app, ctx.clock, {
    path: '/macro/interbank-rates/jp/tibor',
    operationId: 'macroJpTibor',
    tag: 'Macro',
    summary: 'Japanese Yen TIBOR fixings, window counted back from the latest date with data, point-in-time',
    feature: 'macro_data',
    weight: 2,
    query: TiborQuerySchema,
    data: TiborSchema,
    handler: async ({ query, now }) => ({ data: await services.tibor.getTibor({ ...query, now }) }),
  });
}

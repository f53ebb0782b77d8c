import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { IndicatorListQuerySchema, IndicatorListSchema } from '../indicators.schemas.ts';

export function registerIndicators(app: FastifyInstance, ctx: AppContext, services: MacroServices): void {
  registerApiRoute(app, ctx.clock, {
    path: '/macro/indicators',
    operationId: 'macroIndicators',
    tag: 'Macro',
    summary: 'The macro indicator tables, with their latest period',
    feature: 'macro_data',
    weight: 2,
    query: IndicatorListQuerySchema,
    data: IndicatorListSchema,
    handler: async ({ query, now }) => ({ data: await services.indicators.listIndicators({ ...query, now }) }),
  });
}

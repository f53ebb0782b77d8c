import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { FdiByRegionQuerySchema, FdiByRegionSchema } from '../fdi.schemas.ts';

export function registerFdiByRegion(app: FastifyInstance, ctx: AppContext, services: MacroServices): void {
  registerApiRoute(app, ctx.clock, {
    path: '/macro/fdi/by-region',
    operationId: 'macroFdiByRegion',
    tag: 'Macro',
    summary: 'Japan FDI by region (quarterly, millions of US dollars), point-in-time',
    feature: 'macro_data',
    weight: 2,
    query: FdiByRegionQuerySchema,
    data: FdiByRegionSchema,
    handler: async ({ query, now }) => ({ data: await services.fdi.getFdiByRegion({ ...query, now }) }),
  });
}

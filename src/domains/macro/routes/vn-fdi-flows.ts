import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { VnFlowsQuerySchema, VnFlowsSchema } from '../vn-flows.schemas.ts';

export function registerVnFdiFlows(app: FastifyInstance, ctx: AppContext, services: MacroServices): void {
  registerApiRoute(app, ctx.clock, {
    path: '/macro/fdi/vn/flows',
    operationId: 'macroVnFdiFlows',
    tag: 'Macro',
    summary: 'Vietnam FDI flows: monthly amounts derived from year-to-date figures, point-in-time',
    feature: 'macro_data',
    weight: 2,
    query: VnFlowsQuerySchema,
    data: VnFlowsSchema,
    handler: async ({ query, now }) => ({ data: await services.vnFlows.getVnFlows({ ...query, now }) }),
  });
}

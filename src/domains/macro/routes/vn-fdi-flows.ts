import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { MacroServices } from '../macro.services.ts';
import { VnFlowsQuerySchema, VnFlowsSchema } from '../vn-flows.schemas.ts';
import { vnFdiFlowsReads } from '../macro.reads.ts';

export function vnFdiFlowsRoute(services: MacroServices): ApiRoute {
  return defineRoute({
    path: '/macro/fdi/vn/flows',
    operationId: 'macroVnFdiFlows',
    summary: 'Vietnam FDI flows: monthly amounts derived from year-to-date figures, point-in-time',
    feature: 'macro_data',
    weight: 2,
    query: VnFlowsQuerySchema,
    data: VnFlowsSchema,
    reads: vnFdiFlowsReads,
    handler: async ({ query, now }) => ({ data: await services.vnFlows.getVnFlows({ ...query, now }) }),
  });
}

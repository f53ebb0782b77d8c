import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { EtfTopNetflowSchema, TopNetflowQuerySchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';
import { etfTopNetflowReads } from '../etf.reads.ts';

export function etfTopNetflowRoute(service: EtfService): ApiRoute {
  return defineRoute({
    path: '/etf/top-netflow',
    operationId: 'etfTopNetflow',
    summary: 'Funds ranked by their latest net flow (units created or redeemed × NAV)',
    query: TopNetflowQuerySchema,
    data: EtfTopNetflowSchema,
    reads: etfTopNetflowReads,
    handler: async ({ query }) => ({ data: await service.getTopNetflow({ type: query.type }) }),
    feature: 'etf_data',
    weight: 8,
  });
}

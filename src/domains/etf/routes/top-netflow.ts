import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { EtfTopNetflowSchema, TopNetflowQuerySchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';

export function registerEtfTopNetflowRoute(app: FastifyInstance, ctx: AppContext, service: EtfService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/etf/top-netflow',
    operationId: 'etfTopNetflow',
    summary: 'Funds ranked by their latest net flow (units created or redeemed × NAV)',
    query: TopNetflowQuerySchema,
    data: EtfTopNetflowSchema,
    handler: async ({ query }) => ({ data: await service.getTopNetflow({ type: query.type ?? 'positive' }) }),
    tag: 'ETF',
    feature: 'etf_data',
    weight: 8,
  });
}

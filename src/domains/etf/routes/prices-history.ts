import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { EtfPriceHistorySchema, FundCodeParamsSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';

export function registerEtfPricesHistoryRoute(app: FastifyInstance, ctx: AppContext, service: EtfService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/etf/:code/prices-history',
    operationId: 'etfPricesHistory',
    summary: 'Daily exchange prices of a listed fund',
    params: FundCodeParamsSchema,
    data: EtfPriceHistorySchema,
    notFound: true,
    handler: async ({ params }) => ({ data: await service.getPricesHistory({ code: params.code }) }),
    tag: 'ETF',
    feature: 'etf_data',
    weight: 8,
  });
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { EtfHoldingsSchema, FundCodeParamsSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';

export function registerEtfHoldingsRoute(app: FastifyInstance, ctx: AppContext, service: EtfService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/etf/:code/holdings',
    operationId: 'etfHoldings',
    summary: 'A fund’s latest holdings snapshot',
    params: FundCodeParamsSchema,
    data: EtfHoldingsSchema,
    notFound: true,
    handler: async ({ params }) => ({ data: await service.getHoldings({ code: params.code }) }),
    tag: 'ETF',
    feature: 'etf_data',
    weight: 8,
  });
}

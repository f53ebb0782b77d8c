import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { EtfDetailSchema, FundCodeParamsSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';

export function registerEtfDetailRoute(app: FastifyInstance, ctx: AppContext, service: EtfService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/etf/:code/detail',
    operationId: 'etfDetail',
    summary: 'A fund’s quote, holdings summary, net flows and performance',
    params: FundCodeParamsSchema,
    data: EtfDetailSchema,
    notFound: true,
    handler: async ({ params }) => ({ data: await service.getDetail({ code: params.code }) }),
    tag: 'ETF',
    feature: 'etf_data',
    weight: 8,
  });
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { EtfInfoSchema, FundCodeParamsSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';

export function registerEtfInfoRoute(app: FastifyInstance, ctx: AppContext, service: EtfService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/etf/:code/info',
    operationId: 'etfInfo',
    summary: 'A fund’s description',
    params: FundCodeParamsSchema,
    data: EtfInfoSchema,
    notFound: true,
    handler: async ({ params }) => ({ data: await service.getInfo({ code: params.code }) }),
    tag: 'ETF',
    feature: 'etf_data',
    weight: 8,
  });
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { FundCodeParamsSchema, FundCompositionSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';

export function registerEtfCompositionRoute(app: FastifyInstance, ctx: AppContext, service: EtfService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/etf/:code/composition',
    operationId: 'etfComposition',
    summary: 'A fund’s asset, holding and sector composition',
    params: FundCodeParamsSchema,
    data: FundCompositionSchema,
    notFound: true,
    handler: async ({ params }) => ({ data: await service.getComposition({ code: params.code }) }),
    tag: 'ETF',
    feature: 'etf_data',
    weight: 8,
  });
}

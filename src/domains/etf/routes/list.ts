import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../core/context.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { EtfListSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';

export function registerEtfListRoute(app: FastifyInstance, ctx: AppContext, service: EtfService): void {
  registerApiRoute(app, ctx.clock, {
    path: '/etf',
    operationId: 'etfList',
    summary: 'Every fund with its latest price and size',
    data: EtfListSchema,
    handler: async () => ({ data: await service.listEtfs() }),
    tag: 'ETF',
    feature: 'etf_data',
    weight: 8,
  });
}

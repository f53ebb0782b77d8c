import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { EtfDetailSchema, FundCodeParamsSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';
import { etfDetailReads } from '../etf.reads.ts';

export function etfDetailRoute(service: EtfService): ApiRoute {
  return defineRoute({
    path: '/etf/:code/detail',
    operationId: 'etfDetail',
    summary: 'A fund’s quote, holdings summary, net flows and performance',
    params: FundCodeParamsSchema,
    data: EtfDetailSchema,
    notFound: true,
    reads: etfDetailReads,
    handler: async ({ params }) => ({ data: await service.getDetail({ code: params.code }) }),
    feature: 'etf_data',
    weight: 8,
  });
}

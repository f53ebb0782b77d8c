import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { EtfInfoSchema, FundCodeParamsSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';
import { etfInfoReads } from '../etf.reads.ts';

export function etfInfoRoute(service: EtfService): ApiRoute {
  return defineRoute({
    path: '/etf/:code/info',
    operationId: 'etfInfo',
    summary: 'A fund’s description',
    params: FundCodeParamsSchema,
    data: EtfInfoSchema,
    notFound: true,
    reads: etfInfoReads,
    handler: async ({ params }) => ({ data: await service.getInfo({ code: params.code }) }),
    feature: 'etf_data',
    weight: 8,
  });
}

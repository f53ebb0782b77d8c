import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { FundCodeParamsSchema, FundCompositionSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';
import { etfCompositionReads } from '../etf.reads.ts';

export function etfCompositionRoute(service: EtfService): ApiRoute {
  return defineRoute({
    path: '/etf/:code/composition',
    operationId: 'etfComposition',
    summary: 'A fund’s asset, holding and sector composition',
    params: FundCodeParamsSchema,
    data: FundCompositionSchema,
    notFound: true,
    reads: etfCompositionReads,
    handler: async ({ params }) => ({ data: await service.getComposition({ code: params.code }) }),
    feature: 'etf_data',
    weight: 8,
  });
}

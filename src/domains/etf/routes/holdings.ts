import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { EtfHoldingsSchema, FundCodeParamsSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';
import { etfHoldingsReads } from '../etf.reads.ts';

export function etfHoldingsRoute(service: EtfService): ApiRoute {
  return defineRoute({
    path: '/etf/:code/holdings',
    operationId: 'etfHoldings',
    summary: 'A fund’s latest holdings snapshot',
    params: FundCodeParamsSchema,
    data: EtfHoldingsSchema,
    notFound: true,
    reads: etfHoldingsReads,
    handler: async ({ params }) => ({ data: await service.getHoldings({ code: params.code }) }),
    feature: 'etf_data',
    weight: 8,
  });
}

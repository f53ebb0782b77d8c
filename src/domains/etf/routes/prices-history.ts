import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { EtfPriceHistorySchema, FundCodeParamsSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';
import { etfPricesHistoryReads } from '../etf.reads.ts';

export function etfPricesHistoryRoute(service: EtfService): ApiRoute {
  return defineRoute({
    path: '/etf/:code/prices-history',
    operationId: 'etfPricesHistory',
    summary: 'Daily exchange prices of a listed fund',
    params: FundCodeParamsSchema,
    data: EtfPriceHistorySchema,
    notFound: true,
    reads: etfPricesHistoryReads,
    handler: async ({ params }) => ({ data: await service.getPricesHistory({ code: params.code }) }),
    feature: 'etf_data',
    weight: 8,
  });
}

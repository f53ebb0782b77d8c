import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { CompareCompositionQuerySchema, FundCompositionListSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';
import { etfCompareFundCompositionReads } from '../etf.reads.ts';

export function etfCompareFundCompositionRoute(service: EtfService): ApiRoute {
  return defineRoute({
    path: '/etf/compare/fund-composition',
    operationId: 'etfCompareFundComposition',
    summary: 'Asset, holding and sector composition of 2 to 5 funds',
    query: CompareCompositionQuerySchema,
    data: FundCompositionListSchema,
    reads: etfCompareFundCompositionReads,
    handler: async ({ query }) => ({ data: await service.compareFundComposition({ codes: query.codes }) }),
    feature: 'etf_data',
    weight: 8,
  });
}

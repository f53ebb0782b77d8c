import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { RealEstateService } from '../real-estate.service.ts';
import { TransactionsQuerySchema, TransactionsSchema, WardParamsSchema } from '../real-estate.schemas.ts';
import { transactionsReads } from '../real-estate.reads.ts';

export function transactionsRoute(service: RealEstateService): ApiRoute {
  return defineRoute({
    path: '/real-estate/jp/provinces/:provinceId/wards/:wardId/transactions',
    operationId: 'realEstateWardTransactions',
    summary: 'Transactions of a Japanese ward, as MLIT publishes them',
    description:
      'Japan only (Vietnam publishes no transaction data: its path is a 404). Newest trade period first; `from`/`to` ' +
      'bound the trade period (YYYY-Qn, inclusive).',
    feature: 'realestate_data',
    weight: 2,
    params: WardParamsSchema,
    query: TransactionsQuerySchema,
    data: TransactionsSchema,
    notFound: true,
    reads: transactionsReads,
    handler: async ({ params, query }) => ({ data: await service.getTransactions({ ...params, ...query }) }),
  });
}

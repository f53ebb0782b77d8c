import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { EtfListSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';
import { etfListReads } from '../etf.reads.ts';

export function etfListRoute(service: EtfService): ApiRoute {
  return defineRoute({
    path: '/etf',
    operationId: 'etfList',
    summary: 'Every fund with its latest price and size',
    data: EtfListSchema,
    reads: etfListReads,
    handler: async () => ({ data: await service.listEtfs() }),
    feature: 'etf_data',
    weight: 8,
  });
}

import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { MarketIndexListSchema } from '../indices.schemas.ts';
import type { IndicesService } from '../indices.service.ts';
import { globalIndicesReads } from '../indices.reads.ts';

export function globalIndicesRoute(service: IndicesService): ApiRoute {
  return defineRoute({
    path: '/market/global-indices',
    operationId: 'marketGlobalIndices',
    summary: 'Major world stock indices: latest level and change from the previous close',
    feature: 'market_data',
    weight: 2,
    data: MarketIndexListSchema,
    reads: globalIndicesReads,
    handler: async () => ({ data: await service.getBoard({ board: 'global' }) }),
  });
}

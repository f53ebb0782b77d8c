import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { MarketIndexListSchema } from '../indices.schemas.ts';
import type { IndicesService } from '../indices.service.ts';
import { indicesSnapshotReads } from '../indices.reads.ts';

export function indicesSnapshotRoute(service: IndicesService): ApiRoute {
  return defineRoute({
    path: '/market/indices/snapshot',
    operationId: 'marketIndicesSnapshot',
    summary: 'Japanese market indices: latest level and change from the previous close',
    feature: 'market_data',
    weight: 2,
    data: MarketIndexListSchema,
    reads: indicesSnapshotReads,
    handler: async () => ({ data: await service.getBoard({ board: 'japan' }) }),
  });
}

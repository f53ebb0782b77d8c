import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { EtfHeatmapSchema } from '../etf.schemas.ts';
import type { EtfService } from '../etf.service.ts';
import { etfHeatmapReads } from '../etf.reads.ts';

export function etfHeatmapRoute(service: EtfService): ApiRoute {
  return defineRoute({
    path: '/etf/heatmap',
    operationId: 'etfHeatmap',
    summary: 'Latest session of every listed fund: change, trading value and its share',
    data: EtfHeatmapSchema,
    reads: etfHeatmapReads,
    handler: async () => ({ data: await service.getHeatmap() }),
    feature: 'etf_data',
    weight: 8,
  });
}

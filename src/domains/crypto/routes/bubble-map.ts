import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { BubbleMapQuerySchema, CryptoBubbleMapSchema } from '../crypto.schemas.ts';
import type { CryptoService } from '../crypto.service.ts';
import { cryptoBubbleMapReads } from '../crypto.reads.ts';

export function cryptoBubbleMapRoute(service: CryptoService): ApiRoute {
  return defineRoute({
    path: '/crypto/bubble-map',
    operationId: 'cryptoBubbleMap',
    summary: 'Crypto bubble map',
    description: 'The largest coins by market cap with their price change over the timeframe; size = sqrt(marketCap / largest marketCap served).',
    feature: 'crypto_data',
    weight: 3,
    query: BubbleMapQuerySchema,
    data: CryptoBubbleMapSchema,
    notFound: true,
    reads: cryptoBubbleMapReads,
    handler: async ({ query, now }) => ({
      data: await service.getBubbleMap({ now, timeframe: query.timeframe, limit: query.limit }),
    }),
  });
}

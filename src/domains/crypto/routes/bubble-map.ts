import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../core/clock.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { BubbleMapQuerySchema, CryptoBubbleMapSchema } from '../crypto.schemas.ts';
import type { CryptoService } from '../crypto.service.ts';

export function registerCryptoBubbleMapRoute(app: FastifyInstance, clock: Clock, service: CryptoService): void {
  registerApiRoute(app, clock, {
    path: '/crypto/bubble-map',
    operationId: 'cryptoBubbleMap',
    tag: 'Crypto',
    summary: 'Crypto bubble map',
    description: 'The largest coins by market cap with their price change over the timeframe; size = sqrt(marketCap / largest marketCap served).',
    feature: 'crypto_data',
    weight: 3,
    query: BubbleMapQuerySchema,
    data: CryptoBubbleMapSchema,
    notFound: true,
    handler: async ({ query, now }) => ({
      data: await service.getBubbleMap({ now, timeframe: query.timeframe ?? '1d', limit: query.limit ?? 100 }),
    }),
  });
}

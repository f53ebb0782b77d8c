import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../core/clock.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { CryptoOverviewSchema } from '../crypto.schemas.ts';
import type { CryptoService } from '../crypto.service.ts';

export function registerCryptoOverviewRoute(app: FastifyInstance, clock: Clock, service: CryptoService): void {
  registerApiRoute(app, clock, {
    path: '/crypto',
    operationId: 'cryptoOverview',
    tag: 'Crypto',
    summary: 'Crypto market overview',
    feature: 'crypto_data',
    weight: 3,
    data: CryptoOverviewSchema,
    notFound: true,
    handler: async ({ now }) => ({ data: await service.getOverview({ now }) }),
  });
}

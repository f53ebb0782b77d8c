import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../core/clock.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { CryptoOnchainSchema } from '../crypto.schemas.ts';
import type { CryptoService } from '../crypto.service.ts';

export function registerCryptoOnchainRoute(app: FastifyInstance, clock: Clock, service: CryptoService): void {
  registerApiRoute(app, clock, {
    path: '/crypto/onchain',
    operationId: 'cryptoOnchain',
    tag: 'Crypto',
    summary: 'Crypto on-chain metrics',
    feature: 'crypto_data',
    weight: 3,
    data: CryptoOnchainSchema,
    handler: async ({ now }) => ({ data: await service.getOnchain({ now }) }),
  });
}

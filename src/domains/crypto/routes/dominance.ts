import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../core/clock.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { CryptoDominanceSchema } from '../crypto.schemas.ts';
import type { CryptoService } from '../crypto.service.ts';

export function registerCryptoDominanceRoute(app: FastifyInstance, clock: Clock, service: CryptoService): void {
  registerApiRoute(app, clock, {
    path: '/crypto/dominance',
    operationId: 'cryptoDominance',
    tag: 'Crypto',
    summary: 'Crypto market dominance',
    feature: 'crypto_data',
    weight: 3,
    data: CryptoDominanceSchema,
    notFound: true,
    handler: async ({ now }) => ({ data: await service.getDominance({ now }) }),
  });
}

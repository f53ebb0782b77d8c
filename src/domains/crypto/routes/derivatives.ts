import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../../core/clock.ts';
import { registerApiRoute } from '../../../core/route.ts';
import { CryptoDerivativesSchema } from '../crypto.schemas.ts';
import type { CryptoService } from '../crypto.service.ts';

export function registerCryptoDerivativesRoute(app: FastifyInstance, clock: Clock, service: CryptoService): void {
  registerApiRoute(app, clock, {
    path: '/crypto/derivatives',
    operationId: 'cryptoDerivatives',
    tag: 'Crypto',
    summary: 'Crypto derivatives metrics',
    feature: 'crypto_data',
    weight: 3,
    data: CryptoDerivativesSchema,
    handler: async ({ now }) => ({ data: await service.getDerivatives({ now }) }),
  });
}

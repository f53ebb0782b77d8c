import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { CryptoDerivativesSchema } from '../crypto.schemas.ts';
import type { CryptoService } from '../crypto.service.ts';
import { cryptoDerivativesReads } from '../crypto.reads.ts';

export function cryptoDerivativesRoute(service: CryptoService): ApiRoute {
  return defineRoute({
    path: '/crypto/derivatives',
    operationId: 'cryptoDerivatives',
    summary: 'Crypto derivatives metrics',
    feature: 'crypto_data',
    weight: 3,
    data: CryptoDerivativesSchema,
    reads: cryptoDerivativesReads,
    handler: async ({ now }) => ({ data: await service.getDerivatives({ now }) }),
  });
}

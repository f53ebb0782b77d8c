import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { CryptoDominanceSchema } from '../crypto.schemas.ts';
import type { CryptoService } from '../crypto.service.ts';
import { cryptoDominanceReads } from '../crypto.reads.ts';

export function cryptoDominanceRoute(service: CryptoService): ApiRoute {
  return defineRoute({
    path: '/crypto/dominance',
    operationId: 'cryptoDominance',
    summary: 'Crypto market dominance',
    feature: 'crypto_data',
    weight: 3,
    data: CryptoDominanceSchema,
    notFound: true,
    reads: cryptoDominanceReads,
    handler: async ({ now }) => ({ data: await service.getDominance({ now }) }),
  });
}

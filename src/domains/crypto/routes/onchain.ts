import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { CryptoOnchainSchema } from '../crypto.schemas.ts';
import type { CryptoService } from '../crypto.service.ts';
import { cryptoOnchainReads } from '../crypto.reads.ts';

export function cryptoOnchainRoute(service: CryptoService): ApiRoute {
  return defineRoute({
    path: '/crypto/onchain',
    operationId: 'cryptoOnchain',
    summary: 'Crypto on-chain metrics',
    feature: 'crypto_data',
    weight: 3,
    data: CryptoOnchainSchema,
    reads: cryptoOnchainReads,
    handler: async ({ now }) => ({ data: await service.getOnchain({ now }) }),
  });
}

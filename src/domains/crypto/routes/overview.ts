import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import { CryptoOverviewSchema } from '../crypto.schemas.ts';
import type { CryptoService } from '../crypto.service.ts';
import { cryptoOverviewReads } from '../crypto.reads.ts';

export function cryptoOverviewRoute(service: CryptoService): ApiRoute {
  return defineRoute({
    path: '/crypto',
    operationId: 'cryptoOverview',
    summary: 'Crypto market overview',
    feature: 'crypto_data',
    weight: 3,
    data: CryptoOverviewSchema,
    notFound: true,
    reads: cryptoOverviewReads,
    handler: async ({ now }) => ({ data: await service.getOverview({ now }) }),
  });
}

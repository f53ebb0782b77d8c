import { defineDomain } from '../domain.ts';
import { CryptoRepo } from './crypto.repo.ts';
import { CryptoService } from './crypto.service.ts';
import { cryptoOverviewRoute } from './routes/overview.ts';
import { cryptoBubbleMapRoute } from './routes/bubble-map.ts';
import { cryptoOnchainRoute } from './routes/onchain.ts';
import { cryptoDerivativesRoute } from './routes/derivatives.ts';
import { cryptoDominanceRoute } from './routes/dominance.ts';

export const cryptoDomain = defineDomain({
  name: 'crypto',
  tag: 'Crypto',
  service: (ctx) => new CryptoService(new CryptoRepo(ctx.store.db)),
  routes: [cryptoOverviewRoute, cryptoBubbleMapRoute, cryptoOnchainRoute, cryptoDerivativesRoute, cryptoDominanceRoute],
});

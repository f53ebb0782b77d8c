import type { DomainModule } from '../index.ts';
import { CryptoRepo } from './crypto.repo.ts';
import { CryptoService } from './crypto.service.ts';
import { registerCryptoBubbleMapRoute } from './routes/bubble-map.ts';
import { registerCryptoDerivativesRoute } from './routes/derivatives.ts';
import { registerCryptoDominanceRoute } from './routes/dominance.ts';
import { registerCryptoOnchainRoute } from './routes/onchain.ts';
import { registerCryptoOverviewRoute } from './routes/overview.ts';

export const cryptoDomain: DomainModule = {
  name: 'crypto',
  register(app, ctx) {
    const service = new CryptoService(new CryptoRepo(ctx.store.db));
    registerCryptoOverviewRoute(app, ctx.clock, service);
    registerCryptoBubbleMapRoute(app, ctx.clock, service);
    registerCryptoOnchainRoute(app, ctx.clock, service);
    registerCryptoDerivativesRoute(app, ctx.clock, service);
    registerCryptoDominanceRoute(app, ctx.clock, service);
  },
};

import { defineDomain } from '../domain.ts';
import { EquitiesRepo } from './equities.repo.ts';
import { EquitiesService } from './equities.service.ts';
import { listRoute } from './routes/list.ts';
import { profileRoute } from './routes/profile.ts';
import { pricesRoute } from './routes/prices.ts';
import { financialStatementsRoute } from './routes/financial-statements.ts';
import { relatedStocksRoute } from './routes/related-stocks.ts';
import { corporateActionsRoute } from './routes/corporate-actions.ts';
import { sectorsRoute } from './routes/sectors.ts';

export const equitiesDomain = defineDomain({
  name: 'equities',
  tag: 'Equities',
  service: (ctx) => new EquitiesService(new EquitiesRepo(ctx.store.db)),
  routes: [listRoute, profileRoute, pricesRoute, financialStatementsRoute, relatedStocksRoute, corporateActionsRoute, sectorsRoute],
});

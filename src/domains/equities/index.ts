import type { DomainModule } from '../index.ts';
import { EquitiesRepo } from './equities.repo.ts';
import { EquitiesService } from './equities.service.ts';
import type { EquitiesModule } from './routes/equities-module.ts';
import { registerListRoute } from './routes/list.ts';
import { registerProfileRoute } from './routes/profile.ts';
import { registerPricesRoute } from './routes/prices.ts';
import { registerFinancialStatementsRoute } from './routes/financial-statements.ts';
import { registerRelatedStocksRoute } from './routes/related-stocks.ts';
import { registerCorporateActionsRoute } from './routes/corporate-actions.ts';
import { registerSectorsRoute } from './routes/sectors.ts';

export const equitiesDomain: DomainModule = {
  name: 'equities',
  register(app, ctx) {
    const module: EquitiesModule = {
      clock: ctx.clock,
      service: new EquitiesService(new EquitiesRepo(ctx.store.db)),
    };
    registerListRoute(app, module);
    registerProfileRoute(app, module);
    registerPricesRoute(app, module);
    registerFinancialStatementsRoute(app, module);
    registerRelatedStocksRoute(app, module);
    registerCorporateActionsRoute(app, module);
    registerSectorsRoute(app, module);
  },
};

import type { DomainModule } from '../index.ts';
import { FxService } from './fx.service.ts';
import { registerFxCorrelation } from './routes/correlation.ts';
import { registerFxEmStress } from './routes/em-stress.ts';
import { registerFxSummary } from './routes/summary.ts';
import { registerFxTable } from './routes/table.ts';

export const fxDomain: DomainModule = {
  name: 'fx',
  register(app, ctx) {
    const service = new FxService(ctx.store.db);
    registerFxSummary(app, ctx, service);
    registerFxTable(app, ctx, service);
    registerFxCorrelation(app, ctx, service);
    registerFxEmStress(app, ctx, service);
  },
};

import { defineDomain } from '../domain.ts';
import { FxRepo } from './fx.repo.ts';
import { FxService } from './fx.service.ts';
import { fxSummaryRoute } from './routes/summary.ts';
import { fxTableRoute } from './routes/table.ts';
import { fxCorrelationRoute } from './routes/correlation.ts';
import { fxEmStressRoute } from './routes/em-stress.ts';

export const fxDomain = defineDomain({
  name: 'fx',
  tag: 'FX',
  service: (ctx) => new FxService(new FxRepo(ctx.store.db)),
  routes: [fxSummaryRoute, fxTableRoute, fxCorrelationRoute, fxEmStressRoute],
});

import type { DomainModule } from '../index.ts';
import { CommoditiesRepo } from './commodities.repo.ts';
import { CommoditiesService } from './commodities.service.ts';
import { registerCommoditiesFeaturedRoute } from './routes/featured.ts';
import { registerCommoditiesGoldDxyRoute } from './routes/gold-dxy.ts';
import { registerCommoditiesHistoryRoute } from './routes/history.ts';
import { registerCommoditiesListRoute } from './routes/list.ts';
import { registerCommoditiesMoversRoute } from './routes/movers.ts';

export const commoditiesDomain: DomainModule = {
  name: 'commodities',
  register(app, ctx) {
    const service = new CommoditiesService(new CommoditiesRepo(ctx.store.db));
    registerCommoditiesListRoute(app, ctx.clock, service);
    registerCommoditiesFeaturedRoute(app, ctx.clock, service);
    registerCommoditiesMoversRoute(app, ctx.clock, service);
    registerCommoditiesGoldDxyRoute(app, ctx.clock, service);
    registerCommoditiesHistoryRoute(app, ctx.clock, service);
  },
};

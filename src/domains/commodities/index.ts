import { defineDomain } from '../domain.ts';
import { CommoditiesRepo } from './commodities.repo.ts';
import { CommoditiesService } from './commodities.service.ts';
import { commoditiesListRoute } from './routes/list.ts';
import { commoditiesFeaturedRoute } from './routes/featured.ts';
import { commoditiesMoversRoute } from './routes/movers.ts';
import { commoditiesGoldDxyRoute } from './routes/gold-dxy.ts';
import { commoditiesHistoryRoute } from './routes/history.ts';

export const commoditiesDomain = defineDomain({
  name: 'commodities',
  tag: 'Commodities',
  service: (ctx) => new CommoditiesService(new CommoditiesRepo(ctx.store.db)),
  routes: [commoditiesListRoute, commoditiesFeaturedRoute, commoditiesMoversRoute, commoditiesGoldDxyRoute, commoditiesHistoryRoute],
});

import type { DomainModule } from '../index.ts';
import { EtfRepo } from './etf.repo.ts';
import { EtfService } from './etf.service.ts';
import { registerEtfListRoute } from './routes/list.ts';
import { registerEtfTopPerformanceRoute } from './routes/top-performance.ts';
import { registerEtfTopNetflowRoute } from './routes/top-netflow.ts';
import { registerEtfHeatmapRoute } from './routes/heatmap.ts';
import { registerEtfCompareFundCompositionRoute } from './routes/compare-fund-composition.ts';
import { registerEtfCompareNavGrowthRoute } from './routes/compare-nav-growth.ts';
import { registerEtfNavGrowthRoute } from './routes/nav-growth.ts';
import { registerEtfInfoRoute } from './routes/info.ts';
import { registerEtfHoldingsRoute } from './routes/holdings.ts';
import { registerEtfPricesHistoryRoute } from './routes/prices-history.ts';
import { registerEtfDetailRoute } from './routes/detail.ts';
import { registerEtfCompositionRoute } from './routes/composition.ts';

export const etfDomain: DomainModule = {
  name: 'etf',
  register(app, ctx) {
    const service = new EtfService(new EtfRepo(ctx.store.db));
    for (const register of [
      registerEtfListRoute,
      registerEtfTopPerformanceRoute,
      registerEtfTopNetflowRoute,
      registerEtfHeatmapRoute,
      registerEtfCompareFundCompositionRoute,
      registerEtfCompareNavGrowthRoute,
      registerEtfNavGrowthRoute,
      registerEtfInfoRoute,
      registerEtfHoldingsRoute,
      registerEtfPricesHistoryRoute,
      registerEtfDetailRoute,
      registerEtfCompositionRoute,
    ]) {
      register(app, ctx, service);
    }
  },
};

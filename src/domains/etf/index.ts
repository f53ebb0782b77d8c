import { defineDomain } from '../domain.ts';
import { EtfRepo } from './etf.repo.ts';
import { EtfService } from './etf.service.ts';
import { etfListRoute } from './routes/list.ts';
import { etfTopPerformanceRoute } from './routes/top-performance.ts';
import { etfTopNetflowRoute } from './routes/top-netflow.ts';
import { etfHeatmapRoute } from './routes/heatmap.ts';
import { etfCompareFundCompositionRoute } from './routes/compare-fund-composition.ts';
import { etfCompareNavGrowthRoute } from './routes/compare-nav-growth.ts';
import { etfNavGrowthRoute } from './routes/nav-growth.ts';
import { etfInfoRoute } from './routes/info.ts';
import { etfHoldingsRoute } from './routes/holdings.ts';
import { etfPricesHistoryRoute } from './routes/prices-history.ts';
import { etfDetailRoute } from './routes/detail.ts';
import { etfCompositionRoute } from './routes/composition.ts';

export const etfDomain = defineDomain({
  name: 'etf',
  tag: 'ETF',
  service: (ctx) => new EtfService(new EtfRepo(ctx.store.db)),
  routes: [
    etfListRoute,
    etfTopPerformanceRoute,
    etfTopNetflowRoute,
    etfHeatmapRoute,
    etfCompareFundCompositionRoute,
    etfCompareNavGrowthRoute,
    etfNavGrowthRoute,
    etfInfoRoute,
    etfHoldingsRoute,
    etfPricesHistoryRoute,
    etfDetailRoute,
    etfCompositionRoute,
  ],
});

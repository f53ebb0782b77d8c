import { defineDomain } from '../domain.ts';
import { createMacroServices } from './macro.services.ts';
import { gdpGrowthRateRoute } from './routes/gdp-growth-rate.ts';
import { marketRecapRoute } from './routes/market-recap.ts';
import { economicDataRoute } from './routes/economic-data.ts';
import { exchangeRateRoute } from './routes/exchange-rate.ts';
import { populationRoute } from './routes/population.ts';
import { centralGovernmentDebtRoute } from './routes/central-government-debt.ts';
import { ratesYieldsRoute } from './routes/rates-yields.ts';
import { fdiByRegionRoute } from './routes/fdi-by-region.ts';
import { vnFdiFlowsRoute } from './routes/vn-fdi-flows.ts';
import { tiborRoute } from './routes/tibor.ts';
import { indicatorsRoute } from './routes/indicators.ts';
import { indicatorTablesRoute } from './routes/indicator-tables.ts';

export const macroDomain = defineDomain({
  name: 'macro',
  tag: 'Macro',
  service: createMacroServices,
  routes: [
    gdpGrowthRateRoute,
    marketRecapRoute,
    economicDataRoute,
    exchangeRateRoute,
    populationRoute,
    centralGovernmentDebtRoute,
    ratesYieldsRoute,
    fdiByRegionRoute,
    vnFdiFlowsRoute,
    tiborRoute,
    indicatorsRoute,
    indicatorTablesRoute,
  ],
});

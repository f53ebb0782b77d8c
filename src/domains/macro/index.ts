import type { DomainModule } from '../index.ts';
import { createMacroServices } from './macro.services.ts';
import { registerCentralGovernmentDebt } from './routes/central-government-debt.ts';
import { registerEconomicData } from './routes/economic-data.ts';
import { registerExchangeRate } from './routes/exchange-rate.ts';
import { registerFdiByRegion } from './routes/fdi-by-region.ts';
import { registerGdpGrowthRate } from './routes/gdp-growth-rate.ts';
import { registerIndicatorTables } from './routes/indicator-tables.ts';
import { registerIndicators } from './routes/indicators.ts';
import { registerMarketRecap } from './routes/market-recap.ts';
import { registerPopulation } from './routes/population.ts';
import { registerRatesYields } from './routes/rates-yields.ts';
import { registerTibor } from './routes/tibor.ts';
import { registerVnFdiFlows } from './routes/vn-fdi-flows.ts';

export const macroDomain: DomainModule = {
  name: 'macro',
  register(app, ctx) {
    const services = createMacroServices(ctx);
    for (const register of [
      registerGdpGrowthRate,
      registerMarketRecap,
      registerEconomicData,
      registerExchangeRate,
      registerPopulation,
      registerCentralGovernmentDebt,
      registerRatesYields,
      registerFdiByRegion,
      registerVnFdiFlows,
      registerTibor,
      registerIndicators,
      registerIndicatorTables,
    ]) {
      register(app, ctx, services);
    }
  },
};

import type { DomainModule } from '../index.ts';
import { RealEstateService } from './real-estate.service.ts';
import { registerGeoJsonRoute } from './routes/geojson.ts';
import { registerPricesRoute } from './routes/prices.ts';
import { registerProvincesRoute } from './routes/provinces.ts';
import { registerTransactionsRoute } from './routes/transactions.ts';
import { registerWardsRoute } from './routes/wards.ts';

export const realEstateDomain: DomainModule = {
  name: 'real-estate',
  register(app, ctx) {
    const service = new RealEstateService(ctx.store.db);
    registerProvincesRoute(app, ctx, service);
    registerGeoJsonRoute(app, ctx, service);
    registerPricesRoute(app, ctx, service);
    registerWardsRoute(app, ctx, service);
    registerTransactionsRoute(app, ctx, service);
  },
};

import { defineDomain } from '../domain.ts';
import { RealEstateRepo } from './real-estate.repo.ts';
import { RealEstateService } from './real-estate.service.ts';
import { provincesRoute } from './routes/provinces.ts';
import { geoJsonRoute } from './routes/geojson.ts';
import { pricesRoute } from './routes/prices.ts';
import { wardsRoute } from './routes/wards.ts';
import { transactionsRoute } from './routes/transactions.ts';

export const realEstateDomain = defineDomain({
  name: 'real-estate',
  tag: 'Real Estate',
  service: (ctx) => new RealEstateService(new RealEstateRepo(ctx.store.db)),
  routes: [provincesRoute, geoJsonRoute, pricesRoute, wardsRoute, transactionsRoute],
});

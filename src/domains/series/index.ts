import { defineDomain } from '../domain.ts';
import { SeriesRepo } from './series.repo.ts';
import { SeriesService } from './series.service.ts';
import { seriesListRoute } from './routes/list.ts';
import { seriesRoute } from './routes/one.ts';

/** Every fact of the registry and every stored series (an addition of the hub, contract section 5 D and E). */
export const seriesDomain = defineDomain({
  name: 'series',
  tag: 'Series',
  service: (ctx) => new SeriesService(new SeriesRepo(ctx.store.db), ctx.versions),
  routes: [seriesListRoute, seriesRoute],
});

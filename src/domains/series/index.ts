import { defineDomain } from '../domain.ts';
import { SeriesRepo } from './series.repo.ts';
import { SeriesService } from './series.service.ts';
import { seriesListRoute } from './routes/list.ts';
import { seriesRoute } from './routes/one.ts';

/** Every fact of the registry as a series (an addition of the hub, contract section 5 D). */
export const seriesDomain = defineDomain({
  name: 'series',
  tag: 'Series',
  service: (ctx) => new SeriesService(new SeriesRepo(ctx.store.db)),
  routes: [seriesListRoute, seriesRoute],
});

import { defineDomain, type Domain } from '../domain.ts';
import type { ReadingEndpoint } from '../../edge/route-reads.ts';
import { factRegistry } from '../../facts/registry.ts';
import { SeriesRepo } from './series.repo.ts';
import { SeriesService } from './series.service.ts';
import { seriesListRoute } from './routes/list.ts';
import { seriesRoute } from './routes/one.ts';
import { seriesTableRoute } from './routes/table.ts';
import { seriesVintagesRoute } from './routes/vintages.ts';

/**
 * Every fact of the registry and every stored series (an addition of the hub, contract section 5
 * D and E): the registry is what the data `endpoints` read.
 */
export function seriesDomain(endpoints: readonly ReadingEndpoint[]): Domain {
  return defineDomain({
    name: 'series',
    tag: 'Series',
    service: (ctx) => new SeriesService(new SeriesRepo(ctx.store.db), ctx.versions, factRegistry([], endpoints)),
    routes: [seriesListRoute, seriesTableRoute, seriesRoute, seriesVintagesRoute],
  });
}

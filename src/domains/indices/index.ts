import { defineDomain } from '../domain.ts';
import { IndicesRepo } from './indices.repo.ts';
import { IndicesService } from './indices.service.ts';
import { InstrumentRepo } from '../instruments/instrument.repo.ts';
import { indicesSnapshotRoute } from './routes/snapshot.ts';
import { globalIndicesRoute } from './routes/global-indices.ts';

export const indicesDomain = defineDomain({
  name: 'indices',
  tag: 'Market',
  service: (ctx) => new IndicesService(new IndicesRepo(ctx.store.db), new InstrumentRepo(ctx.store.db)),
  routes: [indicesSnapshotRoute, globalIndicesRoute],
});

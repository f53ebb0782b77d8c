import type { DomainModule } from '../index.ts';
import { IndicesService } from './indices.service.ts';
import { registerGlobalIndices } from './routes/global-indices.ts';
import { registerIndicesSnapshot } from './routes/snapshot.ts';

export const indicesDomain: DomainModule = {
  name: 'indices',
  register(app, ctx) {
    const service = new IndicesService(ctx.store.db);
    registerIndicesSnapshot(app, ctx, service);
    registerGlobalIndices(app, ctx, service);
  },
};

import type { DomainModule } from '../index.ts';

export const indicesDomain: DomainModule = {
  name: 'indices',
  register() {},
};

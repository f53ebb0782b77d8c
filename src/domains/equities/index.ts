import type { DomainModule } from '../index.ts';

export const equitiesDomain: DomainModule = {
  name: 'equities',
  register() {},
};

import type { DomainModule } from '../index.ts';

export const commoditiesDomain: DomainModule = {
  name: 'commodities',
  register() {},
};

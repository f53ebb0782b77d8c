import type { DomainModule } from '../index.ts';

export const realEstateDomain: DomainModule = {
  name: 'real-estate',
  register() {},
};

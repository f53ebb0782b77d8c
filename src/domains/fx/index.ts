import type { DomainModule } from '../index.ts';

export const fxDomain: DomainModule = {
  name: 'fx',
  register() {},
};

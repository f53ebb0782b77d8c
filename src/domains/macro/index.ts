import type { DomainModule } from '../index.ts';

export const macroDomain: DomainModule = {
  name: 'macro',
  register() {},
};

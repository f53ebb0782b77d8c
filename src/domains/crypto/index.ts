import type { DomainModule } from '../index.ts';

export const cryptoDomain: DomainModule = {
  name: 'crypto',
  register() {},
};

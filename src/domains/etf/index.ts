import type { DomainModule } from '../index.ts';

export const etfDomain: DomainModule = {
  name: 'etf',
  register() {},
};

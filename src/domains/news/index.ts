import type { DomainModule } from '../index.ts';

export const newsDomain: DomainModule = {
  name: 'news',
  register() {},
};

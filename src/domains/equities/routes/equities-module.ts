import type { Clock } from '../../../core/clock.ts';
import type { EquitiesService } from '../equities.service.ts';

/** What each equities route needs: built once per app in the domain's `register`. */
export interface EquitiesModule {
  clock: Clock;
  service: EquitiesService;
}

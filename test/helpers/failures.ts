import { ApiError } from '../../src/edge/errors.ts';
import type { Domain } from '../../src/domains/domain.ts';

/**
 * How one injected failure answers: `500` an unexpected error, `503` an unavailable service
 * without `Retry-After` (a closing process, a proxy), `store-down` the hub's own 503 for an
 * unreachable database, which asks `Retry-After: 5`.
 */
export type InjectedFailure = 500 | 503 | 'store-down';

function failureOf(failure: InjectedFailure): Error {
  if (failure === 500) return new Error('injected failure');
  if (failure === 503) return new ApiError(503, 'INTERNAL_ERROR', 'injected: the service is restarting');
  return Object.assign(new Error('connect ECONNREFUSED (injected)'), { code: 'ECONNREFUSED' });
}

export interface FailureInjector {
  /** List it before the domains it should fail: it registers a hook, and hooks apply to routes registered after them. */
  domain: Domain;
  /** How many requests to the path arrived, the failed ones included. */
  requests(): number;
}

/** Fails the first requests to `url` (path and query, as sent) as `failures` lists them, then lets every request through. */
export function failureInjector(url: string, failures: readonly InjectedFailure[]): FailureInjector {
  let requests = 0;
  return {
    // A domain whose one "route" is a hook on every route registered after it.
    domain: {
      name: 'failure-injector',
      tag: 'Crypto',
      routes: () => [
        {
          path: '*',
          operationId: 'failureInjector',
          register(app) {
            app.addHook('onRequest', async (request) => {
              if (request.url !== url) return;
              const failure = failures[requests++];
              if (failure !== undefined) throw failureOf(failure);
            });
          },
        },
      ],
      declarations: () => [],
    },
    requests: () => requests,
  };
}

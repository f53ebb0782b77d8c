import { API_PREFIX } from '../edge/route.ts';

/** Any origin: only whether a path stays the same path when resolved against it matters. */
const SOME_ORIGIN = 'http://hub.invalid';

/**
 * Whether `path` names a path under `/openapi/v1/` as it stands: resolving it changes nothing (no
 * `..` or `%2e%2e` segment, no backslash, no host, query or fragment, nothing left to encode). A
 * path that a URL parser, a proxy or the router would read otherwise is refused, not repaired.
 */
export function isApiPath(path: string): boolean {
  const url = URL.parse(path, SOME_ORIGIN);
  return url !== null && url.origin === SOME_ORIGIN && url.pathname === path && path.startsWith(`${API_PREFIX}/`);
}

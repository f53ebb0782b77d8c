import type { TestContext } from 'node:test';
import { createTestHub, type TestHub, type TestHubOptions } from './app.ts';

export interface ListeningHub extends TestHub {
  /** Where the hub listens on loopback, e.g. `http://127.0.0.1:41234`. */
  baseUrl: string;
}

/** A test hub that also listens on a free loopback port, so a client reaches it with a real fetch. */
export async function listeningHub(t: TestContext, options: TestHubOptions = {}): Promise<ListeningHub> {
  const hub = await createTestHub(t, options);
  const baseUrl = await hub.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...hub, baseUrl };
}

/** A `fetch` that reports the status of every answer it passes on, for tests that count attempts. */
export function recordingFetch(statuses: number[], inner: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    statuses.push(response.status);
    return response;
  };
}

/**
 * A `fetch` that keeps the hub's cookies between requests, as a browser does for the dashboard's
 * same-origin calls: Node's fetch has no cookie jar and ignores `credentials`. A cookie set with
 * `Max-Age=0` (sign-out) is dropped.
 */
export function cookieKeepingFetch(inner: typeof fetch = fetch): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await inner(input, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const [name = '', ...value] = pair.trim().split('=');
      if (attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))) jar.delete(name);
      else jar.set(name, value.join('='));
    }
    return response;
  };
}

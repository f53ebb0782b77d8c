import { bodyOf, HubUnavailableError, type HubCaller } from './hub-caller.ts';

/** Longer than any answer of the hub takes; a hub that hangs fails the tool call instead of the assistant. */
const ANSWER_TIMEOUT_MS = 60_000;

/** A hub over HTTP at `baseUrl` (`http://127.0.0.1:8080`, or under a path prefix), called with `apiKey`. */
export function fetchingCaller(baseUrl: string, apiKey: string): HubCaller {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async get(pathAndQuery) {
      let response: Response;
      let text: string;
      try {
        response = await fetch(base + pathAndQuery, {
          headers: { 'x-api-key': apiKey, accept: 'application/json' },
          signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS),
        });
        text = await response.text();
      } catch (error) {
        const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
        throw new HubUnavailableError(`The hub at ${base} did not answer: ${reason}`);
      }
      return { status: response.status, body: bodyOf(response.headers.get('content-type') ?? undefined, text) };
    },
  };
}

import { CLIENT_ERROR_CODES, FdhError } from './errors.ts';

/** One answer as it came back: status, headers, the body parsed as JSON (undefined if it is not JSON) and as text. */
export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * One HTTP exchange bounded by `timeoutMs`, the body read included. The caller's abort rejects
 * with the signal's reason, untouched; a timeout or a failed connection becomes an FdhError
 * with status 0, which the retry policy may retry.
 */
export async function attempt(fetchImpl: typeof fetch, url: string, init: RequestInit, timeoutMs: number, signal: AbortSignal | undefined): Promise<Answer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted === true) controller.abort(signal.reason);
  else signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const response = await fetchImpl(url, { ...init, signal: controller.signal });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: parsed(text), text };
  } catch (error) {
    if (signal?.aborted === true) throw signal.reason;
    const method = init.method ?? 'GET';
    if (timedOut) {
      throw new FdhError({ status: 0, code: CLIENT_ERROR_CODES.timeout, messages: [`no answer within ${timeoutMs} ms`], method, url }, { cause: error });
    }
    const message = error instanceof Error ? error.message : String(error);
    throw new FdhError({ status: 0, code: CLIENT_ERROR_CODES.network, messages: [message], method, url }, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

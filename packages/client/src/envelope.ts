import { CLIENT_ERROR_CODES, FdhError } from './errors.ts';
import { rateLimitOf, retryAfterOf } from './rate-limit.ts';
import type { Answer } from './attempt.ts';

export interface SuccessEnvelope {
  data: unknown;
  meta: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The success envelope of a 2xx answer, or undefined when the answer is anything else. */
export function successOf(answer: Answer): SuccessEnvelope | undefined {
  const body = answer.body;
  if (answer.status < 200 || answer.status > 299 || !isObject(body) || body.success !== true || !('data' in body)) return undefined;
  return { data: body.data, meta: isObject(body.meta) ? body.meta : {} };
}

/** The FdhError an unsuccessful answer stands for: the hub's code and messages when it sent its error envelope. */
export function errorOf(answer: Answer, method: string, url: string): FdhError {
  const body = answer.body;
  const error = isObject(body) && body.success === false && isObject(body.error) ? body.error : undefined;
  const message = error?.message;
  const messages = Array.isArray(message) ? message.map(String) : typeof message === 'string' ? [message] : [];
  return new FdhError({
    status: answer.status,
    code: typeof error?.code === 'string' ? error.code : CLIENT_ERROR_CODES.invalidResponse,
    messages: messages.length > 0 || error !== undefined ? messages : [`answer ${answer.status} is not the hub's JSON envelope`],
    method,
    url,
    rateLimit: rateLimitOf(answer.headers),
    retryAfter: retryAfterOf(answer.headers),
  });
}

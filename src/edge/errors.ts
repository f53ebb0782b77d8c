import type { ErrorCode } from '../kernel/domain-errors.ts';

/** Short status names sent as `meta.error`. */
export const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * An answer other than 200, with its status, code, messages and headers. It is what the API
 * says, not a fault in the hub, so it carries no stack: a flood of refusals (401, 403, 429)
 * would pay for capturing one each. A fault keeps its own error, logged with its stack.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly messages: string | string[];
  readonly headers: Record<string, string>;

  constructor(statusCode: number, code: ErrorCode, messages: string | string[], headers: Record<string, string> = {}) {
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(Array.isArray(messages) ? messages.join('; ') : messages);
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.messages = messages;
    this.headers = headers;
  }
}

/**
 * The closed list of error codes of the specification. The HTTP status carries the meaning;
 * the code only narrows it where the specification names one (`INTERNAL_ERROR` is also the
 * code of 400, 404, 405 and 503, as the specification does for 400 and 404).
 */
export const ERROR_CODES = [
  'INTERNAL_ERROR',
  'MARKET_NOT_SUPPORTED',
  'API_KEY_REQUIRED',
  'API_KEY_INVALID',
  'FEATURE_NOT_IN_PLAN',
  'EQUITY_NOT_FOUND',
  'RATE_LIMIT_EXCEEDED',
  // The dashboard API (/api/v1), which the specification does not describe.
  'SESSION_REQUIRED',
  'LOGIN_FAILED',
  'CSRF_TOKEN_INVALID',
  'ADMIN_REQUIRED',
  'EMAIL_TAKEN',
  'PASSWORD_CHANGE_REQUIRED',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

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

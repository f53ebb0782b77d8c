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

/** The kinds of domain error; the edge gives each its HTTP status (error-mapping.ts). */
export type DomainErrorKind = 'invalid-input' | 'unsupported' | 'not-found' | 'conflict';

/**
 * What services, the store, accounts and keys throw when a request cannot be answered as
 * asked. They know nothing of HTTP: the edge turns each kind into a status and the error
 * envelope, for `/openapi/v1` and `/api/v1` alike. `code` is the contract's code where it names
 * one (`EQUITY_NOT_FOUND`); without one the envelope says `INTERNAL_ERROR`.
 */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  readonly code: ErrorCode | undefined;
  /** One or more messages, each naming the parameter or the thing it is about. */
  readonly messages: readonly string[];

  constructor(messages: string | readonly string[], code: ErrorCode | undefined) {
    const list = typeof messages === 'string' ? [messages] : messages;
    super(list.join('; '));
    this.name = new.target.name;
    this.code = code;
    this.messages = list;
  }
}

/** Input the caller can fix: a value out of range, two parameters that contradict each other. */
export class InvalidInputError extends DomainError {
  readonly kind = 'invalid-input';

  constructor(messages: string | readonly string[], code?: ErrorCode) {
    super(messages, code);
  }
}

/** A well-formed request for something this hub does not serve (a market other than Tokyo). */
export class UnsupportedError extends DomainError {
  readonly kind = 'unsupported';

  constructor(message: string, code?: ErrorCode) {
    super(message, code);
  }
}

/** The resource named does not exist (or is not one the caller may see). */
export class NotFoundError extends DomainError {
  readonly kind = 'not-found';

  constructor(message: string, code?: ErrorCode) {
    super(message, code);
  }
}

/** The request clashes with what is stored (an email that already names an account). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';

  constructor(message: string, code?: ErrorCode) {
    super(message, code);
  }
}

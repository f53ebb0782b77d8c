import type { DomainError, DomainErrorKind } from '../kernel/domain-errors.ts';
import { ApiError } from './errors.ts';

const STATUS_OF: Record<DomainErrorKind, number> = {
  'invalid-input': 400,
  unsupported: 400,
  'not-found': 404,
  conflict: 409,
};

/**
 * The one place a domain error becomes HTTP: its status, its code (`INTERNAL_ERROR` where the
 * contract names none) and its messages. A 400 carries them as an array, one per parameter, as
 * the contract's 400 does; the others carry one message.
 */
export function apiErrorOf(error: DomainError): ApiError {
  const status = STATUS_OF[error.kind];
  return new ApiError(status, error.code ?? 'INTERNAL_ERROR', status === 400 ? [...error.messages] : error.message);
}

import { ConflictError, InvalidInputError, NotFoundError } from '../kernel/domain-errors.ts';

/** Input an operator or a dashboard user can fix: the CLI exits 2, the edge answers 400. */
export class AccountInputError extends InvalidInputError {}

/** No such account (or not one the caller may see): 404. */
export class AccountNotFoundError extends NotFoundError {}

/** The email already names an account: 409 `EMAIL_TAKEN`. */
export class EmailTakenError extends ConflictError {
  constructor(message: string) {
    super(message, 'EMAIL_TAKEN');
  }
}

/** A password too short, too long or too easy to guess (zxcvbn-ts score below 3): 400. */
export class WeakPasswordError extends AccountInputError {}

/** The current password given to change it is not the account's: 400. */
export class WrongPasswordError extends AccountInputError {}

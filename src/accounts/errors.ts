/** Input an operator or a dashboard user can fix: the CLI exits 2, the dashboard answers 400. */
export class AccountInputError extends Error {}

/** No such account (or not one the caller may see): 404. */
export class AccountNotFoundError extends AccountInputError {}

/** The email already names an account: 409. */
export class EmailTakenError extends AccountInputError {}

/** A password too short, too long, repeated or among the commonest: 400. */
export class WeakPasswordError extends AccountInputError {}

/** The current password given to change it is not the account's: 400. */
export class WrongPasswordError extends AccountInputError {}

/** Input an operator or a dashboard user can fix: the CLI exits 2, the dashboard answers 400. */
export class AccountInputError extends Error {}

/** No such account (or not one the caller may see): 404. */
export class AccountNotFoundError extends AccountInputError {}

/** The email already names an account: 409. */
export class EmailTakenError extends AccountInputError {}

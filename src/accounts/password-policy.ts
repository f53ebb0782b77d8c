import { dictionary } from '@zxcvbn-ts/language-common';
import { WeakPasswordError } from './errors.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password.ts';

/**
 * The commonest passwords long enough to pass the length rule, from zxcvbn-ts's list of common
 * passwords (shipped with the package, read offline), compared without case.
 */
let common: ReadonlySet<string> | undefined;
function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common'].filter((p) => p.length >= MIN_PASSWORD_LENGTH).map((p) => p.toLowerCase()));
  return common;
}

/** Refuses a password a guesser tries first; says why, never echoing the password. */
export function checkPasswordPolicy(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new WeakPasswordError(`password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long`);
  }
  if (password.trim() === '') throw new WeakPasswordError('password must not be only spaces');
  if ([...password].every((c) => c === password[0])) throw new WeakPasswordError('password must not be one character repeated');
  if (commonPasswords().has(password.toLowerCase())) throw new WeakPasswordError('password is one of the most common passwords; choose another');
}

import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { WeakPasswordError } from './errors.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password.ts';

/**
 * zxcvbn's score runs 0 (guessable in under 10^3 tries) to 4 (over 10^10). 3 ("safely
 * unguessable", over 10^8 guesses) is what zxcvbn's authors and most sign-up forms ask; an
 * offline attacker against a scrypt hash gets far fewer guesses per second than against a fast hash.
 */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The estimator with its dictionaries (common passwords, keyboard graphs, English words, names,
 * Wikipedia terms): several MB, so loaded once and only when a password is first checked, never
 * by a CLI command that sets no password (`fdh keys list` imports this module through the
 * accounts service).
 */
let estimator: Promise<ZxcvbnFactory> | undefined;
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      translations: en.translations,
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...en.dictionary },
    });
  })();
  return estimator;
}

/** What the account is known by: a password built from these is refused. */
export interface PasswordContext {
  email?: string | undefined;
  name?: string | null | undefined;
}

function userInputs(context: PasswordContext): string[] {
  const inputs = new Set<string>();
  const add = (value: string | null | undefined): void => {
    const v = value?.trim().toLowerCase();
    if (v !== undefined && v.length >= 2) inputs.add(v);
  };
  if (context.email !== undefined) {
    add(context.email);
    const [local, domain] = context.email.split('@');
    add(local);
    add(domain);
    for (const part of [...(local ?? '').split(/[._+-]/), ...(domain ?? '').split('.')]) add(part);
  }
  if (context.name !== undefined && context.name !== null) {
    add(context.name);
    for (const part of context.name.split(/\s+/)) add(part);
  }
  return [...inputs];
}

/**
 * Refuses a password a guesser would find early: scored by zxcvbn-ts (dictionaries, keyboard
 * patterns, repeats, sequences, dates, and the account's own email and name as user inputs).
 * The message carries the estimator's feedback and never echoes the password.
 */
export async function checkPasswordPolicy(password: string, context: PasswordContext = {}): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new WeakPasswordError(`password must be ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters long`);
  }
  if (password.trim() === '') throw new WeakPasswordError('password must not be only spaces');
  const zxcvbn = await loadEstimator();
  const result = zxcvbn.check(password, userInputs(context));
  if (result.score >= MIN_PASSWORD_SCORE) return;
  const advice = [result.feedback.warning, ...result.feedback.suggestions].filter((s): s is string => typeof s === 'string' && s !== '');
  throw new WeakPasswordError(
    `password is too easy to guess (strength ${result.score} of 4, at least ${MIN_PASSWORD_SCORE} needed)${advice.length > 0 ? `: ${advice.join(' ')}` : '; add more words that are less common'}`,
  );
}

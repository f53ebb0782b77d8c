import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { randomBase62 } from '../edge/auth/api-key.ts';

/**
 * Passwords are stored as `scrypt$N$r$p$salt$hash` (base64): scrypt from node:crypto with a
 * random 16-byte salt per password, the parameters kept beside the hash so they can be raised
 * later without invalidating stored ones. N = 2^15, r = 8 takes about 32 MiB and tens of ms.
 */
const COST = { N: 32768, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, { ...options, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST, KEY_LENGTH);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `password` matches `stored`; the comparison takes the same time wherever they differ. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  return timingSafeEqual(actual, expected);
}

/**
 * Spends what a real check would when there is no account to check against, so the time of a
 * failed sign-in does not tell whether the address has an account.
 */
export async function verifyNothing(password: string): Promise<false> {
  await derive(password, randomBytes(16), COST, KEY_LENGTH);
  return false;
}

/** A password for an operator to hand over once: 20 base62 characters, about 119 bits. */
export function generatePassword(): string {
  return randomBase62(20);
}

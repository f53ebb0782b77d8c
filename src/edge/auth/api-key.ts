import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * Key format (GitHub's token design): `apk_` + 32 base62 characters of randomness + 6 base62
 * characters of CRC32 over everything before them. A typo or a forged string fails the checksum
 * and is rejected without touching the store. See docs/adr/0003-api-keys.md.
 */
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const KEY_PREFIX = 'apk_';
const SECRET_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const DISPLAY_PREFIX_LENGTH = KEY_PREFIX.length + 8;
const KEY_PATTERN = /^apk_[0-9A-Za-z]{38}$/;

export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: bytes above it would bias the first characters.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

function base62Fixed(value: number, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i++) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

function checksumOf(body: string): string {
  return base62Fixed(crc32(body), CHECKSUM_LENGTH);
}

export function generateApiKey(): string {
  const body = KEY_PREFIX + randomBase62(SECRET_LENGTH);
  return body + checksumOf(body);
}

/** True when the string has the key shape and its checksum holds. Needs no store. */
export function isWellFormedApiKey(candidate: string): boolean {
  if (!KEY_PATTERN.test(candidate)) return false;
  const body = candidate.slice(0, -CHECKSUM_LENGTH);
  return checksumOf(body) === candidate.slice(-CHECKSUM_LENGTH);
}

export function displayPrefixOf(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}

export function hashApiKey(key: string): string {
  return hash('sha256', key, 'hex');
}

export function hashesEqual(storedHex: string, candidateHex: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const candidate = Buffer.from(candidateHex, 'hex');
  return stored.length === candidate.length && timingSafeEqual(stored, candidate);
}

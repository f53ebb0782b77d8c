import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';

/** Who may read the data directory: its owner only (it holds password and key hashes). */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** A mode narrowed at start: an older hub made it wider. */
export interface Tightened {
  path: string;
  from: number;
  to: number;
}

function narrow(path: string, mode: number): Tightened | undefined {
  const from = statSync(path).mode & 0o777;
  if ((from & ~mode) === 0) return undefined;
  chmodSync(path, mode);
  return { path, from, to: mode };
}

/** Makes the directory (owner only) or narrows an existing one; returns what it narrowed. */
export function privateDirectory(dir: string): Tightened[] {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const tightened = narrow(dir, PRIVATE_DIR_MODE);
  return tightened === undefined ? [] : [tightened];
}

/** Narrows each existing file to its owner only; returns what it narrowed. */
export function privateFiles(paths: string[]): Tightened[] {
  return paths.filter((path) => existsSync(path)).flatMap((path) => narrow(path, PRIVATE_FILE_MODE) ?? []);
}

import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE, privateDirectory } from '../store/private-files.ts';

export const INITIAL_CREDENTIALS_FILE = 'initial-credentials';

/**
 * Writes the first start's secrets to a file only the data directory's owner can read, and
 * returns its path. A file left from an earlier first start is replaced, never appended to.
 */
export function writeInitialCredentials(dataDir: string, text: string): string {
  privateDirectory(dataDir);
  const file = join(dataDir, INITIAL_CREDENTIALS_FILE);
  rmSync(file, { force: true });
  // Created with the mode, so there is no moment when others could read it.
  writeFileSync(file, text, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  return file;
}

/**
 * Fails when the tree holds a scratch file (`peek.tmp.mjs`, an editor's backup, a patch's
 * leftovers): part of `npm run lint`. In a git checkout the tracked files are checked; in CI's
 * copy of the tracked files, every file beside node_modules.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, globSync } from 'node:fs';

const TEMPORARY = [/\.tmp(\.[a-z]+)?$/i, /~$/, /\.(orig|rej|swp|swo|bak)$/i, /(^|\/)\.DS_Store$/];

const files = existsSync('.git')
  ? execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
      .split('\0')
      .filter((file) => file !== '')
  : globSync('**/*', { exclude: (name) => name === 'node_modules' || name === '.git' });

const scratch = files.filter((file) => TEMPORARY.some((pattern) => pattern.test(file)));
if (scratch.length > 0) {
  process.stderr.write(`Temporary files in the tree (delete them, or ignore them in .gitignore):\n${scratch.map((file) => `  ${file}`).join('\n')}\n`);
  process.exit(1);
}

import { readdirSync, readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLIENT_SOURCES = fileURLToPath(new URL('../../packages/client/src/', import.meta.url));

/**
 * The typed client's modules (`packages/client/src/*.ts`) as the browser's JavaScript, by file
 * name: Node's own type stripping, done once at start-up, no build step. Types become
 * whitespace, so lines and columns stay those of the source, and `./x.ts` imports resolve in
 * the browser to the file served beside it. `schema.ts` holds types only and strips to blanks.
 */
export function clientModules(): Map<string, string> {
  const modules = new Map<string, string>();
  for (const name of readdirSync(CLIENT_SOURCES)) {
    if (name.endsWith('.ts')) modules.set(name, stripTypeScriptTypes(readFileSync(join(CLIENT_SOURCES, name), 'utf8')));
  }
  return modules;
}

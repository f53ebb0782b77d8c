import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'amaro';

const CLIENT_SOURCES = fileURLToPath(new URL('../../packages/client/src/', import.meta.url));

/**
 * The typed client's modules (`packages/client/src/*.ts`) as the browser's JavaScript, by file
 * name: the type stripping Node itself uses (amaro, in strip-only mode, without the
 * experimental warning of `module.stripTypeScriptTypes`), done once at start-up, no build step. Types become
 * whitespace, so lines and columns stay those of the source, and `./x.ts` imports resolve in
 * the browser to the file served beside it. `schema.ts` holds types only and strips to blanks.
 */
export function clientModules(): Map<string, string> {
  const modules = new Map<string, string>();
  for (const name of readdirSync(CLIENT_SOURCES)) {
    if (name.endsWith('.ts')) modules.set(name, transformSync(readFileSync(join(CLIENT_SOURCES, name), 'utf8'), { mode: 'strip-only' }).code);
  }
  return modules;
}

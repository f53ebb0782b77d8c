import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const guide = readFileSync(join(root, 'docs/domain-guide.md'), 'utf8');

/**
 * A repository path as the guide writes it: one of the top-level folders below, or a root file,
 * not preceded by more of a path (`github.com/x/src/…` is someone else's).
 */
const REPOSITORY_PATH = /(?<![\w./-])(?:(?:src|test|docs|scripts|bench|packages|bin|config)\/[^\s`'"(),;]*|(?:package|package-lock|tsconfig)\.json)/g;

/** A segment from which on a path is a pattern, not a name: `<publisher>`, `*.tables.ts`, `{id}`, `…`. */
const isPattern = (segment: string): boolean => /[<*{…]/.test(segment);

/** The part of a path that must exist: up to the segment where a placeholder or glob starts, trailing punctuation dropped. */
function checkedPart(path: string): string {
  const segments = path.replace(/[.:]+$/, '').split('/');
  const firstPattern = segments.findIndex(isPattern);
  return (firstPattern === -1 ? segments : segments.slice(0, firstPattern)).join('/');
}

test('every repository path docs/domain-guide.md names exists', () => {
  const named = [...new Set([...guide.matchAll(REPOSITORY_PATH)].map(([path]) => checkedPart(path)))];
  assert.ok(named.length > 50, `found only ${named.length} paths in the guide: is the pattern still right?`);
  const missing = named.filter((path) => !existsSync(join(root, path)));
  assert.deepEqual(missing, [], `docs/domain-guide.md names paths that do not exist: ${missing.join(', ')}`);
});

test('every `npm run` script docs/domain-guide.md names is in package.json', () => {
  const scripts = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
  const named = [...new Set([...guide.matchAll(/npm run ([\w:-]+)/g)].map(([, script]) => script ?? ''))];
  assert.ok(named.length > 0, 'the guide names no npm script');
  const unknown = named.filter((script) => !scripts.includes(script));
  assert.deepEqual(unknown, [], `docs/domain-guide.md names npm scripts package.json does not have: ${unknown.join(', ')}`);
});

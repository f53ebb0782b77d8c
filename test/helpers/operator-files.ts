import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { TestHub } from './app.ts';
import { findImporter } from '../../src/ingest/importers/index.ts';
import { importFile, type ImportResult } from '../../src/ingest/source.ts';

/** A file of test/fixtures/operator/ (`examples/ftse-100-closes.csv`). */
export const operatorFixture = (path: string): string => fileURLToPath(new URL(`../fixtures/operator/${path}`, import.meta.url));

/** `fdh import operator-<format> FILE`: the function the command calls, on the hub's store, known at `knowledgeAt` (the hub's now by default). */
export async function importOperatorFile(
  hub: TestHub,
  format: 'observations' | 'events' | 'instruments' | 'geography',
  file: string,
  knowledgeAt?: string,
): Promise<ImportResult> {
  const importer = findImporter(`operator-${format}`);
  if (importer === undefined) throw new Error(`fdh import knows no operator-${format}`);
  const now = hub.clock.now();
  return importFile(hub.runtime.store.db, importer, file, { knowledgeAt: knowledgeAt === undefined ? now : new Date(knowledgeAt), loadedAt: now });
}

/** A file of `content` in a directory of its own, removed after the test: an operator's file made up for one case. */
export function tempFile(t: TestContext, name: string, content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-operator-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, name);
  writeFileSync(file, content);
  return file;
}

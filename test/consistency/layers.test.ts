import { test } from 'node:test';
import assert from 'node:assert/strict';
import { relative, resolve } from 'node:path';
import { parseDependencyTree } from 'dpdm';

const root = resolve(import.meta.dirname, '../..');

/**
 * The layers of src/, lowest first, and what each may import besides itself: an import of a
 * higher layer is an arrow that runs back up (docs/domain-guide.md). A root file of src/ is its
 * own place (`src/app.ts`).
 */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  'src/kernel': [],
  // The release's fact tally names facts with facts/names.ts, the one place fact keys are built.
  'src/store': ['src/kernel', 'src/facts/names.ts', 'src/facts/families.ts'],
  'src/edge': ['src/kernel', 'src/store'],
  'src/accounts': ['src/kernel', 'src/store', 'src/edge'],
  'src/metering': ['src/kernel', 'src/store', 'src/edge'],
  'src/facts': ['src/kernel', 'src/store', 'src/edge'],
  'src/domains': ['src/kernel', 'src/store', 'src/edge', 'src/facts', 'src/context.ts'],
};

/** The place a file belongs to: the layer folder, or the root file of src/ itself. */
function placeOf(file: string): string {
  const parts = file.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : file;
}

const allowedBy = (allowed: readonly string[], target: string): boolean => allowed.some((place) => target === place || target.startsWith(`${place}/`));

/** Every source file of src/ and the files of ours it imports, read by the parser `npm run check:cycles` uses. */
async function importsBySourceFile(): Promise<Map<string, string[]>> {
  const tree = await parseDependencyTree('src/**/*.ts', { cwd: root, context: root, transform: false });
  const ours = (file: string): boolean => file.startsWith('src/');
  return new Map(
    Object.entries(tree)
      .filter(([file]) => ours(file))
      .map(([file, dependencies]) => [
        file,
        (dependencies ?? []).flatMap((dependency) =>
          dependency.id !== null && ours(relative(root, resolve(root, dependency.id))) ? [relative(root, resolve(root, dependency.id))] : [],
        ),
      ]),
  );
}

test('every layer of src/ imports only the layers below it', async () => {
  const imports = await importsBySourceFile();
  const backwards: string[] = [];
  for (const [file, targets] of imports) {
    const place = placeOf(file);
    const allowed = MAY_IMPORT[place];
    if (allowed === undefined) continue;
    for (const target of targets) {
      if (placeOf(target) === place || allowedBy(allowed, target)) continue;
      backwards.push(`${file} imports ${target}`);
    }
  }
  assert.ok(imports.size > 300, `found only ${imports.size} source files`);
  assert.deepEqual(backwards, [], `imports that run back up a layer:\n${backwards.join('\n')}`);
});

test('the kernel imports nothing of ours, and the edge nothing of the facts, accounts, dashboard or domains', async () => {
  const edgeOrKernel = [...(await importsBySourceFile())].filter(([file]) => /^src\/(kernel|edge)\//.test(file));
  const forbidden = edgeOrKernel.flatMap(([file, targets]) =>
    targets
      .filter((target) => (file.startsWith('src/kernel/') ? !target.startsWith('src/kernel/') : /^src\/(facts|accounts|dashboard|domains)\//.test(target)))
      .map((target) => `${file} imports ${target}`),
  );
  assert.ok(edgeOrKernel.length > 50);
  assert.deepEqual(forbidden, []);
});

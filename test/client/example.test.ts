// npm test: embedded pass only (what it checks is the client's examples, whatever the hub's store)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { cryptoDemoGenerator } from '../../src/ingest/demo/crypto.ts';
import { instrumentsDemoGenerator } from '../../src/ingest/demo/instruments.ts';
import { macroDemoGenerator } from '../../src/ingest/demo/macro.ts';
import { newsDemoGenerator } from '../../src/ingest/demo/news.ts';
import { demoGenerators } from '../../src/ingest/demo/index.ts';
import { createAccount, PASSWORD } from '../helpers/dashboard.ts';
import { listeningHub } from '../helpers/client.ts';

const run = promisify(execFile);
const QUICK_START = fileURLToPath(new URL('../../packages/client/examples/quick-start.ts', import.meta.url));

test("the package's quick-start example runs against a live hub", async (t) => {
  const hub = await listeningHub(t, { seed: [instrumentsDemoGenerator, cryptoDemoGenerator, macroDemoGenerator, newsDemoGenerator] });
  // The example imports '@fdh/client' by name; the fdh-source condition points that at the sources.
  const { stdout } = await run(process.execPath, ['--conditions=fdh-source', QUICK_START], {
    env: { ...process.env, FDH_BASE_URL: hub.baseUrl, FDH_API_KEY: await hub.key() },
  });
  const lines = stdout.trim().split('\n');
  assert.match(lines[0] ?? '', /^plan pro: 1200 of 1200 weight left this minute$/);
  assert.equal(lines.filter((line) => / % over 1d$/.test(line)).length, 5, 'five coins of the bubble map');
  assert.match(stdout, /^gold: \d+ closes, last \d/m);
  assert.match(stdout, /^TIBOR as of 2026-03-31: latest 2026-03-31$/m);
  assert.equal(lines.filter((line) => line.startsWith('news: ')).length, 8, 'eight articles over two pages');
  assert.match(lines.at(-1) ?? '', /^quota: \d+ of 1200 left$/);
});

const README = fileURLToPath(new URL('../../packages/client/README.md', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('../../packages/client/', import.meta.url));
const TSC = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
const COOKIE_JAR = new URL('../helpers/client.ts', import.meta.url).href;

/** The README's TypeScript examples, each with the heading it stands under. */
function readmeExamples(): { heading: string; code: string }[] {
  const examples: { heading: string; code: string }[] = [];
  let heading = '';
  for (const block of readFileSync(README, 'utf8')
    .split(/^```/m)
    .map((part, i) => ({ part, fenced: i % 2 === 1 }))) {
    if (!block.fenced) {
      heading = [...block.part.matchAll(/^#+ (.+)$/gm)].at(-1)?.[1] ?? heading;
      continue;
    }
    if (block.part.startsWith('ts\n')) examples.push({ heading, code: block.part.slice(3) });
  }
  return examples;
}

/**
 * What each example is run with: the client made as the quick start makes it, and for the
 * session example what the browser gives a page (its origin, a cookie jar, the form's fields).
 */
function prelude(code: string, forCompiler = false): string {
  const lines: string[] = [];
  if (!/from '@fdh\/client'/.test(code)) lines.push("import { createClient, FdhError } from '@fdh/client';");
  if (!/const fdh = createClient/.test(code) && /\bfdh\./.test(code)) {
    lines.push('const fdh = createClient({ baseUrl: process.env.FDH_BASE_URL, apiKey: process.env.FDH_API_KEY });');
  }
  if (/\blocation\.origin\b/.test(code) && forCompiler) lines.push('declare const email: string, password: string;');
  else if (/\blocation\.origin\b/.test(code)) {
    lines.push(`import { cookieKeepingFetch } from '${COOKIE_JAR}';`);
    lines.push('globalThis.fetch = cookieKeepingFetch(globalThis.fetch);');
    lines.push('const location = { origin: process.env.FDH_BASE_URL };');
    lines.push('const email = process.env.FDH_EMAIL, password = process.env.FDH_PASSWORD;');
  }
  return lines.join('\n');
}

/** The `// prints …` comments of an example: what its run must print, each a line of its output. */
const promised = (code: string): string[] => [...code.matchAll(/\/\/ prints (.+)$/gm)].map((match) => match[1]!.trim());

test("every example of the package's README runs against a demo hub and prints what its comments say", async (t) => {
  const hub = await listeningHub(t, { now: new Date().toISOString(), seed: demoGenerators });
  await createAccount(hub, 'analyst@example.com');
  const env = { ...process.env, FDH_BASE_URL: hub.baseUrl, FDH_API_KEY: await hub.key(), FDH_EMAIL: 'analyst@example.com', FDH_PASSWORD: PASSWORD };
  const examples = readmeExamples();
  assert.ok(examples.length >= 4, examples.map((example) => example.heading).join(', '));
  for (const { heading, code } of examples) {
    const program = `${prelude(code)}\n${code}`;
    const ran = await run(process.execPath, ['--conditions=fdh-source', '--input-type=module-typescript', '--no-warnings', '-e', program], {
      cwd: PACKAGE_DIR,
      env,
    }).catch((error: { stderr?: string }) => assert.fail(`"${heading}": ${error.stderr ?? String(error)}`));
    const printed = ran.stdout.split('\n').map((line) => line.trim());
    t.diagnostic(`${heading}:\n${ran.stdout}`);
    assert.ok(
      printed.some((line) => line !== ''),
      `"${heading}" prints something`,
    );
    for (const line of promised(code)) assert.ok(printed.includes(line), `"${heading}" prints "${line}":\n${ran.stdout}`);
  }
});

test("the package's README examples type-check against the client's declarations (strict)", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-readme-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const files = readmeExamples().map(({ code }, i) => {
    writeFileSync(join(dir, `example-${i}.ts`), `${prelude(code, true)}\n${code}\nexport {};\n`);
    return `example-${i}.ts`;
  });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        lib: ['es2022', 'dom'],
        types: ['node'],
        typeRoots: [fileURLToPath(new URL('../../node_modules/@types/', import.meta.url))],
        module: 'nodenext',
        strict: true,
        noEmit: true,
        allowImportingTsExtensions: true,
        skipLibCheck: true,
        paths: { '@fdh/client': [join(PACKAGE_DIR, 'src/index.ts')] },
      },
      files,
    }),
  );
  await run(process.execPath, [TSC, '-p', dir]).catch((error: { stdout?: string }) => assert.fail(error.stdout ?? String(error)));
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli, type CliResult } from '../helpers/cli.ts';
import { COMMAND_USAGES, usageOf } from '../../src/cli/usage.ts';

const LAUNCHER = fileURLToPath(new URL('../../bin/fdh', import.meta.url));
const README = fileURLToPath(new URL('../../README.md', import.meta.url));

test('fdh keys --help, -h and fdh help keys print the keys usage and exit 0', async () => {
  const outputs: string[] = [];
  for (const args of [
    ['keys', '--help'],
    ['keys', '-h'],
    ['help', 'keys'],
    ['keys', 'create', '--name', 'x', '--help'],
  ]) {
    const result = await runCli(args, {});
    assert.equal(result.code, 0, `fdh ${args.join(' ')}: ${result.stderr}`);
    assert.ok(result.stdout.includes(`usage: ${usageOf('keys')}\n`), result.stdout);
    outputs.push(result.stdout);
  }
  assert.equal(new Set(outputs).size, 1, 'every way of asking prints the same text');
});

test("every command's --help is its own usage; fdh help and fdh --help list every command", async () => {
  for (const name of COMMAND_USAGES.keys()) {
    const result = await runCli([name, '--help'], {});
    assert.equal(result.code, 0, `fdh ${name} --help: ${result.stderr}`);
    assert.ok(result.stdout.includes(`usage: ${usageOf(name)}\n`), result.stdout);
  }
  for (const args of [['help'], ['--help'], ['-h']]) {
    const result = await runCli(args, {});
    assert.equal(result.code, 0, result.stderr);
    for (const usage of COMMAND_USAGES.values()) for (const line of usage.lines) assert.ok(result.stdout.includes(`  ${line}\n`), line);
  }
  const unknown = await runCli(['help', 'nope'], {});
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown command "nope"/);
});

test('an unknown option is named with no stray quote, and `--help` after `--` is an argument', async () => {
  const result = await runCli(['keys', '--bogus'], {});
  assert.equal(result.code, 2);
  assert.equal(result.stderr, `fdh keys: unknown option --bogus\nusage: ${usageOf('keys')}\n`);
  const short = await runCli(['audit', '-x'], {});
  assert.match(short.stderr, /^fdh audit: unknown option -x\n/);
  const positional = await runCli(['audit', '--', '--help'], {});
  assert.equal(positional.code, 2);
  assert.match(positional.stderr, /unexpected argument "--help"/);
});

test("the README's list of commands is the usage the commands print", () => {
  const section = readFileSync(README, 'utf8').split('## The `fdh` command\n')[1] ?? '';
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const listed = block
    .trimEnd()
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, ''));
  assert.deepEqual(
    listed,
    [...COMMAND_USAGES.values()].flatMap((usage) => usage.lines),
  );
});

function run(file: string, args: string[], env: Record<string, string>, cwd: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test("bin/fdh, linked from elsewhere, runs on the checkout's Node whatever node PATH finds first", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-launcher-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const fakeBin = join(dir, 'fake-bin');
  const linkBin = join(dir, 'link-bin');
  mkdirSync(fakeBin);
  mkdirSync(linkBin);
  writeFileSync(join(fakeBin, 'node'), '#!/bin/sh\necho "the machine\'s node ran" >&2\nexit 97\n');
  chmodSync(join(fakeBin, 'node'), 0o755);
  // npm link's shape: a link on PATH to a link to the checkout's file.
  symlinkSync(LAUNCHER, join(dir, 'fdh-target'));
  symlinkSync(join('..', 'fdh-target'), join(linkBin, 'fdh'));
  const env = { PATH: `${fakeBin}:${linkBin}:/usr/bin:/bin`, HOME: dir };
  const fake = await run('/bin/sh', ['-c', 'node --version'], env, dir);
  assert.equal(fake.code, 97, 'the fake node is the one PATH finds');

  const result = await run('/bin/sh', ['-c', 'fdh help keys'], env, dir);
  assert.equal(result.code, 0, result.stderr);
  assert.ok(result.stdout.includes(`usage: ${usageOf('keys')}\n`), result.stdout);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStore, initialCredentials, runCli, startServer } from '../helpers/cli.ts';
import { testStore } from '../helpers/stores.ts';
import { KEY_RECHECK_MS } from '../../src/accounts/keys.service.ts';

/** These start `fdh` on the embedded store: they run in the embedded pass only. */
const skip = testStore === 'sqlite' ? false : 'runs in the embedded pass';

function tempDataDir(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-cli-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function usageStatus(baseUrl: string, key: string): Promise<number> {
  return (await fetch(`${baseUrl}/openapi/v1/usage`, { headers: { 'x-api-key': key } })).status;
}

/** A change made by another process reaches a serving one within KEY_RECHECK_MS. */
async function eventuallyStatus(baseUrl: string, key: string, expected: number): Promise<number> {
  const deadline = Date.now() + KEY_RECHECK_MS * 5;
  let status = await usageStatus(baseUrl, key);
  while (status !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = await usageStatus(baseUrl, key);
  }
  return status;
}

test('fdh keys round-trips: create, list, disable, enable, revoke, expiry', { skip }, async (t) => {
  const env = { FDH_DATA_DIR: tempDataDir(t) };
  await createStore(env);
  const created = await runCli(['keys', 'create', '--plan', 'pro', '--name', 'roundtrip', '--json'], env);
  assert.equal(created.code, 0, created.stderr);
  const record = JSON.parse(created.stdout.trim().split('\n').at(-1) ?? '');
  assert.match(record.key, /^apk_[0-9A-Za-z]{38}$/);
  assert.deepEqual(Object.keys(record).sort(), ['expiresAt', 'id', 'key', 'plan', 'scopes']);

  const plain = await runCli(['keys', 'create', '--plan', 'basic', '--expires-at', '2000-01-01T00:00:00Z'], env);
  assert.equal(plain.code, 0, plain.stderr);
  const expiredKey = plain.stdout.trim().split('\n').at(-1) ?? '';
  assert.match(expiredKey, /^apk_/, 'the last line of stdout is the key itself');

  const listed = await runCli(['keys', 'list', '--json'], env);
  assert.equal(listed.code, 0, listed.stderr);
  assert.ok(!listed.stdout.includes(record.key.slice(12)), 'the list never shows a secret');
  const keys = JSON.parse(listed.stdout) as { id: string; status: string; name: string | null }[];
  assert.deepEqual(keys.map((k) => k.status).sort(), ['active', 'expired']);
  const human = await runCli(['keys', 'list'], env);
  assert.ok(human.stdout.includes(record.id) && !human.stdout.includes(record.key.slice(12)));

  const server = await startServer(env);
  t.after(() => server.child.kill('SIGKILL'));
  assert.equal(await usageStatus(server.baseUrl, record.key), 200);
  assert.equal(await usageStatus(server.baseUrl, expiredKey), 401, 'expired → 401');
  assert.equal((await runCli(['keys', 'disable', record.id], env)).code, 0);
  assert.equal(await eventuallyStatus(server.baseUrl, record.key, 401), 401, 'disabled → 401');
  assert.equal((await runCli(['keys', 'enable', record.id], env)).code, 0);
  assert.equal(await eventuallyStatus(server.baseUrl, record.key, 200), 200, 'enabled → 200');
  assert.equal((await runCli(['keys', 'revoke', record.id], env)).code, 0);
  assert.equal(await eventuallyStatus(server.baseUrl, record.key, 401), 401, 'revoked → 401');

  const unknown = await runCli(['keys', 'disable', 'key_nope'], env);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /no key with id key_nope/);
  const badPlan = await runCli(['keys', 'create', '--plan', 'gold'], env);
  assert.equal(badPlan.code, 2);
  assert.match(badPlan.stderr, /unknown plan "gold"/);
});

test('the first start writes the demo key and a one-time admin password to a 0600 file, never to a piped stdout or stderr', { skip }, async (t) => {
  const dataDir = tempDataDir(t);
  const env = { FDH_DATA_DIR: dataDir };
  const server = await startServer(env, 120_000);
  t.after(() => server.child.kill('SIGKILL'));
  const credentials = initialCredentials(dataDir);
  assert.equal(credentials.mode, 0o600, 'the credentials file is its owner’s only');
  assert.equal(statSync(dataDir).mode & 0o777, 0o700, 'the data directory is its owner’s only');
  assert.equal(statSync(join(dataDir, 'fdh.sqlite')).mode & 0o777, 0o600, 'the store file is its owner’s only');
  assert.match(credentials.key, /^apk_/);
  assert.equal(credentials.email, 'admin@fdh.local');
  for (const [name, stream] of [
    ['stdout', server.stdout()],
    ['stderr', server.stderr()],
  ] as const) {
    assert.ok(!stream.includes(credentials.key), `the demo key is not in ${name}`);
    assert.ok(!stream.includes(credentials.password), `the one-time password is not in ${name}`);
  }
  assert.match(server.stdout(), /initial-credentials/, 'the operator is told where to find them');
  const usage = await fetch(`${server.baseUrl}/openapi/v1/usage`, { headers: { 'x-api-key': credentials.key } });
  assert.equal(usage.status, 200);
  assert.equal(((await usage.json()) as { data: { plan: string } }).data.plan, 'pro');

  const signIn = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
  assert.equal(signIn.status, 200, 'the one-time password signs in');
  const session = (await signIn.json()) as { data: { csrfToken: string; account: { role: string; mustChangePassword: boolean } } };
  assert.deepEqual([session.data.account.role, session.data.account.mustChangePassword], ['admin', true]);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const before = await fetch(`${server.baseUrl}/api/v1/account`, { headers: { cookie } });
  assert.equal(before.status, 403, 'nothing else answers before the password is changed');
  assert.equal(((await before.json()) as { error: { code: string } }).error.code, 'PASSWORD_CHANGE_REQUIRED');
  const change = await fetch(`${server.baseUrl}/api/v1/account/password`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': session.data.csrfToken, 'content-type': 'application/json' },
    body: JSON.stringify({ currentPassword: credentials.password, newPassword: 'my own long admin passphrase' }),
  });
  assert.equal(change.status, 200);
  assert.equal((await fetch(`${server.baseUrl}/api/v1/account`, { headers: { cookie } })).status, 200, 'then the dashboard answers');

  server.child.kill('SIGTERM');
  assert.equal(await server.exited, 0);
  const again = await startServer(env);
  t.after(() => again.child.kill('SIGKILL'));
  assert.doesNotMatch(again.stdout(), /apk_|one-time password|initial-credentials/, 'a second start writes no key and no password');
  again.child.kill('SIGTERM');
  assert.equal(await again.exited, 0);
});

test('an existing store readable by others is narrowed to its owner at start, with a log line', { skip }, async (t) => {
  const dataDir = tempDataDir(t);
  const env = { FDH_DATA_DIR: dataDir };
  await createStore(env);
  assert.equal(
    (await runCli(['accounts', 'create', '--email', 'ann@example.com', '--plan', 'pro', '--password-stdin'], env, 'a long enough secret\n')).code,
    0,
  );
  chmodSync(dataDir, 0o755);
  chmodSync(join(dataDir, 'fdh.sqlite'), 0o644);
  const listed = await runCli(['accounts', 'list'], { ...env, FDH_LOG_LEVEL: 'warn' });
  assert.equal(listed.code, 0);
  assert.equal(statSync(dataDir).mode & 0o777, 0o700);
  assert.equal(statSync(join(dataDir, 'fdh.sqlite')).mode & 0o777, 0o600);
  assert.match(listed.stdout + listed.stderr, /narrowed to its owner/);
});

test('a first start that fails before the demo key exists leaves no seeded store without a key', { skip }, async (t) => {
  const dataDir = tempDataDir(t);
  const noPro = join(dataDir, 'plans-without-pro.json');
  writeFileSync(noPro, JSON.stringify({ plans: { free: { budget: 60, features: ['crypto_data'] } } }));
  await assert.rejects(startServer({ FDH_DATA_DIR: dataDir, FDH_PLANS_FILE: noPro }, 120_000), /exited with 2 before serving[\s\S]*unknown plan "pro"/);

  const server = await startServer({ FDH_DATA_DIR: dataDir }, 120_000);
  t.after(() => server.child.kill('SIGKILL'));
  assert.equal(await usageStatus(server.baseUrl, initialCredentials(dataDir).key), 200, 'the next start seeds again and writes a demo key');
  server.child.kill('SIGTERM');
  assert.equal(await server.exited, 0);
});

test('fdh reports bad usage with exit code 2 and a message', { skip }, async (t) => {
  const env = { FDH_DATA_DIR: tempDataDir(t) };
  const unknown = await runCli(['frobnicate'], env);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /unknown command "frobnicate"/);
  for (const inherited of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    const result = await runCli([inherited], env);
    assert.equal(result.code, 2, inherited);
    assert.match(result.stderr, new RegExp(`unknown command "${inherited}"`), inherited);
    assert.doesNotMatch(result.stderr, /\n\s+at /, `${inherited}: no stack trace`);
  }
  const badScale = await runCli(['seed', 'demo', '--scale', 'huge'], env);
  assert.equal(badScale.code, 2);
  assert.match(badScale.stderr, /--scale must be small or full/);
  const badImport = await runCli(['import', 'no-such-dataset', '/dev/null'], env);
  assert.equal(badImport.code, 2);
  assert.match(badImport.stderr, /unknown dataset "no-such-dataset"/);
});

test('keys and accounts commands in a directory with no store name the path they looked at, fail and create nothing', { skip }, async (t) => {
  const empty = tempDataDir(t);
  const looked = join(empty, '.fdh', 'fdh.sqlite');
  for (const args of [
    ['keys', 'list'],
    ['keys', 'create', '--plan', 'pro'],
    ['accounts', 'list'],
  ]) {
    const result = await runCli(args, {}, undefined, empty);
    assert.equal(result.code, 1, args.join(' '));
    assert.ok(result.stderr.includes(`no store at ${looked}`), `${args.join(' ')}: ${result.stderr}`);
    assert.equal(result.stdout, '');
  }
  assert.deepEqual(readdirSync(empty), [], 'no .fdh is left behind');
  const elsewhere = join(empty, 'elsewhere');
  const pointed = await runCli(['keys', 'list', '--data-dir', elsewhere], {}, undefined, empty);
  assert.match(pointed.stderr, new RegExp(`no store at ${join(elsewhere, 'fdh.sqlite')}`));
  assert.equal(existsSync(elsewhere), false);
});

test('fdh keys list prints a header row above the keys', { skip }, async (t) => {
  const env = { FDH_DATA_DIR: tempDataDir(t) };
  await createStore(env);
  const created = await runCli(['keys', 'create', '--plan', 'pro', '--name', 'ops', '--json'], env);
  const { id } = JSON.parse(created.stdout) as { id: string };
  const lines = (await runCli(['keys', 'list'], env)).stdout
    .trim()
    .split('\n')
    .map((line) => line.split('\t'));
  assert.deepEqual(lines[0], ['ID', 'PREFIX', 'PLAN', 'STATUS', 'SCOPES', 'EXPIRES', 'NAME']);
  assert.equal(lines[1]?.[0], id);
  assert.equal(lines[1]?.[6], 'ops');
});

async function usagePlan(baseUrl: string, key: string): Promise<string | undefined> {
  const reply = await fetch(`${baseUrl}/openapi/v1/usage`, { headers: { 'x-api-key': key } });
  return reply.status === 200 ? ((await reply.json()) as { data: { plan: string } }).data.plan : undefined;
}

test('fdh accounts: create, list, keys by account, set-plan reaching a serving process, disable, enable, reset-password', { skip }, async (t) => {
  const env = { FDH_DATA_DIR: tempDataDir(t) };
  await createStore(env);
  const created = await runCli(['accounts', 'create', '--email', 'Ann@Example.com', '--plan', 'basic', '--name', 'Ann'], env);
  assert.equal(created.code, 0, created.stderr);
  const password = created.stdout.trim().split('\n').at(-1) ?? '';
  assert.match(password, /^[0-9A-Za-z]{20}$/, 'the last line is the one-time password');
  const chosen = await runCli(
    ['accounts', 'create', '--email', 'bo@example.com', '--plan', 'pro', '--role', 'admin', '--password-stdin', '--json'],
    env,
    'a long enough secret\n',
  );
  assert.equal(chosen.code, 0, chosen.stderr);
  const bo = JSON.parse(chosen.stdout.trim());
  assert.deepEqual([bo.email, bo.role, bo.plan, bo.password], ['bo@example.com', 'admin', 'pro', null], 'a chosen password is never printed');
  const duplicate = await runCli(['accounts', 'create', '--email', 'ann@example.com', '--plan', 'pro'], env);
  assert.equal(duplicate.code, 2);
  assert.match(duplicate.stderr, /already exists/);
  const short = await runCli(['accounts', 'create', '--email', 'cy@example.com', '--plan', 'pro', '--password-stdin'], env, 'short\n');
  assert.equal(short.code, 2);
  assert.match(short.stderr, /password must be 12/);

  const key = await runCli(['keys', 'create', '--account', 'ann@example.com', '--json'], env);
  assert.equal(key.code, 0, key.stderr);
  const record = JSON.parse(key.stdout.trim());
  assert.deepEqual(Object.keys(record).sort(), ['expiresAt', 'id', 'key', 'plan', 'scopes']);
  assert.equal(record.plan, 'basic', 'the key has its account’s plan');
  const noOwner = await runCli(['keys', 'create'], env);
  assert.equal(noOwner.code, 2);
  assert.match(noOwner.stderr, /--account or --plan/);

  const listed = JSON.parse((await runCli(['accounts', 'list', '--json'], env)).stdout) as { email: string; keyCount: number }[];
  assert.deepEqual(
    listed.map((a) => [a.email, a.keyCount]),
    [
      ['ann@example.com', 1],
      ['bo@example.com', 0],
    ],
  );
  assert.ok(!JSON.stringify(listed).includes('scrypt'), 'no password hash is listed');

  const server = await startServer(env);
  t.after(() => server.child.kill('SIGKILL'));
  assert.equal(await usagePlan(server.baseUrl, record.key), 'basic');
  assert.equal((await runCli(['accounts', 'set-plan', 'ann@example.com', 'enterprise'], env)).code, 0);
  const audit = JSON.parse((await runCli(['audit', '--account', 'ann@example.com', '--json'], env)).stdout) as {
    action: string;
    actor: string;
    target: string | null;
    detail: { from?: string } | null;
  }[];
  const planChange = audit.find((e) => e.action === 'account.plan');
  assert.match(planChange?.actor ?? '', /^cli:/, 'the audit trail records the CLI set-plan and who ran it');
  assert.deepEqual([planChange?.target, planChange?.detail?.from], ['enterprise', 'basic']);
  const deadline = Date.now() + KEY_RECHECK_MS * 5;
  let plan = await usagePlan(server.baseUrl, record.key);
  while (plan !== 'enterprise' && Date.now() < deadline) plan = await usagePlan(server.baseUrl, record.key);
  assert.equal(plan, 'enterprise', 'the serving process applies the new plan');
  assert.equal((await runCli(['accounts', 'disable', 'ann@example.com'], env)).code, 0);
  assert.equal(await eventuallyStatus(server.baseUrl, record.key, 401), 401, 'a disabled account’s key → 401');
  assert.equal((await runCli(['accounts', 'enable', 'ann@example.com'], env)).code, 0);
  assert.equal(await eventuallyStatus(server.baseUrl, record.key, 200), 200);

  const reset = await runCli(['accounts', 'reset-password', 'ann@example.com'], env);
  assert.equal(reset.code, 0, reset.stderr);
  assert.notEqual(reset.stdout.trim().split('\n').at(-1), password);
  const unknown = await runCli(['accounts', 'set-plan', 'nobody@example.com', 'pro'], env);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /no account with email nobody@example.com/);
});

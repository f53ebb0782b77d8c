import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openStore } from '../../src/store/db.ts';

export const CLI = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `fdh …` in a child process with the same Node and the given environment (and `stdin` and working directory, if given). */
export function runCli(args: string[], env: Record<string, string>, stdin?: string, cwd?: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: 'pipe', cwd });
    child.stdin.end(stdin);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Creates the (empty, migrated) store `env` points at, as `fdh serve` would on its first start. */
export async function createStore(env: Record<string, string>): Promise<void> {
  const store = await openStore({ databaseUrl: env.FDH_DATABASE_URL, dataDir: env.FDH_DATA_DIR ?? '.fdh' });
  await store.close();
}

export interface RunningServer {
  child: ChildProcess;
  baseUrl: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Starts `fdh serve` on a free port and resolves once it prints where it serves. */
export function startServer(env: Record<string, string>, timeoutMs = 60_000, extraArgs: string[] = []): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...extraArgs], {
      env: { ...process.env, FDH_LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`fdh serve did not start in ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.stderr.on('data', (chunk) => (stderr += chunk));
    let serving = false;
    child.stdout.on('data', (chunk) => {
      // Keep the start-up output only: a serving process may log a line per request.
      if (serving) return;
      stdout += chunk;
      const match = /serving (http:\/\/[^\s]+)/.exec(stdout);
      if (match?.[1] !== undefined) {
        serving = true;
        clearTimeout(timer);
        resolve({ child, baseUrl: match[1], stdout: () => stdout, stderr: () => stderr, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`fdh serve exited with ${code} before serving\n${stdout}\n${stderr}`));
    });
  });
}

/** The demo key and the admin's one-time password, from the first start's credentials file. */
export function initialCredentials(dataDir: string): { key: string; email: string; password: string; mode: number } {
  const file = join(dataDir, 'initial-credentials');
  const text = readFileSync(file, 'utf8');
  const admin = /sign in as (\S+) with this one-time password[^:]*:\s+([0-9A-Za-z]{20})\n/.exec(text);
  return { key: /apk_[0-9A-Za-z]{38}/.exec(text)?.[0] ?? '', email: admin?.[1] ?? '', password: admin?.[2] ?? '', mode: statSync(file).mode & 0o777 };
}

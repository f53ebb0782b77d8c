import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FEATURE_CODES } from '../src/edge/auth/plans.ts';
import { CLI, runCli } from '../test/helpers/cli.ts';
import { freePort } from '../test/helpers/services.ts';
import type { BareAnswer } from './bare-server.ts';

export interface Server {
  baseUrl: string;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
  const exited = new Promise((done) => child.once('close', done));
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
}

/**
 * Seeds the demo into `dataDir` (or the store `storeEnv` names) and creates a key on a plan with every feature and a budget no
 * benchmark exhausts: the quota is still checked and charged on every request, and so is the
 * per-key allowance of weight-0 calls (`/usage`), set as high as the setting goes.
 */
export async function seedHub(dataDir: string, scale: string, storeEnv: Record<string, string>): Promise<{ env: Record<string, string>; key: string }> {
  const plansFile = join(dataDir, 'plans.json');
  writeFileSync(plansFile, JSON.stringify({ plans: { bench: { budget: 1_000_000_000, features: [...FEATURE_CODES] } } }));
  const env = {
    FDH_DATA_DIR: dataDir,
    FDH_PLANS_FILE: plansFile,
    FDH_LOG_LEVEL: process.env.FDH_LOG_LEVEL ?? 'info',
    FDH_WEIGHTLESS_CALLS_PER_MINUTE: '1000000',
    ...storeEnv,
  };
  const seeded = await runCli(['seed', 'demo', '--scale', scale], env);
  if (seeded.code !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  const created = await runCli(['keys', 'create', '--plan', 'bench'], env);
  if (created.code !== 0) throw new Error(`creating the key failed: ${created.stderr}`);
  return { env, key: created.stdout.trim().split('\n').at(-1) ?? '' };
}

/**
 * `fdh serve` as an operator runs it, through the command's own interpreter line (its memory
 * settings included): its log lines go to a file, not through a pipe into this process (which
 * drives the load and must not spend its time reading them).
 */
export async function startHub(env: Record<string, string>, logFile: string): Promise<Server> {
  const port = await freePort();
  const log = openSync(logFile, 'a');
  const child = spawn(CLI, ['serve', '--port', String(port)], { env: { ...process.env, ...env }, stdio: ['ignore', log, 'inherit'] });
  closeSync(log);
  const stop = stopper(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600 && child.exitCode === null; attempt++) {
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { baseUrl, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`the hub did not start within 60 s (exit code ${child.exitCode})`);
}

/** The bare node:http server of `bare-server.ts`, answering from `answers` (written to `file`). */
export function startBare(answers: BareAnswer[], file: string): Promise<Server> {
  writeFileSync(file, JSON.stringify(answers));
  const script = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
  const child = spawn(process.execPath, [script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = stopper(child);
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = /serving (http:\/\/\S+)/.exec(stdout);
      if (match?.[1] !== undefined) resolve({ baseUrl: match[1], stop });
    });
    child.once('close', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
}

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { testDatabaseUrl } from './stores.ts';

/** Real services for the scale-out tests: a private database, a private Redis, a cuttable link. */

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/** A database of its own on the test PostgreSQL server, dropped afterwards. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (testDatabaseUrl === undefined) throw new Error('FDH_TEST_DATABASE_URL is not set');
  const name = `fdh_t_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A redis-server of its own on a free port, which the test can stop and start again. */
export async function startPrivateRedis(): Promise<{ url: string; stop(): Promise<void>; start(): Promise<void> }> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      const ok = await new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      if (ok) return;
      await sleep(20);
    }
    throw new Error('redis-server did not start');
  };
  const stop = async () => {
    const running = child;
    if (running === undefined || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}

/** A TCP relay to a service that the test can cut (refusing and dropping connections) and restore. */
export async function startRelay(target: {
  host: string;
  port: number;
}): Promise<{ port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const port = await freePort();
  let server: net.Server | undefined;
  const listen = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
  };
  const cut = async () => {
    const closing = new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closing;
    server = undefined;
  };
  await listen();
  return { port, cut, restore: listen, close: cut };
}

import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { Clock } from '../kernel/clock.ts';
import { errorEnvelope } from './envelope.ts';

/**
 * Caps the connections one client address may hold open: past the cap a new connection gets a
 * 429 envelope and is closed, before Node parses anything on it. The count is per process.
 */
export function capConnectionsPerAddress(server: Server, config: { maxConnectionsPerAddress: number }, clock: Clock, logger: Logger): void {
  const cap = config.maxConnectionsPerAddress;
  if (cap === 0) return;
  const open = new Map<string, number>();
  // `connection` listeners run before Node's own, so a refused socket is never parsed.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > cap) {
      logger.warn({ remoteAddress: address, openConnections: cap }, 'connection refused: too many open connections from this address');
      const body = JSON.stringify(errorEnvelope(clock, 429, 'RATE_LIMIT_EXCEEDED', `Too many open connections from this address (at most ${cap})`));
      socket.write(
        `HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
          `Cache-Control: no-store\r\nRetry-After: 1\r\nConnection: close\r\n\r\n${body}`,
        () => socket.destroy(),
      );
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/**
 * Options of Node's HTTP server for the timeouts Fastify does not set itself. Node looks for
 * requests past their headers or request timeout every `connectionsCheckingInterval` (30 s by
 * default, which would stretch a 10 s timeout to 40 s): check at least as often as the shorter.
 */
export function serverTimeouts(config: { headersTimeoutMs: number; requestTimeoutMs: number }): ServerOptions {
  return {
    headersTimeout: config.headersTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, Math.ceil(config.headersTimeoutMs / 4)),
  };
}

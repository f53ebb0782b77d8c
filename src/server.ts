import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Runtime } from './runtime.ts';
import type { Domain } from './domains/domain.ts';

/** Work a serving process does besides answering (the sync schedule), stopped before the store closes. */
export interface BackgroundTask {
  stop(): Promise<void>;
}

/**
 * Serves until SIGTERM or SIGINT, then stops accepting, lets in-flight requests finish, stops
 * the background tasks, closes the store and resolves (the caller exits 0).
 */
export async function serve(
  runtime: Runtime,
  options: { domains?: readonly Domain[]; background?: readonly BackgroundTask[] } = {},
): Promise<{ app: FastifyInstance; stopped: Promise<void> }> {
  const app = await buildApp(runtime, options);
  await app.listen({ port: runtime.config.port, host: runtime.config.host });
  const stopped = new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      runtime.logger.info({ signal }, 'shutting down: finishing in-flight requests');
      // Connections busy now turn idle once their response is sent; close them then rather
      // than waiting out the keep-alive timeout.
      const sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
      app
        .close()
        .finally(() => clearInterval(sweeper))
        .then(() => Promise.all((options.background ?? []).map((task) => task.stop())))
        .then(() => runtime.close())
        .then(() => {
          runtime.logger.info('stopped');
          resolve();
        })
        .catch((error: unknown) => {
          runtime.logger.error({ err: error }, 'error during shutdown');
          resolve();
        });
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  return { app, stopped };
}

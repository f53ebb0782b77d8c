/**
 * `npm run generate:client-types`: writes `packages/client/src/schema.ts` from the OpenAPI
 * document of an in-process hub on an empty temporary store (no network, default plans).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.ts';
import { openRuntime } from '../src/runtime.ts';
import { buildApp } from '../src/app.ts';
import { createLogger } from '../src/kernel/logger.ts';
import { clientTypesSource, type OpenApiDocument } from './client-types.ts';

export const CLIENT_TYPES_FILE = fileURLToPath(new URL('../packages/client/src/schema.ts', import.meta.url));

async function servedDocument(): Promise<OpenApiDocument> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-client-types-'));
  try {
    const config = loadConfig({ env: { FDH_DATA_DIR: dataDir }, cwd: dataDir });
    const runtime = await openRuntime(config, { logger: createLogger('silent') });
    try {
      const app = await buildApp(runtime);
      try {
        return (await app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApiDocument>();
      } finally {
        await app.close();
      }
    } finally {
      await runtime.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  writeFileSync(CLIENT_TYPES_FILE, clientTypesSource(await servedDocument()));
  process.stdout.write(`wrote ${CLIENT_TYPES_FILE}\n`);
}

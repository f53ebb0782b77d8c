import { after } from 'node:test';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import { successValidators, type ServedDocument } from '../../helpers/response-schemas.ts';
import { demoGenerators } from '../../../src/ingest/demo/index.ts';

export interface DemoHub {
  hub: TestHub;
  /** A pro key. */
  key: string;
  /** The served OpenAPI document's success validators. */
  validate: ReturnType<typeof successValidators>;
}

/**
 * One demo hub per test file (the seed takes a while), closed after the file's tests: call at
 * the top of the file, then await the answer's `hub()` in each test.
 */
export function demoHubPerFile(): { hub: () => Promise<DemoHub> } {
  const cleanups: (() => unknown)[] = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  let shared: Promise<DemoHub> | undefined;
  return {
    hub: () => {
      shared ??= (async () => {
        const hub = await createTestHub({ after: (fn) => cleanups.push(fn) }, { seed: demoGenerators });
        const document = (await hub.app.inject({ method: 'GET', url: '/openapi.json' })).json<ServedDocument>();
        return { hub, key: await hub.key('pro'), validate: successValidators(document) };
      })();
      return shared;
    },
  };
}

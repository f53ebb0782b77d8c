// npm test: embedded pass only (the OpenAPI document and the client's types do not depend on the store)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createTestHub } from '../helpers/app.ts';
import { clientTypesSource, type OpenApiDocument } from '../../scripts/client-types.ts';
import { CLIENT_TYPES_FILE } from '../../scripts/generate-client-types.ts';

/** Where the two texts first part, for a message that says which route drifted. */
function firstDifference(committed: string, served: string): string {
  const a = committed.split('\n');
  const b = served.split('\n');
  const line = a.findIndex((text, index) => text !== b[index]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}:\n  committed: ${a[at] ?? '(end of file)'}\n  served:    ${b[at] ?? '(end of file)'}`;
}

test("the client's committed types are what the served OpenAPI document generates now", async (t) => {
  const hub = await createTestHub(t);
  const document = (await hub.app.inject({ method: 'GET', url: '/openapi.json' })).json<OpenApiDocument>();
  const served = clientTypesSource(document);
  const committed = readFileSync(CLIENT_TYPES_FILE, 'utf8');
  assert.ok(
    committed === served,
    `packages/client/src/schema.ts is out of date with the routes; run \`npm run generate:client-types\` and commit it. First difference at ${firstDifference(committed, served)}`,
  );
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { twinOperations, twinParameterProblems } from '../helpers/twin.ts';

/**
 * A client written for the live service's first release must work against the hub: every one
 * of the twin's 35 operations is served at its path, with its operationId, feature code, weight
 * and parameters. Optional additions of later releases are allowed: `asOf` on the Macro endpoints
 * (contract section 7), `provinceId` on the geojson (contract section 5) and `format` on a list answer
 * (contract section 5, "CSV").
 */
test('every operation of the twin is served with its path, id, feature, weight and parameters', async (t) => {
  const hub = await createTestHub(t);
  const document = (await hub.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  const operations = twinOperations();
  assert.equal(operations.length, 35);
  for (const twin of operations) {
    const operation = document.paths[twin.path]?.get;
    assert.ok(operation !== undefined, `${twin.path} is served`);
    assert.equal(operation.operationId, twin.operationId, twin.path);
    assert.equal(operation['x-feature-code'], twin.feature, twin.path);
    assert.equal(operation['x-api-weight'], twin.weight, twin.path);
    const added = twin.feature === 'macro_data' ? ['asOf'] : twin.operationId === 'realEstateGeoJson' ? ['provinceId'] : [];
    // A list answer may be asked for as CSV (contract section 5, "CSV").
    const extra = operation.responses['200']['x-csv'] === undefined ? added : [...added, 'format'];
    assert.deepEqual(twinParameterProblems(document, twin.operationId, extra), [], twin.operationId);
  }
});

/**
 * A store of real data only starts empty (`FDH_DEMO=off`): until a source has loaded a
 * dataset, every endpoint answers as its contract says for missing data (an empty list, null
 * figures, a 404 for an unknown resource, a 400 naming an unknown identifier), never a 5xx.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';

interface ParameterDoc {
  name: string;
  in: string;
  required?: boolean;
  schema?: { enum?: unknown[]; default?: unknown; example?: unknown; examples?: unknown[]; minimum?: number; format?: string; type?: string; pattern?: string };
}

/** Identifiers a request may name; on an empty store each is unknown. */
const IDENTIFIERS: Record<string, string> = { code: '7203', symbol: 'bitcoin', id: 'bitcoin', pair: 'EUR/USD', country: 'JP', series: 'gdp-growth-rate' };

function sampleValue(parameter: ParameterDoc): string {
  const schema = parameter.schema ?? {};
  const chosen = schema.default ?? schema.enum?.[0] ?? schema.example ?? schema.examples?.[0];
  if (chosen !== undefined) return String(chosen);
  if (schema.format === 'date' || /date|from|to|asOf/i.test(parameter.name)) return '2026-06-18';
  if (schema.type === 'integer' || schema.type === 'number') return String(schema.minimum ?? 1);
  return IDENTIFIERS[parameter.name] ?? 'gold';
}

test('on an empty store, every /openapi/v1 endpoint answers without a 5xx', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const key = await hub.key('enterprise');
  const document = (await hub.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, { get?: { parameters?: ParameterDoc[] } }>;
  };
  const failures: string[] = [];
  let walked = 0;
  const statuses = new Map<number, number>();
  for (const [template, methods] of Object.entries(document.paths)) {
    if (methods.get === undefined || !template.startsWith('/openapi/v1')) continue;
    const parameters = methods.get.parameters ?? [];
    const path = template.replace(/\{(\w+)\}/g, (_whole, name: string) =>
      encodeURIComponent(sampleValue(parameters.find((p) => p.name === name) ?? { name, in: 'path' })),
    );
    const required = parameters.filter((p) => p.in === 'query' && p.required === true);
    const optional = parameters.filter((p) => p.in === 'query' && p.required !== true);
    // The bare request, then each optional parameter on its own.
    for (const extra of [undefined, ...optional]) {
      const query = new URLSearchParams([...required, ...(extra === undefined ? [] : [extra])].map((p): [string, string] => [p.name, sampleValue(p)]));
      const url = `${path}${query.size > 0 ? `?${query}` : ''}`;
      const answer = await hub.get(url, key);
      walked++;
      statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
      if (answer.statusCode >= 500) failures.push(`${url} → ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    }
  }
  t.diagnostic(`walked ${walked} requests: ${JSON.stringify([...statuses])}`);
  assert.ok(walked > 50, `walked ${walked} requests`);
  assert.ok((statuses.get(200) ?? 0) > walked / 3, 'most requests reach the service, not only the validation');
  assert.deepEqual(failures, []);
});

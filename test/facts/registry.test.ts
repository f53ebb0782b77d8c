import { test } from 'node:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { createTestHub } from '../helpers/app.ts';
import { runCli } from '../helpers/cli.ts';
import { READING_ENDPOINTS } from '../../src/domains/index.ts';
import { FACT_FAMILIES } from '../../src/facts/families.ts';
import { factName, storedFact } from '../../src/facts/names.ts';
import type { Fact } from '../../src/facts/registry.ts';
import { sources } from '../../src/ingest/sources/index.ts';
import { DATA_SOURCES_DOC } from '../../scripts/docs-coverage.ts';
import { factsSection, shippedFactsMarkdown } from '../../scripts/docs-facts.ts';

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
}

/** Every leaf of a response's `data` schema, as the field map writes paths: `rows[].lastPrice`, `etf1.data.*[].nav` (`*` for any key of a record). */
function leaves(schema: JsonSchema | undefined, path = ''): string[] {
  if (schema === undefined) return [];
  if (schema.anyOf !== undefined) return [...new Set(schema.anyOf.flatMap((branch) => leaves(branch, path)))];
  if (schema.properties !== undefined)
    return Object.entries(schema.properties).flatMap(([name, child]) => leaves(child, path === '' ? name : `${path}.${name}`));
  if (schema.items !== undefined) return leaves(schema.items, `${path}[]`);
  if (typeof schema.additionalProperties === 'object') return leaves(schema.additionalProperties, `${path}.*`);
  return [path];
}

/** The data endpoints with fields of their own (`/series/{fact}` has none). */
const FIELD_ENDPOINTS = READING_ENDPOINTS.filter(({ reads }) => Object.keys(reads.fields).length > 0);

/** `entry` names `leaf` or a part of the answer that holds it. */
const covers = (entry: string, leaf: string): boolean => leaf === entry || leaf.startsWith(`${entry}.`) || leaf.startsWith(`${entry}[]`);

test("every leaf of every data endpoint's response schema is a registered fact's field, a figure derived from them or a label; every entry names a part of the schema", async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const document = (await hub.get('/openapi.json')).json() as {
    paths: Record<string, { get: { responses: Record<string, { content: Record<string, { schema: { properties: { data: JsonSchema } } }> }> } }>;
  };
  const problems: string[] = [];
  for (const { path, reads } of FIELD_ENDPOINTS) {
    const operation = document.paths[`/openapi/v1${path.replace(/:(\w+)/g, '{$1}')}`];
    const data = operation?.get.responses['200']?.content['application/json']?.schema.properties.data;
    assert.ok(data !== undefined, `${path} has a 200 data schema`);
    const schemaLeaves = leaves(data);
    const lists = { fields: Object.keys(reads.fields), derived: reads.derived ?? [], labels: reads.labels ?? [] };
    for (const [list, entries] of Object.entries(lists)) {
      for (const entry of entries)
        if (!schemaLeaves.some((leaf) => covers(entry, leaf))) problems.push(`${path}: ${list} entry "${entry}" is not in the response schema`);
    }
    const all = [...lists.fields, ...lists.derived, ...lists.labels];
    for (const entry of new Set(all)) if (all.filter((other) => other === entry).length > 1) problems.push(`${path}: "${entry}" is listed twice`);
    for (const leaf of schemaLeaves)
      if (!all.some((entry) => covers(entry, leaf))) problems.push(`${path}: "${leaf}" is neither a fact's field, derived nor a label`);
  }
  assert.deepEqual(problems, []);
});

test('every stored fact has a name that leads back to it, and every family is one some endpoint reads', () => {
  const read = [...new Set(READING_ENDPOINTS.flatMap(({ reads }) => [...Object.values(reads.fields).flat(), ...(reads.onRequest ?? [])]))];
  for (const stored of read) {
    const { name } = factName(stored);
    assert.equal(storedFact(name), stored, `${stored} → ${name} → back`);
  }
  const families = new Set(read.map((stored) => factName(stored).family.name));
  assert.deepEqual(
    FACT_FAMILIES.map((family) => family.name).filter((name) => !families.has(name)),
    [],
    'no family no endpoint reads',
  );
  assert.throws(() => factName('market_index'), /no fact family holds "market_index"/);
});

test('fdh facts --json lists every served figure with its unit, frequency, point-in-time rule, sources and fields; its text form names them too', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-facts-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const env = { FDH_DATA_DIR: dir };
  const listed = await runCli(['facts', '--json'], env);
  assert.equal(listed.code, 0, listed.stderr);
  const facts = JSON.parse(listed.stdout) as Fact[];
  const fieldsOf = new Map(facts.map((fact) => [fact.stored, new Set(fact.fields.map((field) => `${field.endpoint} ${field.field}`))]));
  for (const { path, reads } of READING_ENDPOINTS) {
    for (const [field, stored] of Object.entries(reads.fields)) {
      for (const fact of stored) assert.ok(fieldsOf.get(fact)?.has(`${path} ${field}`), `${fact} fills ${path} ${field}`);
    }
  }
  for (const fact of facts) {
    assert.ok(fact.unit !== '' && fact.frequency !== undefined && fact.pointInTime !== '' && fact.timeZone !== '', fact.name);
    assert.ok(fact.fields.length > 0 || fact.onRequest === true, `${fact.name} fills a field`);
  }
  const ftse = facts.find((fact) => fact.name === 'index.close:UKX');
  // No publisher source: the operator's licensed files (off until it names them).
  assert.deepEqual(
    [ftse?.stored, ftse?.format, ftse?.sources, ftse?.unfed?.kind],
    ['instrument_close:index:UKX', 'observations', [{ id: 'operator-files', publisher: 'operator', enabled: false }], 'no free publisher'],
  );
  const cpi = facts.find((fact) => fact.name === 'macro:us.cpi');
  assert.deepEqual(
    cpi?.sources.map((source) => source.id),
    ['fred-macro'],
  );
  assert.equal(cpi?.frequency !== undefined, true);
  // Every shipped source feeds some listed fact with its default parameters (rss-feeds reads its default feeds).
  const declaring = sources.filter((source) => (source.configuredFeeds?.(source.defaultParams) ?? source.feeds ?? []).length > 0);
  assert.ok(declaring.some((source) => source.id === 'rss-feeds'));
  for (const source of declaring)
    assert.ok(
      facts.some((fact) => fact.sources.some((feeding) => feeding.id === source.id)),
      `${source.id} feeds a listed fact`,
    );
  const text = await runCli(['facts'], env);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /^macro:us\.cpi {2}.+, every month, due \d+ days after it, observations file — fed by fred-macro$/m);
  assert.match(text.stdout, /^macro:jp\.gdp\.real {2}.+, every quarter, due \d+ days after it, observations file — fed by cao-gdp$/m);
  assert.equal(facts.find((fact) => fact.name === 'macro:jp.gdp.real')?.cadence.kind, 'periodic');
  assert.match(text.stdout, /^ {4}\/macro\/economic-data \[\]\.cpiPoints$/m);
  assert.match(text.stdout, new RegExp(`^${facts.length} facts$`, 'm'));
});

test('docs/data-sources.md holds the facts table as fdh facts --markdown prints it (npm run docs:facts)', async (t) => {
  const committed = factsSection(readFileSync(DATA_SOURCES_DOC, 'utf8'));
  assert.ok(committed === (await shippedFactsMarkdown()), 'the facts section of docs/data-sources.md is stale: run `npm run docs:facts` and commit it');
  const dir = mkdtempSync(join(tmpdir(), 'fdh-facts-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const printed = await runCli(['facts', '--markdown'], { FDH_DATA_DIR: dir, FDH_SOURCES_FILE: '' }, undefined, dir);
  assert.equal(printed.code, 0, printed.stderr);
  assert.equal(printed.stdout, committed);
  const both = await runCli(['facts', '--json', '--markdown'], { FDH_DATA_DIR: dir });
  assert.equal(both.code, 2);
  assert.match(both.stderr, /--json and --markdown exclude each other/);
});

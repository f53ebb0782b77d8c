/**
 * The TypeScript source of `packages/client/src/schema.ts`, written from the hub's OpenAPI
 * document: one entry per path and method with its path parameters, query, JSON body, the
 * envelope's `data` and `meta`. A pure function of the document, so the drift test can compare
 * what the server serves now with the committed file (ADR 0016 says why not openapi-typescript).
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface Operation {
  operationId?: string;
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  'x-feature-code'?: string | null;
  'x-api-weight'?: number;
}

export interface OpenApiDocument {
  info?: { title?: string; version?: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const propertyName = (name: string) => (IDENTIFIER.test(name) ? name : JSON.stringify(name));
const indent = (depth: number) => '  '.repeat(depth);

/**
 * What a schema says beyond its TypeScript type, for the property's doc comment: its
 * description and constraints, so every change of a route's schema changes this file.
 */
function schemaNotes(schema: JsonSchema): string {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const notes = [
    schema.description,
    types.includes('integer') ? 'integer' : undefined,
    schema.format === undefined ? undefined : `format ${schema.format}`,
    schema.minimum === undefined ? undefined : `minimum ${schema.minimum}`,
    schema.maximum === undefined ? undefined : `maximum ${schema.maximum}`,
    schema.minLength === undefined ? undefined : `minLength ${schema.minLength}`,
    schema.maxLength === undefined ? undefined : `maxLength ${schema.maxLength}`,
    schema.minItems === undefined ? undefined : `minItems ${schema.minItems}`,
    schema.maxItems === undefined || schema.maxItems === 0 ? undefined : `maxItems ${schema.maxItems}`,
    schema.pattern === undefined ? undefined : `pattern \`${schema.pattern}\``,
    schema.default === undefined ? undefined : `default ${JSON.stringify(schema.default)}`,
  ];
  return notes.filter((note) => note !== undefined && note !== '').join(' · ');
}

function docComment(text: string | undefined, depth: number): string {
  if (text === undefined || text.trim() === '') return '';
  return `${indent(depth)}/** ${text
    .trim()
    .replace(/\*\//g, '*\\/')
    .replace(/\s*\n\s*/g, ' ')} */\n`;
}

function union(members: string[]): string {
  const unique = [...new Set(members)];
  return unique.length === 0 ? 'never' : unique.join(' | ');
}

/** Whether a type text has a `|` or `&` outside its brackets. */
function isCompound(type: string): boolean {
  let depth = 0;
  for (const character of type) {
    if ('{[(<'.includes(character)) depth++;
    else if ('}])>'.includes(character)) depth--;
    else if (depth === 0 && (character === '|' || character === '&')) return true;
  }
  return false;
}

/** A member of a union or array, parenthesised when it is itself a union or an intersection. */
const grouped = (type: string) => (isCompound(type) ? `(${type})` : type);

function refName(ref: string): string {
  const name = ref.split('/').at(-1) ?? ref;
  if (!IDENTIFIER.test(name)) throw new Error(`unsupported $ref ${ref}`);
  return name;
}

function objectType(schema: JsonSchema, depth: number): string {
  const properties = Object.entries(schema.properties ?? {});
  const extra = typeof schema.additionalProperties === 'object' ? typeText(schema.additionalProperties, depth + 1) : undefined;
  if (properties.length === 0) return extra === undefined ? 'Record<string, never>' : `Record<string, ${extra}>`;
  const required = new Set(schema.required ?? []);
  const lines = properties.map(
    ([name, property]) =>
      `${docComment(schemaNotes(property), depth + 1)}${indent(depth + 1)}${propertyName(name)}${required.has(name) ? '' : '?'}: ${typeText(property, depth + 1)};\n`,
  );
  const body = `{\n${lines.join('')}${indent(depth)}}`;
  return extra === undefined ? body : `${body} & Record<string, ${extra}>`;
}

function typeOfName(name: string, schema: JsonSchema, depth: number): string {
  switch (name) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'null':
      return 'null';
    case 'array':
      if (schema.prefixItems !== undefined) return `[${schema.prefixItems.map((item) => typeText(item, depth)).join(', ')}]`;
      if (schema.maxItems === 0) return '[]';
      return `${grouped(schema.items === undefined ? 'unknown' : typeText(schema.items, depth))}[]`;
    case 'object':
      return objectType(schema, depth);
    default:
      throw new Error(`unsupported JSON Schema type ${name}`);
  }
}

/** A JSON Schema as a TypeScript type, for the keywords TypeBox writes into the document. */
export function typeText(schema: JsonSchema, depth = 0): string {
  if (schema.$ref !== undefined) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const nullable = Array.isArray(schema.type) && schema.type.includes('null');
  if (schema.enum !== undefined) return union([...schema.enum.map((value) => JSON.stringify(value)), ...(nullable ? ['null'] : [])]);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined) return union(alternatives.map((member) => grouped(typeText(member, depth))));
  if (schema.allOf !== undefined) return schema.allOf.map((member) => grouped(typeText(member, depth))).join(' & ');
  if (schema.type === undefined) return schema.properties === undefined ? 'unknown' : objectType(schema, depth);
  const names = Array.isArray(schema.type) ? schema.type : [schema.type];
  return union(names.map((name) => typeOfName(name, schema, depth)));
}

/** Path or query parameters as an object type; a `format: date` query parameter also takes a Date. */
function parametersType(parameters: Parameter[], depth: number): string {
  const lines = parameters.map((parameter) => {
    const schema = parameter.schema ?? {};
    const value = parameter.in === 'query' && schema.format === 'date' ? `${typeText(schema, depth + 1)} | Date` : typeText(schema, depth + 1);
    const description = [parameter.description, schemaNotes(schema), schema.format === 'date' ? 'YYYY-MM-DD, or a Date (its UTC day)' : undefined]
      .filter((part) => part !== undefined && part !== '')
      .join(' · ');
    return `${docComment(description, depth + 1)}${indent(depth + 1)}${propertyName(parameter.name)}${parameter.required === true ? '' : '?'}: ${value};\n`;
  });
  return `{\n${lines.join('')}${indent(depth)}}`;
}

function jsonSchemaOf(content: Record<string, { schema?: JsonSchema }> | undefined): JsonSchema | undefined {
  const entry = Object.entries(content ?? {}).find(([type]) => type.startsWith('application/json'));
  return entry?.[1].schema;
}

function successSchema(operation: Operation): JsonSchema | undefined {
  const status = Object.keys(operation.responses ?? {})
    .filter((code) => /^2\d\d$/.test(code))
    .sort()[0];
  return status === undefined ? undefined : jsonSchemaOf(operation.responses?.[status]?.content);
}

function operationType(operation: Operation, depth: number): string {
  const parameters = operation.parameters ?? [];
  const members: string[] = [];
  for (const place of ['path', 'query'] as const) {
    const own = parameters.filter((parameter) => parameter.in === place);
    if (own.length > 0) members.push(`${indent(depth + 1)}${place === 'path' ? 'params' : 'query'}: ${parametersType(own, depth + 1)};\n`);
  }
  const body = jsonSchemaOf(operation.requestBody?.content);
  if (body !== undefined) members.push(`${indent(depth + 1)}body: ${typeText(body, depth + 1)};\n`);
  const envelope = successSchema(operation)?.properties;
  members.push(`${indent(depth + 1)}data: ${envelope?.data === undefined ? 'unknown' : typeText(envelope.data, depth + 1)};\n`);
  members.push(`${indent(depth + 1)}meta: ${envelope?.meta === undefined ? 'Record<string, unknown>' : typeText(envelope.meta, depth + 1)};\n`);
  return `{\n${members.join('')}${indent(depth)}}`;
}

function operationComment(operation: Operation): string {
  const parts = [operation.summary, operation.operationId === undefined ? undefined : `\`${operation.operationId}\``];
  if (operation['x-feature-code'] !== undefined) parts.push(`feature ${operation['x-feature-code'] ?? 'none'}`);
  if (operation['x-api-weight'] !== undefined) parts.push(`weight ${operation['x-api-weight']}`);
  return parts.filter((part) => part !== undefined).join(' · ');
}

export function clientTypesSource(document: OpenApiDocument): string {
  const out: string[] = [
    "// Generated by `npm run generate:client-types` from the hub's GET /openapi.json",
    `// (${document.info?.title ?? 'OpenAPI'} ${document.info?.version ?? ''}). Do not edit: test/client/types-drift.test.ts fails when this file and the served document differ.`,
    '',
    "/** Every operation of the hub by path and method: parameters, query, body, and the envelope's `data` and `meta`. */",
    'export interface paths {',
  ];
  for (const [path, methods] of Object.entries(document.paths)) {
    out.push(`  ${JSON.stringify(path)}: {`);
    for (const method of METHODS) {
      const operation = methods[method];
      if (operation === undefined) continue;
      out.push(docComment(operationComment(operation), 2).trimEnd());
      out.push(`    ${method}: ${operationType(operation, 2)};`);
    }
    out.push('  };');
  }
  out.push('}', '');
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
    if (!IDENTIFIER.test(name)) throw new Error(`unsupported component name ${name}`);
    const comment = docComment(schema.description, 0);
    if (comment !== '') out.push(comment.trimEnd());
    out.push(`export type ${name} = ${typeText(schema, 0)};`, '');
  }
  return out.join('\n');
}

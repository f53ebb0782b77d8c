import { readdirSync, readFileSync } from 'node:fs';

/**
 * The live service's first release (twin v0.1.0) as data: its operations with their parameter
 * and field tables, one file per API area in `test/fixtures/twin/`. Checks responses against
 * them: names, types, nullability, enums and required fields.
 */
const TWIN_DIR = new URL('../fixtures/twin/', import.meta.url);

export interface TwinParameter {
  name: string;
  in: 'query' | 'path';
  type: string;
  required: boolean;
  enum?: string[];
  default?: string;
  min?: number;
  max?: number;
  example?: string;
}

export interface TwinField {
  path: string;
  type: string;
  required: boolean;
  nullable: boolean;
  enum?: string[];
  /** For operations whose data has variants (economic-data): the variant the field belongs to. */
  variant?: string;
}

export interface TwinOperation {
  method: string;
  /** Full path with `{name}` parameters, e.g. `/openapi/v1/commodities/{id}/history`. */
  path: string;
  operationId: string;
  feature: string;
  weight: number;
  responses: number[];
  parameters: TwinParameter[];
  fields: TwinField[];
}

let cached: TwinOperation[] | undefined;
export function twinOperations(): TwinOperation[] {
  cached ??= readdirSync(TWIN_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => JSON.parse(readFileSync(new URL(name, TWIN_DIR), 'utf8')) as TwinOperation[]);
  return cached;
}

export function twinOperation(operationId: string): TwinOperation {
  const operation = twinOperations().find((op) => op.operationId === operationId);
  if (operation === undefined) throw new Error(`the twin has no operation ${operationId}`);
  return operation;
}

/** Splits `etf1.data.{key}[].date` into steps: `etf1`, `data`, `{key}`, `[]`, `date`. */
function steps(path: string): string[] {
  return path.split(/(\[\])|\./).filter((s) => s !== undefined && s !== '');
}

function typeProblem(type: string, value: unknown): string | undefined {
  const base = type.replace(/ \(.*\)/, '');
  const isArray = base.endsWith('[]');
  if (isArray) return Array.isArray(value) ? undefined : 'is not an array';
  switch (base) {
    case 'string':
      return typeof value === 'string' ? undefined : 'is not a string';
    case 'string<date>':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? undefined : 'is not a YYYY-MM-DD date';
    case 'string<date-time>':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value)
        ? undefined
        : 'is not an ISO 8601 date-time';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'is not a number';
    case 'integer':
      return Number.isInteger(value) ? undefined : 'is not an integer';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'is not a boolean';
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? undefined : 'is not an object';
    default:
      return undefined;
  }
}

function elementProblems(type: string, value: unknown[], where: string): string[] {
  const problems: string[] = [];
  const base = type.replace(/ \(.*\)/, '');
  const element = base === 'number[][]' ? 'number[]' : base.replace(/\[\]$/, '');
  if (element === 'object' || element === '?') return problems;
  value.forEach((item, i) => {
    if (element === 'number[]') {
      if (!Array.isArray(item)) problems.push(`${where}[${i}] is not an array`);
      else
        item.forEach((n, j) => {
          if (typeof n !== 'number') problems.push(`${where}[${i}][${j}] is not a number`);
        });
    } else {
      const problem = typeProblem(element, item);
      if (problem !== undefined) problems.push(`${where}[${i}] ${problem}`);
    }
  });
  return problems;
}

interface Located {
  value: unknown;
  where: string;
}

/** The parent values a field lives in, expanding `[]` over arrays and `{key}` over object values. */
function parents(data: unknown, pathSteps: string[]): Located[] {
  let level: Located[] = [{ value: data, where: 'data' }];
  for (const step of pathSteps) {
    const next: Located[] = [];
    for (const { value, where } of level) {
      if (value === null || value === undefined) continue;
      if (step === '[]') {
        if (Array.isArray(value))
          value.forEach((item, i) => {
            next.push({ value: item, where: `${where}[${i}]` });
          });
      } else if (step === '{key}') {
        if (typeof value === 'object') for (const [k, v] of Object.entries(value)) next.push({ value: v, where: `${where}.${k}` });
      } else if (typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, step)) {
        next.push({ value: (value as Record<string, unknown>)[step], where: `${where}.${step}` });
      }
    }
    level = next;
  }
  return level;
}

export interface TwinCheckOptions {
  /** For operations whose data has variants (economic-data): which one to check. */
  variant?: string;
  /** Report properties the twin does not list (default true). */
  strict?: boolean;
}

/** Every way `data` departs from the twin's field table for the operation; empty when it conforms. */
export function twinProblems(operationId: string, data: unknown, options: TwinCheckOptions = {}): string[] {
  const operation = twinOperation(operationId);
  const fields = operation.fields.filter((f) => f.variant === undefined || f.variant === options.variant);
  const problems: string[] = [];
  for (const field of fields) {
    const pathSteps = steps(field.path);
    const last = pathSteps[pathSteps.length - 1];
    if (last === undefined) continue;
    const isElement = last === '[]' || last === '{key}';
    const containers = parents(data, pathSteps.slice(0, -1));
    for (const { value: container, where } of containers) {
      const values: Located[] = [];
      if (isElement) {
        if (last === '[]' && Array.isArray(container))
          container.forEach((v, i) => {
            values.push({ value: v, where: `${where}[${i}]` });
          });
        if (last === '{key}' && typeof container === 'object' && container !== null) {
          for (const [k, v] of Object.entries(container)) values.push({ value: v, where: `${where}.${k}` });
        }
        if (last === '[]' && !Array.isArray(container)) problems.push(`${where} is not an array`);
      } else if (typeof container === 'object' && container !== null && !Array.isArray(container)) {
        if (!Object.hasOwn(container, last)) {
          if (field.required) problems.push(`${where}.${last} is required but missing`);
          continue;
        }
        values.push({ value: (container as Record<string, unknown>)[last], where: `${where}.${last}` });
      }
      for (const { value, where: at } of values) {
        if (value === null) {
          if (!field.nullable) problems.push(`${at} is null but not nullable`);
          continue;
        }
        const problem = typeProblem(field.type, value);
        if (problem !== undefined) problems.push(`${at} ${problem} (twin: ${field.type})`);
        else if (Array.isArray(value)) problems.push(...elementProblems(field.type, value, at));
        if (field.enum !== undefined && !field.enum.includes(String(value)))
          problems.push(`${at} = ${JSON.stringify(value)} is not one of ${field.enum.join(', ')}`);
      }
    }
  }
  if (options.strict !== false) problems.push(...extraProperties(data, fields));
  return problems;
}

/** Properties present in the data that the field table does not name. */
function extraProperties(data: unknown, fields: TwinField[]): string[] {
  const known = new Set(fields.map((f) => f.path));
  const problems: string[] = [];
  const visit = (value: unknown, path: string, where: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        visit(item, `${path}[]`, `${where}[${i}]`);
      });
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const isMap = known.has(`${path === '' ? '' : `${path}.`}{key}`) || [...known].some((k) => k.startsWith(`${path}.{key}`));
    for (const [key, child] of Object.entries(value)) {
      const childPath = isMap ? `${path}.{key}` : path === '' ? key : path.endsWith('[]') ? `${path}.${key}` : `${path}.${key}`;
      const normalised = childPath.startsWith('[].') || childPath.startsWith('.') ? childPath.replace(/^\./, '') : childPath;
      if (!isMap && !known.has(normalised)) {
        problems.push(`${where}.${key} is not in the twin's field table`);
        continue;
      }
      visit(child, normalised, `${where}.${key}`);
    }
  };
  visit(data, '', 'data');
  return problems;
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema: Record<string, unknown>;
}

/**
 * Every way an operation of the served OpenAPI document departs from the twin's parameter
 * table: names, location, requiredness, enums, defaults and ranges. `extra` names parameters
 * the hub adds on purpose (optional ones only, so a twin client never needs them).
 */
export function twinParameterProblems(
  document: { paths: Record<string, Record<string, { parameters?: OpenApiParameter[] }>> },
  operationId: string,
  extra: string[] = [],
): string[] {
  const twin = twinOperation(operationId);
  const operation = document.paths[twin.path]?.get;
  if (operation === undefined) return [`${twin.path} is not served`];
  const served = operation.parameters ?? [];
  const problems: string[] = [];
  // Every list answer also takes `format` (csv or json): the hub's CSV addition.
  const added = [...extra, 'format'];
  for (const param of served) {
    if (!twin.parameters.some((p) => p.name === param.name) && !(added.includes(param.name) && param.required !== true)) {
      problems.push(`${param.name} is not a twin parameter`);
    }
  }
  for (const expected of twin.parameters) {
    const param = served.find((p) => p.name === expected.name);
    if (param === undefined) {
      problems.push(`${expected.name} is missing`);
      continue;
    }
    if (param.in !== expected.in) problems.push(`${expected.name} is in ${param.in}, the twin has ${expected.in}`);
    if ((param.required ?? false) !== expected.required)
      problems.push(`${expected.name} required=${String(param.required ?? false)}, the twin has ${String(expected.required)}`);
    const servedEnum = param.schema.enum;
    if (expected.enum !== undefined && JSON.stringify(servedEnum) !== JSON.stringify(expected.enum))
      problems.push(`${expected.name} enum ${JSON.stringify(servedEnum)}, the twin has ${expected.enum.join(', ')}`);
    if (expected.default !== undefined && String(param.schema.default) !== expected.default)
      problems.push(`${expected.name} default ${String(param.schema.default)}, the twin has ${expected.default}`);
    if (expected.min !== undefined && param.schema.minimum !== expected.min)
      problems.push(`${expected.name} minimum ${String(param.schema.minimum)}, the twin has ${expected.min}`);
    if (expected.max !== undefined && param.schema.maximum !== expected.max)
      problems.push(`${expected.name} maximum ${String(param.schema.maximum)}, the twin has ${expected.max}`);
  }
  return problems;
}

/** The twin's path with its example parameters filled in (path and query). */
export function twinExampleUrl(operationId: string): string {
  const operation = twinOperation(operationId);
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, parameter.example ?? '');
    else if (parameter.example !== undefined) query.set(parameter.name, parameter.example);
  }
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}

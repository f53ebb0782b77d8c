/**
 * Numbers in the query string and path must be finite and within their declared range. Ajv's
 * type coercion turns `Infinity`, `-Infinity` and `1e309` into non-finite numbers that its
 * range and integer checks let through; this check runs after it, on every compiled
 * query-string and path validator (schema-compilers.ts), so no route has to remember it.
 */
interface NumericSchema {
  type: 'number' | 'integer';
  minimum?: number;
  maximum?: number;
}

interface ObjectSchema {
  properties?: Record<string, { type?: unknown; minimum?: unknown; maximum?: unknown }>;
}

export interface ValidatorIssue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

export type Validator = ((data: unknown, context?: unknown) => boolean) & { errors?: ValidatorIssue[] | null; schemaEnv?: unknown };

function numericProperties(schema: unknown): [string, NumericSchema][] {
  const properties = (schema as ObjectSchema | null)?.properties ?? {};
  const numeric: [string, NumericSchema][] = [];
  for (const [name, property] of Object.entries(properties)) {
    if (property.type !== 'number' && property.type !== 'integer') continue;
    numeric.push([
      name,
      {
        type: property.type,
        ...(typeof property.minimum === 'number' ? { minimum: property.minimum } : {}),
        ...(typeof property.maximum === 'number' ? { maximum: property.maximum } : {}),
      },
    ]);
  }
  return numeric;
}

function withinDeclared(value: number, schema: NumericSchema): boolean {
  if (!Number.isFinite(value)) return false;
  if (schema.type === 'integer' && !Number.isInteger(value)) return false;
  return (schema.minimum === undefined || value >= schema.minimum) && (schema.maximum === undefined || value <= schema.maximum);
}

/** An issue in Ajv's shape, so the 400's message names the parameter like any other. */
function outOfRange(name: string, schema: NumericSchema): ValidatorIssue {
  const bounded = schema.minimum !== undefined || schema.maximum !== undefined;
  return {
    keyword: bounded ? 'maximum' : 'type',
    instancePath: `/${name}`,
    schemaPath: `#/properties/${name}`,
    params: bounded ? {} : { type: schema.type },
    message: `must be a finite ${schema.type}${schema.minimum === undefined ? '' : ` from ${schema.minimum}`}${schema.maximum === undefined ? '' : ` up to ${schema.maximum}`}`,
  };
}

/** `validate` followed by the finite-and-in-range check of every numeric property of `schema`. */
export function withFiniteNumbers(schema: unknown, validate: Validator): Validator {
  const numeric = numericProperties(schema);
  if (numeric.length === 0) return validate;
  const checked: Validator = (data, context) => {
    const valid = validate(data, context);
    checked.errors = validate.errors ?? null;
    if (typeof data !== 'object' || data === null) return valid;
    const values = data as Record<string, unknown>;
    const issues: ValidatorIssue[] = [];
    for (const [name, property] of numeric) {
      const value = values[name];
      if (typeof value === 'number' && !withinDeclared(value, property)) issues.push(outOfRange(name, property));
    }
    if (issues.length === 0) return valid;
    checked.errors = [...(checked.errors ?? []), ...issues];
    return false;
  };
  if (validate.schemaEnv !== undefined) checked.schemaEnv = validate.schemaEnv;
  return checked;
}

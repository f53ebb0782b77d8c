import type { Static, TObject } from 'typebox';
import { Compile } from 'typebox/compile';

interface SchemaError {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

type CheckedArguments<S extends TObject> = { ok: true; value: Static<S> } | { ok: false; problems: string[] };

/** `/facts/3` → `facts.3`: the argument as an agent wrote it. */
const argumentAt = (instancePath: string): string => instancePath.slice(1).replaceAll('/', '.');

/**
 * One message per problem, each naming the argument; nothing for the echoes a closed object and a
 * union's branches add (`all`: every error, where a union finds the types its branches wanted).
 */
function describe(error: SchemaError, all: readonly SchemaError[]): string[] {
  const name = argumentAt(error.instancePath);
  switch (error.keyword) {
    case 'required':
      return (error.params.requiredProperties as string[]).map((missing) => `${name === '' ? '' : `${name}.`}${missing} is required`);
    case 'additionalProperties':
      return (error.params.additionalProperties as string[]).map((extra) => `${name === '' ? '' : `${name}.`}${extra} is not an argument of this tool`);
    case 'boolean':
      return [];
    case 'enum':
      return [`${name} must be one of ${(error.params.allowedValues as unknown[]).join(', ')}`];
    case 'format':
      return [`${name} must be a ${String(error.params.format)}${error.params.format === 'date' ? ' (YYYY-MM-DD)' : ''}`];
    case 'anyOf': {
      const types = all.filter((other) => other.instancePath === error.instancePath && other.keyword === 'type').map((other) => String(other.params.type));
      return [`${name} must be ${types.length === 0 ? 'of another type' : types.join(' or ')}`];
    }
    default:
      return error.schemaPath.includes('/anyOf/') ? [] : [`${name} ${error.message}`];
  }
}

/**
 * A tool's arguments checked against its input schema, compiled once: the arguments as typed, or
 * a message per problem naming the argument (`fact is required`, `facts must not have more than 20 items`).
 */
export function argumentsCheck<S extends TObject>(schema: S): (args: unknown) => CheckedArguments<S> {
  const validator = Compile(schema);
  return (args) => {
    if (validator.Check(args)) return { ok: true, value: args };
    const errors = validator.Errors(args) as SchemaError[];
    return { ok: false, problems: [...new Set(errors.flatMap((error) => describe(error, errors)))] };
  };
}

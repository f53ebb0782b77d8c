import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { withFiniteNumbers, type Validator } from '../kernel/finite-numbers.ts';

interface SchemaDefinition {
  schema: unknown;
  httpPart?: string;
}
type CompilerFactory = (externalSchemas: unknown, options: unknown) => (definition: SchemaDefinition) => unknown;
type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Compiles each distinct schema once. Fastify compiles per route, per HTTP part or status,
 * and again for every automatic HEAD route (every route shares the error envelope). Besides
 * start-up time, each compilation leaves a few generated names as V8 hidden-class transitions
 * off the empty object literal; past 1,536 of them V8 stops caching transitions there, and
 * every object built from `{}` afterwards (Node's tick objects, the reply's header map) takes
 * the slow path on every request. See ADR 0002.
 */
function compilingOnce(factory: CompilerFactory): CompilerFactory {
  // Fastify asks for a compiler per route; schemas compiled alike are shared across all of them.
  const compiled = new Map<string, unknown>();
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    const context = JSON.stringify([externalSchemas, options]);
    return (definition) => {
      const key = `${context} ${definition.httpPart ?? ''} ${JSON.stringify(definition.schema)}`;
      let result = compiled.get(key);
      if (result === undefined) {
        result = compile(definition);
        compiled.set(key, result);
      }
      return result;
    };
  };
}

/** Query strings and paths also get their numbers checked finite and in range (finite-numbers.ts). */
function checkingNumbers(factory: CompilerFactory): CompilerFactory {
  return (externalSchemas, options) => {
    const compile = factory(externalSchemas, options);
    return (definition) => {
      const validate = compile(definition) as Validator;
      return definition.httpPart === 'querystring' || definition.httpPart === 'params' ? withFiniteNumbers(definition.schema, validate) : validate;
    };
  };
}

export const schemaCompilers = {
  buildValidator: compilingOnce(checkingNumbers(AjvCompiler() as unknown as CompilerFactory)),
  buildSerializer: compilingOnce(SerializerSelector() as unknown as CompilerFactory),
} as unknown as CompilersFactory;

import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

interface DocumentOperation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}

export interface ServedDocument {
  paths: Record<string, Record<string, DocumentOperation>>;
  components?: { schemas?: Record<string, object> };
}

/**
 * Validators of the success envelopes the served OpenAPI document declares, by path and
 * method: JSON Schema 2020-12 (OpenAPI 3.1's dialect) with its formats, so an answer that
 * breaks its documented schema (a missing field, a wrong type, a date that is not one) fails.
 */
export function successValidators(document: ServedDocument): (path: string, method: string) => ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormatsModule.default(ajv);
  ajv.addSchema({ components: document.components ?? {} }, 'document');
  return (path, method) => {
    const responses = document.paths[path]?.[method]?.responses ?? {};
    const status = Object.keys(responses).find((code) => /^2\d\d$/.test(code));
    const schema = status === undefined ? undefined : responses[status]?.content?.['application/json']?.schema;
    if (schema === undefined) throw new Error(`the document declares no JSON success answer for ${method.toUpperCase()} ${path}`);
    // Local references (#/components/…) resolve against the document registered above.
    return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"document#/components/')));
  };
}

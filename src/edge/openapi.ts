import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorEnvelopeSchema, FigureSourceSchema } from './envelope.ts';
import { DOMAIN_TAGS } from './route.ts';
import type { EdgeContext } from './edge-context.ts';
import { encodeSerialisedJson } from './compression.ts';
import { isoDay } from '../kernel/dates.ts';

/** An operation's parameter as the document lists it. */
export interface ParameterDoc {
  name: string;
  in: string;
  example?: unknown;
  schema?: { default?: unknown; enum?: unknown[]; type?: string; minimum?: number };
}

/** What the document says beyond the API routes: the example of each parameter, and the dashboard's sign-in and tag. */
export interface OpenApiOptions {
  parameterExample: (path: string, parameter: ParameterDoc, today: string) => unknown;
  /** The dashboard session's cookie name. */
  sessionCookie: string;
  dashboardTag: string;
}

type OpenApiOperation = Record<string, unknown> & {
  parameters?: ParameterDoc[];
  responses?: Record<string, { description?: string; content?: Record<string, unknown>; 'x-csv'?: Record<string, unknown> }>;
};

const CSV_CONTENT = {
  'text/csv': {
    schema: {
      type: 'string',
      description:
        'The `data` list as RFC 4180 CSV (header row of field names, nested fields dotted, CRLF line ends); `meta` in X-Meta-* headers. ' +
        "A text cell starting with = + - @ (not a plain signed number) is written after a ' so no spreadsheet runs it.",
    },
  },
};

const CSV_ANSWER =
  'The answer as JSON. With `format=csv` (or `Accept: text/csv` ranked above JSON) the same `data` list as `text/csv` instead; ' +
  'a generated client asks for it with `format=csv` and reads the body as text. `x-csv` describes it.';

/**
 * A list answer's 200 is JSON, and the CSV form is documented beside it (`x-csv`), not as a
 * second media type of the 200: a client generated from the document (openapi-typescript with
 * openapi-fetch) types a 200 as the union of its media types, so `data.data` would not compile
 * before narrowing away a string. The `format` parameter is what asks for CSV. Any other
 * operation refuses a request that accepts CSV only (406).
 */
function declareCsv(operation: OpenApiOperation, csv: boolean): void {
  const responses = operation.responses ?? {};
  const ok = responses['200'];
  if (csv && ok !== undefined) {
    ok.description = CSV_ANSWER;
    ok['x-csv'] = CSV_CONTENT;
  }
  const error = responses['401'];
  if (!csv && error !== undefined) responses['406'] = { ...error, description: 'Not Acceptable: this answer has no CSV form' };
}

type OpenApiDocument = { paths?: Record<string, Record<string, { parameters?: ParameterDoc[] } & Record<string, unknown>>> } & Record<string, unknown>;

/**
 * OpenAPI 3.1 generated from the route schemas, plus `x-feature-code` and `x-api-weight` per
 * operation and an example on every parameter (openapi-examples.ts). The API-key scheme comes
 * first: /docs lists the schemes in this order in its Authorize dialog.
 */
export async function registerOpenApi(app: FastifyInstance, ctx: EdgeContext, options: OpenApiOptions): Promise<void> {
  const { parameterExample, sessionCookie, dashboardTag } = options;
  app.addSchema(ErrorEnvelopeSchema);
  app.addSchema(FigureSourceSchema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Financial Data Hub read API',
        version: '0.1.0',
        description:
          'Read-only market and macro data. Every /openapi/v1 request carries an API key in the X-API-Key header; ' +
          "each call costs its x-api-weight from the per-minute budget of the key's plan.",
      },
      components: {
        securitySchemes: {
          ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          SessionCookie: { type: 'apiKey', in: 'cookie', name: sessionCookie },
          CsrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
        },
      },
      tags: [
        ...DOMAIN_TAGS.map((name) => ({ name })),
        { name: dashboardTag, description: 'The account dashboard API (/api/v1): a session sign-in, never an API key' },
      ],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transformObject: (documentObject) => {
      const document = ('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as OpenApiDocument;
      const today = isoDay(ctx.clock.now());
      for (const [path, methods] of Object.entries(document.paths ?? {})) {
        for (const operation of Object.values(methods) as OpenApiOperation[]) {
          for (const parameter of operation.parameters ?? []) parameter.example = parameterExample(path, parameter, today);
          const declared = app.apiOperations.get(String(operation.operationId));
          if (declared === undefined) continue;
          operation['x-feature-code'] = declared.feature;
          operation['x-api-weight'] = ctx.plans.weightOf(declared.pathTemplate, declared.weight);
          declareCsv(operation, declared.csv);
        }
      }
      return document as never;
    },
  });
  await app.register(async (docs) => {
    docs.addHook('onSend', encodeSerialisedJson);
    await docs.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, uiConfig: { tryItOutEnabled: true } });
  });
  app.get('/openapi.json', { schema: { hide: true }, onSend: encodeSerialisedJson }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return app.swagger();
  });
}

import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import type { Clock } from '../kernel/clock.ts';
import { MetaSchema, SuccessEnvelopeSchema, type FigureSource } from './envelope.ts';
import type { FeatureCode } from './auth/plans.ts';
import type { ApiRouteConfig, AuthContext } from './route-config.ts';
import type { QuotaDecision } from './rate-limit/rate-limiter.ts';
import type { ApiGate } from './api-gate.ts';
import { InvalidInputError } from '../kernel/domain-errors.ts';
import { parameterProblems } from './parameters.ts';
import { namesCurrentRepresentation } from './etag.ts';
import { preferredEncoding } from './compression.ts';
import { PreparedAnswer } from './answers/prepared-answer.ts';
import { minuteOf, parameterKey, type AnswerDesk } from './answers/answer-desk.ts';
import type { AnswerSources, SourcesOfAnswer } from './answer-sources.ts';
import type { DeclaredReads, RouteReads } from './route-reads.ts';
import { csvColumnsOf, type CsvColumn } from './csv.ts';
import { CSV_FORMAT_QUERY, refuseCsvOnly, sendCsv, wantsCsv } from './csv-reply.ts';
import { andThen, type MaybePromise } from '../kernel/maybe-promise.ts';

export const API_PREFIX = '/openapi/v1';

export const DOMAIN_TAGS = [
  'Account',
  'Commodities',
  'Crypto',
  'ETF',
  'FX',
  'Macro',
  'Real Estate',
  'News',
  'Calendar',
  'Market',
  'Equities',
  'Series',
] as const;
export type DomainTag = (typeof DOMAIN_TAGS)[number];

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
    /** The quota decision the edge took for this request. */
    quota?: QuotaDecision;
  }
  interface FastifyInstance {
    /** Every registered API operation by operationId: feeds the OpenAPI extensions and the route suite. */
    apiOperations: Map<string, ApiOperation>;
    /** Key, feature and quota checks, installed by the edge before any route registers. */
    apiGate: ApiGate;
    /** Where routes keep their prepared answers, installed by the edge. */
    answerDesk: AnswerDesk;
    /** Where data routes find the sources of their figures (`meta.sources`), installed by the edge. */
    provenance: AnswerSources;
  }
}

export interface RouteInput<Query, Params> {
  query: Query;
  params: Params;
  auth: AuthContext;
  now: Date;
  request: FastifyRequest;
}

export interface RouteResult<Data> {
  data: Data;
  /** The route's declared `meta` properties: the serialiser writes no others. */
  meta?: Record<string, unknown>;
}

export interface AnswerCaching {
  /** The window of time the answer depends on, as text (default: its minute). */
  window?: (now: Date) => string;
  /** The answer as sent again from the cache (default: as first sent). */
  repeated?: <Data>(result: RouteResult<Data>) => RouteResult<Data>;
  /** What of the calling key the answer depends on, as text (its features): answers are kept apart by it. Default: nothing. */
  audience?: (auth: AuthContext) => string;
}

export interface ApiRouteDefinition<Q extends TProperties, P extends TProperties, D extends TSchema, M extends TProperties> {
  /** Below `/openapi/v1`, in Fastify's syntax: `/commodities/:id/history`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  feature: FeatureCode | null;
  /** The feature a request needs where it depends on the path (`/series/{fact}`: the fact's domain's); undefined: `feature`. */
  featureOf?: (params: Readonly<Record<string, string>>) => FeatureCode | undefined;
  /**
   * Every feature a request needs where its parameters name several (`/series/table`: each fact's
   * domain's); given, it replaces `featureOf` and `feature`. Its parameters are as sent, not yet
   * validated: the feature is checked before them.
   */
  featuresOf?: (params: Readonly<Record<string, string>>, query: Readonly<Record<string, string>>) => readonly FeatureCode[];
  /** What a call costs, as the OpenAPI document states it; where `weightOf` prices each request, its unit (`/series/table`: 2 per fact). */
  weight: number;
  /** What one request costs where its query decides it, from the query as sent (the quota is charged before validation). */
  weightOf?: (query: Readonly<Record<string, string>>) => number;
  query?: Q;
  params?: P;
  data: D;
  /** Properties `meta` carries beyond `timestamp`. */
  meta?: M;
  /** Documented 404 (unknown resource). */
  notFound?: boolean;
  /** The CSV columns of an answer whose items' fields depend on the request (`/series/table`: one per fact); undefined: its items' schema's. */
  csvColumnsOf?: (data: Static<D>, query: Static<TObject<Q>>) => readonly CsvColumn[];
  maxAge?: (now: Date) => number;
  /**
   * How the answer cache keeps this route's answers (src/edge/answers/): `false` for an answer
   * that is not a function of the parameters, the data, the time and its `audience`.
   */
  cache?: false | AnswerCaching;
  /** What a data endpoint reads from the store (route-reads.ts); its answers name their sources. Undefined: it serves no stored fact. */
  reads?: RouteReads<Static<TObject<P>>, Static<TObject<Q>>>;
  handler(input: RouteInput<Static<TObject<Q>>, Static<TObject<P>>>): MaybePromise<RouteResult<Static<D>>>;
}

/** A declared route, ready to register under its domain's tag; its schema types stay inside. */
export interface ApiRoute {
  path: string;
  operationId: string;
  reads?: DeclaredReads;
  register(app: FastifyInstance, clock: Clock, tag: DomainTag): void;
}

/** Declares a route: its handler's input and answer are typed from its schemas. */
export function defineRoute<Q extends TProperties, P extends TProperties, D extends TSchema, M extends TProperties>(
  route: ApiRouteDefinition<Q, P, D, M>,
): ApiRoute {
  return {
    path: route.path,
    operationId: route.operationId,
    ...(route.reads === undefined ? {} : { reads: route.reads }),
    register: (app, clock, tag) => registerApiRoute(app, clock, tag, route),
  };
}

/**
 * A parameter with a default is optional to the caller, though the handler always sees a
 * value (the validator fills it in): drop it from `required` so OpenAPI says so.
 */
function withDefaultsOptional<T extends TObject>(schema: T): T {
  const required = (schema.required ?? []).filter((name) => !('default' in (schema.properties[name] ?? {})));
  return { ...schema, required } as T;
}

/** Data that can change at any import is fresh for a minute unless a route knows better. */
const DEFAULT_MAX_AGE = () => 60;

/** `/commodities/:id/history` → `/commodities/{id}/history`, the form the plans file and OpenAPI use. */
export function toPathTemplate(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

const ERROR_REF = { $ref: 'ErrorEnvelope#' } as unknown as TSchema;

function errorResponses(hasParameters: boolean, notFound: boolean): Record<number, TSchema> {
  const responses: Record<number, TSchema> = { 401: ERROR_REF, 403: ERROR_REF, 429: ERROR_REF, 500: ERROR_REF };
  if (hasParameters) responses[400] = ERROR_REF;
  if (notFound) responses[404] = ERROR_REF;
  return responses;
}

export interface ApiOperation {
  feature: FeatureCode | null;
  weight: number;
  pathTemplate: string;
  /** Its `data` is a list, which may be asked for as CSV. */
  csv: boolean;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Registers one API route: its schema drives validation, serialisation and the OpenAPI
 * operation; its config drives gating and cost. Other methods meet the edge's 405 (edge.ts).
 * Each request goes through four steps: admit (key, feature, quota: the gate), validate (the
 * parameters, after the gate: 400 comes after 429), answer (the prepared answer, from the cache
 * or the handler) and send.
 */
export function registerApiRoute<Q extends TProperties, P extends TProperties, D extends TSchema, M extends TProperties>(
  app: FastifyInstance,
  clock: Clock,
  tag: DomainTag,
  route: ApiRouteDefinition<Q, P, D, M>,
): void {
  const gate = app.apiGate;
  const desk = app.answerDesk;
  // A list answer has a CSV form, decided here once: its columns, and a `format` parameter.
  const csvColumns = csvColumnsOf(route.data);
  const query = withDefaultsOptional(
    Type.Object({ ...(route.query ?? ({} as Q)), ...(csvColumns === undefined ? {} : CSV_FORMAT_QUERY) }, { additionalProperties: false }),
  );
  const params = route.params === undefined ? undefined : Type.Object(route.params, { additionalProperties: false });
  const hasParameters = Object.keys(query.properties).length > 0 || params !== undefined;
  const pathTemplate = toPathTemplate(route.path);
  const config: ApiRouteConfig = {
    feature: route.feature,
    weight: route.weight,
    pathTemplate,
    url: API_PREFIX + route.path,
    maxAge: route.maxAge ?? DEFAULT_MAX_AGE,
    ...(route.featureOf === undefined ? {} : { featureOf: route.featureOf }),
    ...(route.featuresOf === undefined ? {} : { featuresOf: route.featuresOf }),
    ...(route.weightOf === undefined ? {} : { weightOf: route.weightOf }),
  };
  const declaredMeta = Object.keys(route.meta ?? {});
  const parametersOf = parameterKey(Object.keys(params?.properties ?? {}), Object.keys(query.properties));
  // A data endpoint (one that declares its reads) names its figures' sources in every answer.
  const sourcesOf = route.reads === undefined ? undefined : app.provenance.of(route.reads);

  app.apiOperations.set(route.operationId, { feature: route.feature, weight: route.weight, pathTemplate, csv: csvColumns !== undefined });
  app.route({
    method: 'GET',
    url: config.url,
    // Validation problems are answered after the key and quota checks (400 comes after 429).
    attachValidation: true,
    schema: {
      operationId: route.operationId,
      tags: [tag],
      summary: route.summary,
      ...(route.description !== undefined ? { description: route.description } : {}),
      security: [{ ApiKeyAuth: [] }],
      querystring: query,
      ...(params !== undefined ? { params } : {}),
      response: {
        200: SuccessEnvelopeSchema(route.data, MetaSchema(route.meta, { sources: sourcesOf !== undefined })),
        ...errorResponses(hasParameters, route.notFound ?? false),
      },
    },
    // Not async: an admitted request with a kept answer goes from here to the socket without
    // waiting a turn; a step that must wait (a store, Redis, a first compression) returns a promise.
    handler: (request: FastifyRequest, reply: FastifyReply): MaybePromise<unknown> => {
      const now = clock.now();
      return andThen(gate.admit(request, reply, config, now), (auth) => {
        validate(request, query, params);
        // The validator has checked both against these very schemas and filled in their defaults.
        const input = { query: request.query as Static<TObject<Q>>, params: request.params as Static<TObject<P>>, auth, now, request };
        if (csvColumns === undefined) refuseCsvOnly(request);
        else if (wantsCsv(request)) return answerCsv(route, input, sourcesOf, request, reply, csvColumns, config.maxAge(now));
        const answer = answerOf(
          route,
          input,
          parametersOf(input.params, input.query),
          sourcesOf,
          (result, sources) => prepare(reply, route.operationId, declaredMeta, result, sources),
          desk,
        );
        return andThen(answer, (prepared) => send(request, reply, prepared, config.maxAge(now), now, csvColumns !== undefined));
      });
    },
  });
}

/** The parameters' problems, all at once, as one 400. */
function validate(request: FastifyRequest, query: TObject, params: TObject | undefined): void {
  const problems = parameterProblems(request, query, params);
  if (problems.length > 0) throw new InvalidInputError(problems);
}

type SourcesOf<Q extends TProperties, P extends TProperties> = SourcesOfAnswer<Static<TObject<P>>, Static<TObject<Q>>> | undefined;

/**
 * The answer to this request: the cache's prepared answer for the same parameters and data
 * versions, or the handler's result prepared now (and kept, unless the route says `cache: false`)
 * with the sources of its figures, looked up beside the handler: only an answer being prepared
 * asks for them.
 */
function answerOf<Q extends TProperties, P extends TProperties, D extends TSchema, M extends TProperties>(
  route: ApiRouteDefinition<Q, P, D, M>,
  input: RouteInput<Static<TObject<Q>>, Static<TObject<P>>>,
  parameters: string,
  sourcesOf: SourcesOf<Q, P>,
  prepared: (result: RouteResult<Static<D>>, sources: FigureSource[] | undefined) => PreparedAnswer,
  desk: AnswerDesk,
): MaybePromise<PreparedAnswer> {
  const answered = (): MaybePromise<[RouteResult<Static<D>>, FigureSource[] | undefined]> =>
    sourcesOf === undefined ? andThen(route.handler(input), (result) => [result, undefined]) : Promise.all([route.handler(input), sourcesOf(input)]);
  const caching = route.cache;
  if (caching === false) return andThen(answered(), ([result, sources]) => prepared(result, sources));
  const window = (caching?.window ?? minuteOf)(input.now);
  const audience = caching?.audience?.(input.auth);
  return desk.answer(route.operationId, parameters, audience === undefined ? window : `${window} ${audience}`, async () => {
    const [result, sources] = await answered();
    const first = prepared(result, sources);
    return { first, repeat: caching?.repeated === undefined ? first : prepared(caching.repeated(result), sources) };
  });
}

/** A list answer as CSV: never kept, since its bytes are made for this one response. */
async function answerCsv<Q extends TProperties, P extends TProperties, D extends TSchema, M extends TProperties>(
  route: ApiRouteDefinition<Q, P, D, M>,
  input: RouteInput<Static<TObject<Q>>, Static<TObject<P>>>,
  sourcesOf: SourcesOf<Q, P>,
  request: FastifyRequest,
  reply: FastifyReply,
  columns: readonly CsvColumn[],
  maxAge: number,
): Promise<unknown> {
  const [result, sources] = await Promise.all([route.handler(input), sourcesOf?.(input)]);
  const answered = route.csvColumnsOf?.(result.data, input.query) ?? columns;
  return sendCsv(request, reply, answered, { data: result.data, meta: { ...result.meta, ...(sources === undefined ? {} : { sources }) } }, maxAge);
}

/** The handler's result serialised by the route's response schema, with an empty timestamp for each response to fill. */
function prepare(
  reply: FastifyReply,
  operationId: string,
  declaredMeta: readonly string[],
  result: RouteResult<unknown>,
  sources: FigureSource[] | undefined,
): PreparedAnswer {
  // The serialiser writes declared meta only (and requires each): anything more would vanish.
  if (result.meta !== undefined && Object.keys(result.meta).length !== declaredMeta.length) {
    throw new Error(`${operationId} answered meta ${Object.keys(result.meta).join(', ')}; it declares ${declaredMeta.join(', ') || 'none'}`);
  }
  const envelope = {
    success: true,
    statusCode: 200,
    data: result.data,
    meta: { ...result.meta, ...(sources === undefined ? {} : { sources }), timestamp: '' },
  };
  return new PreparedAnswer(reply.serialize(envelope) as string);
}

/** Sends the JSON answer stamped with this response's time: 304 when the client holds it, compressed when asked. */
function send(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer, maxAge: number, now: Date, negotiated: boolean): MaybePromise<undefined> {
  const cacheControl = `private, max-age=${Math.max(0, Math.floor(maxAge))}`;
  // A route with a CSV form answers by Accept too.
  const vary = negotiated ? 'accept, accept-encoding' : 'accept-encoding';
  if (namesCurrentRepresentation(request.headers['if-none-match'], answer.etag)) {
    reply.header('cache-control', cacheControl).header('vary', vary).header('etag', answer.etag).code(304).send();
    return undefined;
  }
  const encoding = answer.compressible ? preferredEncoding(request.headers['accept-encoding']) : undefined;
  return andThen(answer.body(now.toISOString(), encoding), ([head, tail]) => {
    // The headers the hooks and the gate set, then this answer's own, written straight into the
    // one object Node's writeHead reads (each reply.header would lowercase and file its name first).
    const headers = reply.getHeaders() as OutgoingHttpHeaders;
    headers['cache-control'] = cacheControl;
    headers.vary = vary;
    headers.etag = answer.etag;
    if (encoding !== undefined) headers['content-encoding'] = encoding;
    headers['content-type'] = JSON_TYPE;
    headers['content-length'] = head.length + tail.length;
    // Written here rather than through reply.send, which takes one buffer: joining the kept head
    // and this response's tail would copy the whole answer on every response. Hijacked, the reply
    // skips Fastify's preSerialization and onSend hooks: a hook added to change API answers on the
    // way out would not see these (none does today). onResponse hooks, the access log and the
    // meter still run when the response finishes. On HEAD, Node's response writes the headers
    // (with the GET's content-length) and drops the body, as RFC 9110 asks.
    reply.hijack();
    reply.raw.writeHead(reply.statusCode, headers);
    reply.raw.write(head);
    reply.raw.end(tail);
    return undefined;
  });
}

import type { paths } from './schema.ts';

/** The HTTP methods the generated `paths` may hold, in the lower case OpenAPI uses. */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that answer `M`. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, unknown> ? P : never;
}[keyof paths];

export type OperationOf<P extends keyof paths, M extends Method> = paths[P] extends Record<M, infer Operation> ? Operation : never;

/** The envelope's `data` of a successful answer. */
export type DataOf<P extends keyof paths, M extends Method> = OperationOf<P, M> extends { data: infer Data } ? Data : never;

/** The envelope's `meta` of a successful answer. */
export type MetaOf<P extends keyof paths, M extends Method> = OperationOf<P, M> extends { meta: infer Meta } ? Meta : never;

/** What every call may add: cancellation, its own timeout, extra headers. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Bound on each attempt, in milliseconds; replaces the client's `timeoutMs` for this call. */
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** `{ name: T }` when T has a required member, `{ name?: T }` when all are optional, nothing when absent. */
type Part<Name extends 'params' | 'query' | 'body', Operation> =
  Operation extends Record<Name, infer T> ? (Record<string, never> extends T ? { [K in Name]?: T } : { [K in Name]: T }) : { [K in Name]?: never };

export type RequestOptions<P extends keyof paths, M extends Method> = Part<'params', OperationOf<P, M>> &
  Part<'query', OperationOf<P, M>> &
  Part<'body', OperationOf<P, M>> &
  CallOptions;

/** The options argument: optional when the operation needs nothing, required otherwise. */
export type OptionsArgument<P extends keyof paths, M extends Method> =
  Record<string, never> extends Omit<RequestOptions<P, M>, keyof CallOptions> ? [options?: RequestOptions<P, M>] : [options: RequestOptions<P, M>];

/** The GET paths that page with a `cursor` query parameter and answer `meta.nextCursor`. */
export type PaginatedPath = {
  [P in PathsWith<'get'>]: OperationOf<P, 'get'> extends { query: { cursor?: string }; meta: { nextCursor: string | null }; data: unknown[] } ? P : never;
}[PathsWith<'get'>];

export type ItemOf<P extends PaginatedPath> = DataOf<P, 'get'> extends (infer Item)[] ? Item : never;

/** The GET paths whose answer is a list, which the hub also writes as CSV (`format=csv`). */
export type CsvPath = {
  [P in PathsWith<'get'>]: OperationOf<P, 'get'> extends { query: { format?: 'json' | 'csv' } } ? P : never;
}[PathsWith<'get'>];

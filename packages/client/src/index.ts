export { createClient, type ClientOptions, type FdhClient, type FdhResponse } from './client.ts';
export { FdhError, CLIENT_ERROR_CODES, type FdhErrorDetails } from './errors.ts';
export type { RateLimitState } from './rate-limit.ts';
export type { RetryOptions } from './retry.ts';
export type { CallOptions, CsvPath, DataOf, ItemOf, Method, MetaOf, PaginatedPath, PathsWith, RequestOptions } from './operations.ts';
export type { paths, ErrorEnvelope } from './schema.ts';

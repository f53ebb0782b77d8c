import type { FastifyRequest } from 'fastify';
import type { TObject } from 'typebox';
import { repeatedParametersOf } from './querystring.ts';
import { describeIssues, type SchemaIssue } from './validation.ts';

/**
 * The messages of a 400 for a request whose parameters came more than once or failed the
 * route's schema (validation ran with its failure attached); empty when all is well.
 */
export function parameterProblems(request: FastifyRequest, query: TObject, params: TObject | undefined): string[] {
  const repeatedNames = repeatedParametersOf(request.query);
  const failure = request.validationError as (Error & { validation?: SchemaIssue[]; validationContext?: string }) | undefined;
  if (failure === undefined && repeatedNames.length === 0) return [];
  const repeated = repeatedNames.map((name) => `${name} must be given at most once`);
  const part = failure?.validationContext === 'params' ? params : query;
  const issues =
    failure?.validation === undefined ? [] : describeIssues(failure.validation, (name) => part?.properties[name] as Record<string, unknown> | undefined);
  return [...repeated, ...issues];
}

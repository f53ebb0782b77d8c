import type { FastifyInstance } from 'fastify';

/**
 * `Content-Type: application/json` with no body (what many HTTP tools send for a bodiless POST)
 * reads as no body, as it does without the header, instead of Fastify's 400 "Body cannot be
 * empty". Any other body goes to Fastify's own JSON parser, prototype-poisoning checks included.
 */
export function acceptEmptyJsonBody(scope: FastifyInstance): void {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, undefined);
    else parseJson(request, String(body), done);
  });
}

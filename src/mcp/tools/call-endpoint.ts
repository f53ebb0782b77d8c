import { Type } from 'typebox';
import { isApiPath } from '../api-path.ts';
import { cutText, LONGEST_TEXT } from '../compact.ts';
import { isSuccess, refusal, toolAnswer, toolError } from '../tool-results.ts';
import { defineTool, withQuery, type Answered } from './tool.ts';

const CallEndpointInput = Type.Object(
  {
    path: Type.String({
      minLength: 1,
      maxLength: 2048,
      description:
        'A path under /openapi/v1/ as list_endpoints gives it, its path parameters filled in and percent-encoded (`/openapi/v1/fx/table`, `/openapi/v1/series/fx.close:USD%2FJPY`); no query',
    }),
    params: Type.Optional(
      Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]), {
        description: 'Query parameters by name (`{ "pairs": "USD/JPY", "period": "1M" }`), checked by the endpoint as REST checks them',
      }),
    ),
  },
  { additionalProperties: false },
);

const NARROW =
  'Narrow the call (a shorter from/to window, a smaller limit, a filter the endpoint takes: list_endpoints), or GET it on the hub with your key for the whole answer.';

/** An answer as text: the envelope's data and meta as JSON, or a CSV answer's text; cut when too long for a model's context. */
function answered(body: unknown) {
  const structured = typeof body === 'string' ? undefined : { data: (body as Answered).data, meta: (body as Answered).meta };
  const text = structured === undefined ? String(body) : JSON.stringify(structured);
  const cut = cutText(text, NARROW);
  if (cut !== undefined) return { content: [{ type: 'text' as const, text: cut }] };
  return structured === undefined ? { content: [{ type: 'text' as const, text }] } : toolAnswer(structured);
}

export const callEndpoint = defineTool({
  name: 'call_endpoint',
  description:
    'Calls any GET endpoint of the REST API under /openapi/v1 (list_endpoints gives them) with query `params`, exactly as a REST client with this API key would: ' +
    "the same checks of the parameters, the same weight charged, the same feature needed. Answers the endpoint's `data` and `meta`; " +
    `an answer over ${LONGEST_TEXT.toLocaleString('en')} characters is cut, with a note on how to narrow it. A path outside /openapi/v1/ is refused.`,
  input: CallEndpointInput,
  run: async ({ path, params = {} }, context) => {
    if (!isApiPath(path)) {
      return toolError(
        `path must be a path under /openapi/v1/ as it stands (\`/openapi/v1/fx/table\`): no host, no query (parameters go in params), no . or .. segment, nothing left to percent-encode`,
      );
    }
    const answer = await context.hub.get(withQuery(path, params));
    return isSuccess(answer) ? answered(answer.body) : refusal(answer);
  },
});

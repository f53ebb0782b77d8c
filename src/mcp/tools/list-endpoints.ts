import { Type } from 'typebox';
import { toolAnswer } from '../tool-results.ts';
import { defineTool } from './tool.ts';

export const listEndpoints = defineTool({
  name: 'list_endpoints',
  description:
    "The hub's REST catalogue: every GET endpoint under /openapi/v1 with its path template, summary, parameters (name, in, required, JSON schema), " +
    "weight (what a call costs of the key's per-minute budget; /series/table: per fact) and feature (the plan's feature it needs; null: none of its own, " +
    "the /series endpoints need the feature of the fact's domain). Call one with call_endpoint, its path parameters filled in. Costs nothing.",
  input: Type.Object({}, { additionalProperties: false }),
  run: async (_args, context) => {
    const endpoints = await context.endpoints();
    return toolAnswer({ count: endpoints.length, endpoints });
  },
});

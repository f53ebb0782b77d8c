import { API_PREFIX } from '../edge/route.ts';
import { HubUnavailableError, type HubCaller } from './hub-caller.ts';

interface EndpointParameter {
  name: string;
  in: string;
  required: boolean;
  schema: unknown;
}

/** One `/openapi/v1` GET operation as `list_endpoints` shows it. */
export interface Endpoint {
  /** The path template (`/openapi/v1/series/{fact}`). */
  path: string;
  summary: string;
  parameters: EndpointParameter[];
  /** `x-api-weight`: what a call costs (`/series/table`: per fact). */
  weight: number | null;
  /** `x-feature-code`: the plan's feature it needs; null: none of its own (the series endpoints need their fact's domain's). */
  feature: string | null;
}

/** The part of the hub's OpenAPI document the catalogue reads. */
interface OpenApiDocument {
  paths?: Record<
    string,
    {
      get?: {
        summary?: string;
        parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[];
        'x-api-weight'?: number;
        'x-feature-code'?: string | null;
      };
    }
  >;
}

function endpointsOf(document: OpenApiDocument): Endpoint[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, methods]) => {
    const operation = methods.get;
    if (operation === undefined || !path.startsWith(`${API_PREFIX}/`)) return [];
    return [
      {
        path,
        summary: operation.summary ?? '',
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required === true,
          schema: parameter.schema ?? {},
        })),
        weight: operation['x-api-weight'] ?? null,
        feature: operation['x-feature-code'] ?? null,
      },
    ];
  });
}

/**
 * The catalogue, read from the hub's `/openapi.json` (no key, no cost) at its first use and kept:
 * the document is the hub's for as long as it runs. A failed read is tried again at the next use.
 */
export function endpointCatalogue(hub: HubCaller): () => Promise<readonly Endpoint[]> {
  let read: Promise<Endpoint[]> | undefined;
  return () => {
    read ??= hub.get('/openapi.json').then(({ status, body }) => {
      if (status !== 200 || typeof body !== 'object' || body === null) throw new HubUnavailableError(`The hub's /openapi.json answered ${status}`);
      return endpointsOf(body as OpenApiDocument);
    });
    read.catch(() => {
      read = undefined;
    });
    return read;
  };
}

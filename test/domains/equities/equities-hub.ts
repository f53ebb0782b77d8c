import type { TestContext } from 'node:test';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import { equitiesDemoGenerator } from '../../../src/ingest/demo/equities.ts';

export interface EquitiesHub extends TestHub {
  apiKey: string;
  /** GET below `/openapi/v1` with the key; the parsed body. */
  json(path: string): Promise<{ status: number; body: ApiBody; headers: Record<string, unknown> }>;
}

export interface ApiBody {
  success: boolean;
  data: unknown;
  meta: Record<string, unknown>;
  error?: { code: string; message: string | string[] };
}

/** A hub on the small demo equities dataset, until the default test date. */
export async function equitiesHub(t: TestContext, options: { seed?: boolean } = {}): Promise<EquitiesHub> {
  const hub = await createTestHub(t, options.seed === false ? {} : { seed: [equitiesDemoGenerator] });
  const apiKey = await hub.key('pro');
  return Object.assign(hub, {
    apiKey,
    async json(path: string) {
      const response = await hub.get(`/openapi/v1${path}`, apiKey);
      return { status: response.statusCode, body: response.json() as ApiBody, headers: response.headers };
    },
  });
}

export const db = (hub: TestHub) => hub.runtime.store.db;

/** Relative closeness, for figures the service derives with floating-point arithmetic. */
export function near(actual: number, expected: number, tolerance = 1e-9): boolean {
  return Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected));
}

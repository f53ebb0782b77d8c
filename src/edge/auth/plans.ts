import { readFileSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { Type, type Static } from 'typebox';
import { parseJsonFile } from '../../kernel/json-file.ts';

export const FEATURE_CODES = [
  'commodities_data',
  'crypto_data',
  'etf_data',
  'fx_data',
  'macro_data',
  'realestate_data',
  'news_data',
  'calendar_data',
  'market_data',
] as const;
export type FeatureCode = (typeof FEATURE_CODES)[number];

const PlansFileSchema = Type.Object(
  {
    plans: Type.Record(
      Type.String({ pattern: '^[a-z0-9_-]+$' }),
      Type.Object(
        {
          budget: Type.Integer({ minimum: 1 }),
          maxKeys: Type.Optional(Type.Integer({ minimum: 1 })),
          features: Type.Array(Type.Union(FEATURE_CODES.map((code) => Type.Literal(code))), { uniqueItems: true }),
        },
        { additionalProperties: false },
      ),
    ),
    weights: Type.Optional(Type.Record(Type.String({ pattern: '^/' }), Type.Integer({ minimum: 0 }))),
  },
  { additionalProperties: false },
);
export type PlansFile = Static<typeof PlansFileSchema>;

/** Live keys an account may hold when its plan names no `maxKeys`. */
export const DEFAULT_MAX_KEYS = 10;

export interface Plan {
  name: string;
  /** Weight per UTC minute for the whole account, shared by all its keys. */
  budget: number;
  /** Keys neither revoked nor expired the account may hold at once. */
  maxKeys: number;
  features: ReadonlySet<FeatureCode>;
}

export interface Plans {
  plan(name: string): Plan | undefined;
  names(): string[];
  /** The weight of a route: the plans file's override for its path template, else the route's own. */
  weightOf(pathTemplate: string, defaultWeight: number): number;
}

export function parsePlans(text: string, origin: string): Plans {
  const file: PlansFile = parseJsonFile(PlansFileSchema, text, `plans file ${origin}`);
  const plans = new Map<string, Plan>(
    Object.entries(file.plans).map(([name, p]) => [name, { name, budget: p.budget, maxKeys: p.maxKeys ?? DEFAULT_MAX_KEYS, features: new Set(p.features) }]),
  );
  const weights = new Map(Object.entries(file.weights ?? {}));
  return {
    plan: (name) => plans.get(name),
    names: () => [...plans.keys()],
    weightOf: (pathTemplate, defaultWeight) => weights.get(pathTemplate) ?? defaultWeight,
  };
}

export function loadPlansFile(path: string): Plans {
  return parsePlans(readFileSync(path, 'utf8'), path);
}

/**
 * Plans that follow their file: an edit is picked up as soon as the file system reports it,
 * so a plan change takes effect on the next request without a restart. A broken edit is
 * logged and ignored; the last good plans stay in force.
 *
 * The directory is watched, not the file: editors and `sed -i` save by writing a new file and
 * renaming it over the old one, and a watch on the file would stay on the replaced one.
 */
export class WatchedPlans implements Plans {
  #current: Plans;
  readonly #watcher: FSWatcher;

  constructor(path: string, onReloadError: (error: Error) => void) {
    this.#current = loadPlansFile(path);
    const name = basename(path);
    this.#watcher = watch(dirname(path), { persistent: false }, (_event, changed) => {
      // Some platforms do not name the file that changed: read it again then too.
      if (changed !== null && changed !== name) return;
      try {
        this.#current = loadPlansFile(path);
      } catch (error) {
        // Between the removal and the rename the file is briefly absent; the rename reports again.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') onReloadError(error as Error);
      }
    });
  }

  plan(name: string): Plan | undefined {
    return this.#current.plan(name);
  }
  names(): string[] {
    return this.#current.names();
  }
  weightOf(pathTemplate: string, defaultWeight: number): number {
    return this.#current.weightOf(pathTemplate, defaultWeight);
  }
  close(): void {
    this.#watcher.close();
  }
}

/** The features a key may use: its plan's, narrowed by its scopes when it has any. */
export function grantedFeatures(planFeatures: ReadonlySet<FeatureCode>, scopes: string[] | null): FeatureCode[] {
  const features = [...planFeatures];
  return scopes === null ? features : features.filter((f) => scopes.includes(f));
}

import { pathToFileURL } from 'node:url';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { schemaProblems } from '../publisher-document.ts';
import type { SourceDefinition } from './source-definition.ts';
import type { SourcesFile } from './sources-file.ts';

/** A source as it runs now: its definition overlaid with the sources file and the environment. */
export interface ResolvedSource {
  definition: SourceDefinition;
  enabled: boolean;
  schedule: string;
  baseUrl: string;
  /** The gap kept between two requests to the publisher: its documented rate limit, or the sources file's. */
  minRequestIntervalMs: number;
  /** Checked against the definition's `params` schema: what its `collect` receives. */
  params: unknown;
  /** Credential values by environment-variable name; only those present. Never logged. */
  credentials: Record<string, string>;
  /** Why it does not run on its schedule or with `fdh sync run`: disabled, or a credential missing. */
  skipped: string | undefined;
}

export class UnknownSourceError extends Error {}

/** The setting that puts the operator's e-mail in the User-Agent (src/config.ts). */
const CONTACT_ENV = 'FDH_SYNC_CONTACT';

const loadedModules = new Map<string, SourceDefinition[]>();

async function moduleSources(path: string): Promise<SourceDefinition[]> {
  const known = loadedModules.get(path);
  if (known !== undefined) return known;
  const module = (await import(pathToFileURL(path).href)) as { sources?: unknown };
  if (!Array.isArray(module.sources)) throw new Error(`source module ${path} exports no \`sources\` array`);
  const definitions = module.sources as SourceDefinition[];
  loadedModules.set(path, definitions);
  return definitions;
}

/** The shipped definitions and those of the sources file's `modules`; two sources with one id are refused. */
export async function loadCatalogue(shipped: readonly SourceDefinition[], file: SourcesFile): Promise<SourceDefinition[]> {
  const all = [...shipped];
  for (const path of file.modulePaths) all.push(...(await moduleSources(path)));
  const seen = new Set<string>();
  for (const definition of all) {
    if (seen.has(definition.id)) throw new Error(`two sources have the id "${definition.id}"`);
    seen.add(definition.id);
  }
  return all;
}

/**
 * A source's parameters: its defaults overlaid with `overlay` (the sources file's
 * `sources.<id>.params`), checked against its `params` schema. A bad value is refused naming
 * the source and the JSON path of the parameter, prefixed by `where` (the sources file).
 */
export function sourceParams<ParamsSchema extends TSchema>(
  definition: SourceDefinition<ParamsSchema>,
  overlay: Record<string, unknown> | undefined,
  where = 'sources file',
): Static<ParamsSchema> {
  const params: unknown = { ...(definition.defaultParams as Record<string, unknown>), ...overlay };
  if (Value.Check(definition.params, params)) return params;
  const problems = schemaProblems(definition.params, params).map(
    (problem) => `/sources/${definition.id}/params${problem.startsWith('/:') ? problem.slice(1) : problem}`,
  );
  throw new Error(`${where}: ${problems.join('; ')}`);
}

/** Checks every source's parameters as `file` sets them: a file with a bad one is refused before it is used. */
export function checkSourcesParams(catalogue: readonly SourceDefinition[], file: SourcesFile): void {
  for (const definition of catalogue) sourceParams(definition, file.sources?.[definition.id]?.params, `sources file ${file.path}`);
}

/**
 * `contact` is `FDH_SYNC_CONTACT` (config.fetch.contact): a source whose publisher needs one is
 * skipped without it, like one whose credential is missing.
 */
export function resolveSource(definition: SourceDefinition, file: SourcesFile, env: NodeJS.ProcessEnv, contact?: string): ResolvedSource {
  const overlay = file.sources?.[definition.id];
  const credentials: Record<string, string> = {};
  const missing: string[] = [];
  for (const spec of definition.credentials) {
    const value = env[spec.env];
    if (value !== undefined && value !== '') credentials[spec.env] = value;
    else if (spec.required) missing.push(spec.env);
  }
  const howToGet = (name: string | undefined) =>
    name === CONTACT_ENV
      ? `${definition.needsContact}; set it to your e-mail address`
      : (definition.credentials.find((c) => c.env === name)?.howToGet ?? 'see docs/data-sources.md');
  if (definition.needsContact !== undefined && contact === undefined) missing.push(CONTACT_ENV);
  const enabled = overlay?.enabled ?? definition.enabledByDefault ?? true;
  const skipped = !enabled
    ? 'disabled in the sources file'
    : missing.length > 0
      ? `skipped: ${missing.join(' and ')} not set (${howToGet(missing[0])})`
      : undefined;
  return {
    definition,
    enabled,
    schedule: overlay?.schedule ?? definition.defaultSchedule,
    baseUrl: (file.publishers?.[definition.publisher]?.baseUrl ?? definition.defaultBaseUrl).replace(/\/+$/, ''),
    minRequestIntervalMs: file.publishers?.[definition.publisher]?.minRequestIntervalMs ?? definition.minRequestIntervalMs ?? 0,
    params: sourceParams(definition, overlay?.params, `sources file ${file.path ?? ''}`.trimEnd()),
    credentials,
    skipped,
  };
}

/**
 * The sources named by id or publisher id, in catalogue order; none named: every source. An
 * unknown name is refused with the known ones.
 */
export function selectSources(resolved: readonly ResolvedSource[], names: readonly string[]): ResolvedSource[] {
  for (const name of names) {
    if (!resolved.some((s) => s.definition.id === name || s.definition.publisher === name)) {
      const known = resolved.map((s) => s.definition.id).join(', ') || '(none)';
      throw new UnknownSourceError(`no source or publisher "${name}"; sources: ${known}`);
    }
  }
  if (names.length === 0) return [...resolved];
  return resolved.filter((s) => names.includes(s.definition.id) || names.includes(s.definition.publisher));
}

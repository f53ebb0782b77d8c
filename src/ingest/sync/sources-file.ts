import { readFileSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { Type, type Static } from 'typebox';
import { parseJsonFile } from '../../kernel/json-file.ts';
import { scheduleProblem } from './schedule.ts';

const SourcesFileSchema = Type.Object(
  {
    publishers: Type.Optional(
      Type.Record(
        Type.String({ minLength: 1 }),
        Type.Object(
          {
            baseUrl: Type.Optional(Type.String({ pattern: '^https?://' })),
            // A plan with a higher rate limit than the shipped default (J-Quants' paid plans, a FRED key of your own).
            minRequestIntervalMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 3_600_000 })),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    sources: Type.Optional(
      Type.Record(
        Type.String({ minLength: 1 }),
        Type.Object(
          {
            enabled: Type.Optional(Type.Boolean()),
            schedule: Type.Optional(Type.String({ minLength: 1 })),
            params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    /** Modules of further source definitions (each exports `sources`), relative to this file. */
    modules: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
  },
  { additionalProperties: false },
);

export type SourcesFile = Static<typeof SourcesFileSchema> & {
  /** `modules` as absolute paths. */
  modulePaths: string[];
  /** Where it was read from, for messages. */
  path?: string;
};

export function parseSourcesFile(text: string, path: string): SourcesFile {
  const file = parseJsonFile(SourcesFileSchema, text, `sources file ${path}`);
  for (const [id, source] of Object.entries(file.sources ?? {})) {
    const problem = source.schedule === undefined ? undefined : scheduleProblem(source.schedule, 'UTC');
    if (problem !== undefined) throw new Error(`sources file ${path}: /sources/${id}/schedule "${source.schedule}" is not a cron schedule: ${problem}`);
  }
  return { ...file, modulePaths: (file.modules ?? []).map((module) => resolve(dirname(path), module)), path };
}

export function loadSourcesFile(path: string): SourcesFile {
  return parseSourcesFile(readFileSync(path, 'utf8'), path);
}

/**
 * The sources file as it is now: an edit is read as soon as the file system reports it, so the
 * next run and the schedule follow it without a restart; a broken edit is reported and the last
 * good file stays in force (as the plans file does). The directory is watched, not the file:
 * editors save by renaming a new file over the old one.
 */
export class WatchedSourcesFile {
  #current: SourcesFile;
  readonly #watcher: FSWatcher;
  readonly #listeners = new Set<() => void>();

  /**
   * `check` refuses a reloaded file that parses but does not fit the catalogue (a source's
   * parameter of the wrong type): it throws, and the last good file stays.
   */
  constructor(path: string, onReloadError: (error: Error) => void, check?: (file: SourcesFile) => Promise<void>) {
    this.#current = loadSourcesFile(path);
    const name = basename(path);
    // Reloads are checked one after another, so an older edit never replaces a newer one.
    let reloads = Promise.resolve();
    const reload = async () => {
      let file: SourcesFile;
      try {
        file = loadSourcesFile(path);
        await check?.(file);
      } catch (error) {
        // Between the removal and the rename the file is briefly absent; the rename reports again.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') onReloadError(error as Error);
        return;
      }
      this.#current = file;
      for (const listener of this.#listeners) listener();
    };
    this.#watcher = watch(dirname(path), { persistent: false }, (_event, changed) => {
      if (changed !== null && changed !== name) return;
      reloads = reloads.then(reload);
    });
  }

  get current(): SourcesFile {
    return this.#current;
  }

  /** Calls `listener` after each good reload. */
  onChange(listener: () => void): void {
    this.#listeners.add(listener);
  }

  close(): void {
    this.#watcher.close();
  }
}

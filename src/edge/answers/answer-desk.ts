import { DATASET_KEYS, versionsTag, type DataVersions } from '../../kernel/data-versions.ts';
import type { VersionWatcher } from '../../kernel/version-watcher.ts';
import type { AnswerCache, AnswerPair } from './answer-cache.ts';
import type { PreparedAnswer } from './prepared-answer.ts';
import { andThen, type MaybePromise } from '../../kernel/maybe-promise.ts';

/**
 * Keys answers for the cache: the operation, its parameters in a fixed order (after the
 * validator has applied the defaults, so `?period=1M` and no period are one answer when 1M is
 * the default), the version of every dataset, and the route's window of time (by default the
 * minute: answers depend on the time through their day or a release time, both on whole
 * minutes) with, for an answer that depends on the calling key, its audience (route.ts). Every dataset: imports are rare, and an answer that reads a dataset one did not
 * expect still cannot outlive it.
 */
export class AnswerDesk {
  readonly #cache: AnswerCache;
  readonly #versions: VersionWatcher;
  /** The tag of the versions last read: the watcher hands out one object until they change. */
  #tagged: { versions: DataVersions; tag: string } | undefined;

  constructor(cache: AnswerCache, versions: VersionWatcher) {
    this.#cache = cache;
    this.#versions = versions;
  }

  /** `parameters`: the request's parameters in the route's fixed order (`parameterKey`). A kept answer comes at once. */
  answer(operationId: string, parameters: string, window: string, prepare: () => Promise<AnswerPair>): MaybePromise<PreparedAnswer> {
    return andThen(this.#versions.current(), (versions) => this.#cache.get(`${operationId} ${parameters} ${this.#tagOf(versions)} ${window}`, prepare));
  }

  #tagOf(versions: DataVersions): string {
    if (this.#tagged?.versions !== versions) this.#tagged = { versions, tag: versionsTag(versions, DATASET_KEYS) };
    return this.#tagged.tag;
  }
}

/** The default window of an answer: its minute. */
export const minuteOf = (now: Date): string => String(Math.floor(now.getTime() / 60_000));

/**
 * A route's parameters as one string: the values of the names its schemas declare (the
 * validator lets no other through), in the schemas' order, each as JSON and an absent one as
 * nothing, so two requests that differ never share a key. Made once per route: no entry list
 * or sort per request.
 */
export function parameterKey(paramNames: readonly string[], queryNames: readonly string[]): (params: unknown, query: unknown) => string {
  const valuesOf = (names: readonly string[], values: unknown): string => {
    if (values === null || typeof values !== 'object') return '';
    const record = values as Readonly<Record<string, unknown>>;
    let key = '';
    for (const name of names) {
      const value = record[name];
      key += value === undefined ? ',' : `${JSON.stringify(value)},`;
    }
    return key;
  };
  return (params, query) => `${valuesOf(paramNames, params)}|${valuesOf(queryNames, query)}`;
}

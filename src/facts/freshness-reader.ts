import type { Kysely } from 'kysely';
import type { Clock } from '../kernel/clock.ts';
import type { VersionWatcher } from '../kernel/version-watcher.ts';
import { DATASET_KEYS, versionsTag } from '../kernel/data-versions.ts';
import type { Database } from '../store/schema.ts';
import { freshnessOf, type FactFreshness, type StoredFactState } from './freshness.ts';

/**
 * Every stored fact's latest period and newest knowledge time over all the releases holding it
 * (release_fact), and the sync sources whose releases hold it: one grouped read, a row per fact
 * and source.
 */
async function readStoredFacts(db: Kysely<Database>): Promise<StoredFactState[]> {
  const rows = await db
    .selectFrom('release_fact as f')
    .innerJoin('release as r', 'r.id', 'f.release_id')
    .select(['f.fact', 'r.source_id', (eb) => eb.fn.max('f.last_period').as('last_period'), (eb) => eb.fn.max('r.knowledge_at').as('knowledge_at')])
    .groupBy(['f.fact', 'r.source_id'])
    .execute();
  const facts = new Map<string, { lastPeriod: string | null; knowledgeAt: string; sourceIds: Set<string> }>();
  for (const row of rows) {
    const state = facts.get(row.fact) ?? { lastPeriod: null, knowledgeAt: row.knowledge_at, sourceIds: new Set<string>() };
    if (row.last_period !== null && (state.lastPeriod === null || row.last_period > state.lastPeriod)) state.lastPeriod = row.last_period;
    if (row.knowledge_at > state.knowledgeAt) state.knowledgeAt = row.knowledge_at;
    if (row.source_id !== null) state.sourceIds.add(row.source_id);
    facts.set(row.fact, state);
  }
  return [...facts].map(([fact, state]) => ({ fact, lastPeriod: state.lastPeriod, knowledgeAt: state.knowledgeAt, sourceIds: [...state.sourceIds].sort() }));
}

/** Every stored fact's freshness now, read from the store. */
export async function readFreshness(db: Kysely<Database>, now: Date): Promise<FactFreshness[]> {
  return freshnessOf(await readStoredFacts(db), now);
}

/**
 * The facts' freshness for a serving process (`/metrics`, `/readyz`): the store is read once per
 * data version (every release bumps the version of its dataset), and each call judges what was
 * read against the clock's now, so a fact turns stale on time without a new read.
 */
export class FreshnessReader {
  readonly #db: Kysely<Database>;
  readonly #versions: VersionWatcher;
  readonly #clock: Clock;
  #read: { tag: string; states: Promise<StoredFactState[]> } | undefined;

  constructor(options: { db: Kysely<Database>; versions: VersionWatcher; clock: Clock }) {
    this.#db = options.db;
    this.#versions = options.versions;
    this.#clock = options.clock;
  }

  async current(): Promise<FactFreshness[]> {
    const tag = versionsTag(await this.#versions.current(), DATASET_KEYS);
    if (this.#read?.tag !== tag) {
      const read = { tag, states: readStoredFacts(this.#db) };
      this.#read = read;
      // A failed read is not kept: the next caller reads again.
      read.states.catch(() => {
        if (this.#read === read) this.#read = undefined;
      });
    }
    return freshnessOf(await this.#read.states, this.#clock.now());
  }
}

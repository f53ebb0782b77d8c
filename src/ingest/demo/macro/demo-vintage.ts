import type { Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import { insertRows } from '../../../store/loader.ts';

/** A publisher of the demo: its releases share a dataset, a source and a publication hour (UTC). */
export interface DemoPublisher {
  family: string;
  source: string;
  hourUtc: number;
}

export const DEMO_DATASET_PREFIX = 'demo:macro:';

interface DemoRelease {
  id: string;
  dataset: string;
  source: string;
  knowledgeAt: string;
}

/**
 * Collects the demo's versions and groups them into releases: one per publisher and publication
 * day, as a real publisher's files would be. Nothing known after `until` is kept.
 */
export class DemoVintage {
  readonly until: string;
  #releases = new Map<string, DemoRelease>();
  #rows = new Map<string, { series: string; period: string; value: number | null; marker: string | null; release_id: string; knowledge_at: string }>();

  constructor(until: string) {
    this.until = until;
  }

  publish(publisher: DemoPublisher, knownOn: string, series: string, period: string, value: number | null, marker: string | null = null): void {
    if (knownOn > this.until) return;
    const id = `demo_macro_${publisher.family}_${knownOn}`;
    let release = this.#releases.get(id);
    if (release === undefined) {
      release = {
        id,
        dataset: `${DEMO_DATASET_PREFIX}${publisher.family}`,
        source: publisher.source,
        knowledgeAt: `${knownOn}T${String(publisher.hourUtc).padStart(2, '0')}:00:00.000Z`,
      };
      this.#releases.set(id, release);
    }
    this.#rows.set(`${series}|${period}|${id}`, { series, period, value, marker, release_id: id, knowledge_at: release.knowledgeAt });
  }

  async write(db: Transaction<Database>, progress: (fraction: number) => void): Promise<void> {
    const releases = [...this.#releases.values()].map((r) => ({
      id: r.id,
      dataset: r.dataset,
      source: r.source,
      file_name: null,
      content_hash: r.id,
      knowledge_at: r.knowledgeAt,
      loaded_at: r.knowledgeAt,
      origin: 'demo' as const,
    }));
    await insertRows(db, 'release', releases);
    const rows = [...this.#rows.values()];
    await insertRows(db, 'macro_observation', rows, { onProgress: (done) => progress(0.5 + (0.5 * done) / rows.length) });
  }
}

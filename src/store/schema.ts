import type { Generated, Insertable } from 'kysely';
import type { CryptoTables } from './tables/crypto.tables.ts';
import type { InstrumentTables } from './tables/instruments.tables.ts';
import type { EtfTables } from './tables/etf.tables.ts';
import type { IndicesTables } from './tables/indices.tables.ts';
import type { MacroTables } from './tables/macro.tables.ts';
import type { EquitiesTables } from './tables/equities.tables.ts';
import type { NewsTables } from './tables/news.tables.ts';
import type { CalendarTables } from './tables/calendar.tables.ts';
import type { RealEstateTables } from './tables/real-estate.tables.ts';
import type { AccountTables } from './tables/accounts.tables.ts';

/** The tables of the store, as Kysely sees them. Each domain adds its own interface here. */
export interface ApiKeyTable {
  id: string;
  prefix: string;
  hash: string;
  name: string | null;
  /** The owner: the key's plan is the account's, read on every check. */
  account_id: string;
  scopes: string | null;
  /** Weight per UTC minute this key may use of its account's budget; null: the account's whole budget. */
  budget: number | null;
  created_at: string;
  expires_at: string | null;
  disabled_at: string | null;
  revoked_at: string | null;
  /** A rotated key works until then beside its replacement; null: not rotated with a grace. */
  grace_ends_at: string | null;
  replaced_by: string | null;
}

export interface ReleaseTable {
  id: string;
  dataset: string;
  source: string;
  file_name: string | null;
  content_hash: string;
  knowledge_at: string;
  loaded_at: string;
  origin: Generated<ReleaseOrigin>;
  /** The sync source of a `sync` release. */
  source_id: string | null;
  /** JSON array of the sha256 names (archive/<sha256>) of a `sync` release's payloads. */
  archive_hashes: string | null;
  /** When the release was taken back (migration 0030); null while it stands. */
  reverted_at: string | null;
}

/** A stored fact one release wrote (src/store/release-facts.ts). */
export interface ReleaseFactTable {
  release_id: string;
  /** The stored fact at its family's grain (src/facts/families.ts): `instrument_close:index:FTSE`, `etf_nav`. */
  fact: string;
  /** The table part of `fact`. */
  table_name: string;
  rows: number;
  /** The earliest and latest date or period of its rows as the table stores them; null for reference data. */
  first_period: string | null;
  last_period: string | null;
  /** The publisher's description of the series, where the release carried one (release-facts.ts `describeFacts`); else null. */
  name: string | null;
  unit: string | null;
  seasonal_adjustment: string | null;
  notes: string | null;
  /** When the publisher last updated the series, as it states it (ISO). */
  publisher_updated_at: string | null;
}

/** Where a release came from: the demo seed, `fdh import` of a file, or `fdh sync` of a source. */
export type ReleaseOrigin = 'demo' | 'import' | 'sync';

/** A sync source's state between runs (src/ingest/sync/sync-state.repo.ts). */
export interface SyncSourceTable {
  source_id: string;
  last_attempt_at: string | null;
  last_success_at: string | null;
  failing_since: string | null;
  last_error: string | null;
  consecutive_failures: Generated<number>;
  /** JSON array of release ids the last success produced. */
  last_release_ids: string | null;
  last_rows_added: number | null;
  /** JSON: the source's cursor. */
  cursor: string | null;
  /** JSON: `{ url: { etag?, lastModified? } }` from the last success. */
  validators: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  lease_token: Generated<number>;
}

/** A scheduled slot of a source, claimed by the one process that runs it. */
export interface SyncClaimTable {
  source_id: string;
  slot: string;
  claimed_by: string;
  claimed_at: string;
}

/** The version of one dataset key (src/store/data-version.ts), bumped by every write to it. */
export interface DataVersionTable {
  dataset: string;
  version: number;
}

export interface CoreTables {
  api_key: ApiKeyTable;
  release: ReleaseTable;
  release_fact: ReleaseFactTable;
  data_version: DataVersionTable;
  sync_source: SyncSourceTable;
  sync_claim: SyncClaimTable;
}

export interface Database
  extends CoreTables,
    AccountTables,
    CryptoTables,
    InstrumentTables,
    EtfTables,
    IndicesTables,
    MacroTables,
    EquitiesTables,
    NewsTables,
    CalendarTables,
    RealEstateTables {}

export type TableName = keyof Database & string;
/** A row as written to `T`. */
export type RowOf<T extends TableName> = Insertable<Database[T]>;

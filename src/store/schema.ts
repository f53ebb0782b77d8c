import type { CryptoTables } from '../domains/crypto/crypto.tables.ts';
import type { InstrumentTables } from '../domains/instruments/instruments.tables.ts';
import type { EtfTables } from '../domains/etf/etf.tables.ts';
import type { IndicesTables } from '../domains/indices/indices.tables.ts';
import type { MacroTables } from '../domains/macro/macro.tables.ts';
import type { EquitiesTables } from '../domains/equities/equities.tables.ts';
import type { NewsTables } from '../domains/news/news.tables.ts';
import type { CalendarTables } from '../domains/calendar/calendar.tables.ts';
import type { RealEstateTables } from '../domains/real-estate/real-estate.tables.ts';
import type { AccountTables } from '../accounts/accounts.tables.ts';

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
}

export interface ReleaseTable {
  id: string;
  dataset: string;
  source: string;
  file_name: string | null;
  content_hash: string;
  knowledge_at: string;
  loaded_at: string;
}

/** The version of one dataset key (src/store/data-version.ts), bumped by every write to it. */
export interface DataVersionTable {
  dataset: string;
  version: number;
}

export interface CoreTables {
  api_key: ApiKeyTable;
  release: ReleaseTable;
  data_version: DataVersionTable;
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

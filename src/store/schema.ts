/** The tables of the store, as Kysely sees them. Each domain adds its own interface here. */
export interface ApiKeyTable {
  id: string;
  prefix: string;
  hash: string;
  name: string | null;
  plan: string;
  scopes: string | null;
  created_at: string;
  expires_at: string | null;
  disabled_at: string | null;
  revoked_at: string | null;
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

export interface CoreTables {
  api_key: ApiKeyTable;
  release: ReleaseTable;
}

export interface Database extends CoreTables {}

/** A person (or a service) that owns API keys and signs in to the dashboard. */
export interface AccountRow {
  id: string;
  /** Lower case; unique. */
  email: string;
  name: string | null;
  /** `scrypt$N$r$p$salt$hash` (src/accounts/password.ts); null for a service account, which cannot sign in. */
  password_hash: string | null;
  role: string;
  plan: string;
  status: string;
  created_at: string;
}

/** A dashboard sign-in. Only the SHA-256 of the cookie's token is stored. */
export interface SessionRow {
  token_hash: string;
  account_id: string;
  created_at: string;
  last_seen_at: string;
  /** The absolute end, whatever the activity. */
  expires_at: string;
}

/** Calls of one key to one endpoint with one status class in one UTC minute, summed over every process. */
export interface UsageMinuteRow {
  /** Unix minute (ms / 60,000). */
  minute: number;
  key_id: string;
  account_id: string;
  /** Path template below `/openapi/v1`, as the plans file names it. */
  endpoint: string;
  /** `2xx` (also 304), `4xx` (but 429), `429` or `5xx`. */
  status_class: string;
  requests: number;
  weight: number;
}

export interface AccountTables {
  account: AccountRow;
  session: SessionRow;
  usage_minute: UsageMinuteRow;
}

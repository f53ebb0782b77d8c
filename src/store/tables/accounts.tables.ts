/** A person (or a service) that owns API keys and signs in to the dashboard. */
export interface AccountRow {
  id: string;
  /** Lower case; unique. */
  email: string;
  /** The email's look-alike skeleton (src/kernel/email-skeleton.ts); unique. Null only for a look-alike older than the rule. */
  email_skeleton: string | null;
  name: string | null;
  /** `scrypt$N$r$p$salt$hash` (src/accounts/password.ts); null for a service account, which cannot sign in. */
  password_hash: string | null;
  role: string;
  plan: string;
  status: string;
  created_at: string;
  /** 1 while the password is one the hub chose: the next sign-in must change it before anything else. */
  must_change_password: number;
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

/** One account, key, plan or session action, or a failed sign-in: who, what, when, from where. */
export interface AuditEventRow {
  /** Sorts in time order: `aud_` + the time and the process's sequence in base 36 + randomness. */
  id: string;
  at: string;
  /** `account.create`, `key.revoke`, `session.signin-failed`, … (AUDIT_ACTIONS). */
  action: string;
  /** Who acted: an account's email, `cli:<os user>`, or `anonymous` for a failed sign-in. */
  actor: string;
  /** The account acted on (or signed in to), when there is one. */
  account_id: string | null;
  /** Its email then, or the email a failed sign-in named. */
  account_email: string | null;
  /** The key, plan or status acted on. */
  target: string | null;
  /** The client address (after trusted proxies); null from the CLI. */
  address: string | null;
  /** JSON of further facts; never a secret. */
  detail: string | null;
}

export interface AccountTables {
  account: AccountRow;
  session: SessionRow;
  usage_minute: UsageMinuteRow;
  audit_event: AuditEventRow;
}

/** An API key as the gate reads it, with its account's plan and state. */
export interface ApiKeyRecord {
  id: string;
  prefix: string;
  hash: string;
  name: string | null;
  accountId: string;
  /** The owning account's plan, as read with the key: a key has no plan of its own. */
  plan: string;
  /** False when the owning account is disabled: its keys are refused. */
  accountActive: boolean;
  scopes: string[] | null;
  /** A budget of the key's own, lower than its account's; null: the account's budget only. */
  budget: number | null;
  createdAt: string;
  expiresAt: string | null;
  disabledAt: string | null;
  revokedAt: string | null;
  /** Set by a rotation with a grace: the key is refused from then on. */
  graceEndsAt: string | null;
  /** The id of the key a rotation made in this one's place. */
  replacedBy: string | null;
}

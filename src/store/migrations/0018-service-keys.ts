import type { Kysely } from 'kysely';

/** The tables as this migration finds and leaves them. */
interface Tables {
  account: {
    id: string;
    email: string;
    name: string | null;
    password_hash: string | null;
    role: string;
    plan: string;
    status: string;
    created_at: string;
    must_change_password: number;
  };
  api_key: { id: string; name: string | null; account_id: string; created_at: string; replaced_by: string | null };
  usage_minute: { key_id: string; account_id: string };
}

interface KeyRow {
  id: string;
  name: string | null;
  created_at: string;
  replaced_by: string | null;
}

/**
 * A service key is its own tenant. Migration 0014 (and `fdh keys create --plan P` until now)
 * put every key of a plan in one service account, `acc_service_<plan>`, so those keys shared
 * one budget and one key cap across tenants. Each such key (with the keys that replaced it by
 * rotation, which are the same holder's) now gets an account of its own on the same plan and
 * status. The first key stays in the original account; the others move, with their usage
 * rows, so each account's history is its own keys'. Secrets are untouched (the hash, prefix
 * and id of every key stay as they were): every key keeps working.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Tables>;
  // Filtered here rather than with LIKE, whose escape character differs between the stores.
  const shared = (await db.selectFrom('account').selectAll().where('password_hash', 'is', null).orderBy('id').execute()).filter((a) =>
    a.id.startsWith('acc_service_'),
  );
  for (const account of shared) {
    const keys: KeyRow[] = await db
      .selectFrom('api_key')
      .select(['id', 'name', 'created_at', 'replaced_by'])
      .where('account_id', '=', account.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const groups = tenantsOf(keys);
    for (const group of groups.slice(1)) {
      const first = group[0];
      if (first === undefined) continue;
      // Made from the key's own id: unique, and the same on every run of this migration.
      const id = `acc_svc_${first.id.replace(/^key_/, '')}`;
      await db
        .insertInto('account')
        .values({
          ...account,
          id,
          email: `service+${id.toLowerCase()}@accounts.invalid`,
          name: `Service account (plan ${account.plan}${first.name === null ? '' : `, key ${first.name}`})`,
          created_at: first.created_at,
        })
        .execute();
      const ids = group.map((key) => key.id);
      await db.updateTable('api_key').set({ account_id: id }).where('id', 'in', ids).execute();
      await db.updateTable('usage_minute').set({ account_id: id }).where('key_id', 'in', ids).execute();
    }
  }
}

/** The keys split by holder: a key and the keys that replaced it by rotation are one group. */
function tenantsOf(keys: readonly KeyRow[]): KeyRow[][] {
  const groupOf = new Map<string, KeyRow[]>();
  const groups: KeyRow[][] = [];
  for (const key of keys) {
    const predecessor = keys.find((other) => other.replaced_by === key.id);
    let group = predecessor === undefined ? undefined : groupOf.get(predecessor.id);
    if (group === undefined) {
      group = [];
      groups.push(group);
    }
    group.push(key);
    groupOf.set(key.id, group);
  }
  return groups;
}

/** Back to one service account per plan: every key of a split-off account returns to it. */
export async function down(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Tables>;
  const split = (await db.selectFrom('account').select(['id', 'plan']).where('password_hash', 'is', null).execute()).filter((a) => a.id.startsWith('acc_svc_'));
  for (const account of split) {
    const target = `acc_service_${account.plan}`;
    const exists = await db.selectFrom('account').select('id').where('id', '=', target).executeTakeFirst();
    if (exists === undefined) continue;
    await db.updateTable('api_key').set({ account_id: target }).where('account_id', '=', account.id).execute();
    await db.updateTable('usage_minute').set({ account_id: target }).where('account_id', '=', account.id).execute();
    await db.deleteFrom('account').where('id', '=', account.id).execute();
  }
}

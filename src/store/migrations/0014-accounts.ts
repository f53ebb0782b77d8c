import type { Kysely } from 'kysely';

/** The tables as this migration finds and leaves them. */
interface Tables {
  api_key: { id: string; plan: string; account_id: string | null; created_at: string };
  account: {
    id: string;
    email: string;
    name: string | null;
    password_hash: string | null;
    role: string;
    plan: string;
    status: string;
    created_at: string;
  };
}

/**
 * Accounts own keys, and a key's plan becomes its account's. Every existing key keeps working:
 * the keys of each plan move to a service account of that plan (no password, so nobody signs
 * in as it), the same account `fdh keys create --plan P` uses from now on.
 */
export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Tables>;
  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('api_key').addColumn('account_id', 'text').execute();
  const plans = await db.selectFrom('api_key').select('plan').distinct().execute();
  for (const { plan } of plans) {
    const first = await db.selectFrom('api_key').select('created_at').where('plan', '=', plan).orderBy('created_at').executeTakeFirstOrThrow();
    const id = `acc_service_${plan}`;
    await db
      .insertInto('account')
      .values({
        id,
        email: `service+${plan}@accounts.invalid`,
        name: `Service account (plan ${plan})`,
        password_hash: null,
        role: 'member',
        plan,
        status: 'active',
        created_at: first.created_at,
      })
      .execute();
    await db.updateTable('api_key').set({ account_id: id }).where('plan', '=', plan).execute();
  }
  await db.schema.alterTable('api_key').dropColumn('plan').execute();
  await db.schema.createIndex('api_key_account_idx').on('api_key').column('account_id').execute();

  await db.schema
    .createTable('session')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_account_idx').on('session').column('account_id').execute();

  await db.schema
    .createTable('usage_minute')
    .addColumn('minute', 'integer', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('status_class', 'text', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addColumn('weight', 'integer', (c) => c.notNull())
    // The conflict target of the additive upsert every process flushes with.
    .addPrimaryKeyConstraint('usage_minute_pk', ['minute', 'key_id', 'endpoint', 'status_class'])
    .execute();
  // The dashboard reads one account's rows over a window.
  await db.schema.createIndex('usage_minute_account_idx').on('usage_minute').columns(['account_id', 'minute']).execute();
}

export async function down(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as Kysely<Tables>;
  await db.schema.dropTable('usage_minute').execute();
  await db.schema.dropTable('session').execute();
  await db.schema.dropIndex('api_key_account_idx').execute();
  await db.schema.alterTable('api_key').addColumn('plan', 'text').execute();
  for (const account of await db.selectFrom('account').select(['id', 'plan']).execute()) {
    await db.updateTable('api_key').set({ plan: account.plan }).where('account_id', '=', account.id).execute();
  }
  await db.schema.alterTable('api_key').dropColumn('account_id').execute();
  await db.schema.dropTable('account').execute();
}

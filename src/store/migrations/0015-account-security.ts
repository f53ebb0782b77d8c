import type { Kysely } from 'kysely';

/**
 * Accounts that hold against their own users (issue 27): a generated password must be changed
 * at first sign-in, a key may carry a budget lower than its account's, a rotated key's grace
 * is kept apart from its own expiry, and every account, key,
 * plan and session action is kept in an audit trail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('account')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('api_key').addColumn('budget', 'integer').execute();
  // A rotated key's grace end, apart from its own expiry, which its replacement inherits.
  await db.schema.alterTable('api_key').addColumn('grace_ends_at', 'text').execute();
  // The key a rotation made in this one's place, so a listing can say which key replaced it.
  await db.schema.alterTable('api_key').addColumn('replaced_by', 'text').execute();
  await db.schema
    .createTable('audit_event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('account_email', 'text')
    .addColumn('target', 'text')
    .addColumn('address', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_event_at_idx').on('audit_event').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_event_account_idx').on('audit_event').columns(['account_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_event').execute();
  await db.schema.alterTable('api_key').dropColumn('replaced_by').execute();
  await db.schema.alterTable('api_key').dropColumn('grace_ends_at').execute();
  await db.schema.alterTable('api_key').dropColumn('budget').execute();
  await db.schema.alterTable('account').dropColumn('must_change_password').execute();
}

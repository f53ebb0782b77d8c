import { sql, type Kysely } from 'kysely';

/**
 * `fdh sync`: where each release came from, each source's state between runs, and the claims
 * that let one process of many run a scheduled slot (ADR 0018).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The origin of a release: `demo` (the seed), `import` (`fdh import` of `file_name`) or `sync`
  // (`source_id`, from the archived payloads `archive_hashes`, a JSON array of sha256 names).
  await db.schema
    .alterTable('release')
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('import'))
    .execute();
  await db.schema.alterTable('release').addColumn('source_id', 'text').execute();
  await db.schema.alterTable('release').addColumn('archive_hashes', 'text').execute();
  // The demo seed's releases are the only ones written before this migration without a file.
  await sql`update release set origin = 'demo' where dataset like 'demo:%'`.execute(db);

  await db.schema
    .createTable('sync_source')
    .addColumn('source_id', 'text', (c) => c.primaryKey())
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_success_at', 'text')
    // The first failure of the current run of failures: a warning once it outlasts the schedule.
    .addColumn('failing_since', 'text')
    .addColumn('last_error', 'text')
    .addColumn('consecutive_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_release_ids', 'text')
    .addColumn('last_rows_added', 'integer')
    .addColumn('cursor', 'text')
    .addColumn('validators', 'text')
    // The lease: one run of a source at a time across processes; the token fences a stale holder.
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('lease_token', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('sync_claim')
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sync_claim_pk', ['source_id', 'slot'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sync_claim').execute();
  await db.schema.dropTable('sync_source').execute();
  await db.schema.alterTable('release').dropColumn('archive_hashes').execute();
  await db.schema.alterTable('release').dropColumn('source_id').execute();
  await db.schema.alterTable('release').dropColumn('origin').execute();
}

import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_key')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text')
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('disabled_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  // Lookups go by the display prefix, then the hashes are compared in constant time.
  await db.schema.createIndex('api_key_prefix_idx').on('api_key').column('prefix').execute();

  await db.schema
    .createTable('release')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dataset', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('knowledge_at', 'text', (c) => c.notNull())
    .addColumn('loaded_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('release_dataset_content_uq', ['dataset', 'content_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('release').execute();
  await db.schema.dropTable('api_key').execute();
}

import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('news_article')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .execute();
  // The feed pages newest first by (published_at, id): the cursor is a position in this order.
  await db.schema.createIndex('news_article_published_idx').on('news_article').columns(['published_at', 'id']).execute();
  await db.schema.createIndex('news_article_language_idx').on('news_article').columns(['language', 'published_at', 'id']).execute();

  await db.schema
    .createTable('news_article_symbol')
    .addColumn('article_id', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_article_symbol_pk', ['article_id', 'symbol'])
    .execute();
  await db.schema.createIndex('news_article_symbol_idx').on('news_article_symbol').columns(['symbol', 'published_at', 'article_id']).execute();

  await db.schema
    .createTable('news_article_category')
    .addColumn('article_id', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_article_category_pk', ['article_id', 'category'])
    .execute();
  await db.schema.createIndex('news_article_category_idx').on('news_article_category').columns(['category', 'published_at', 'article_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('news_article_category').execute();
  await db.schema.dropTable('news_article_symbol').execute();
  await db.schema.dropTable('news_article').execute();
}

import type { Kysely } from 'kysely';
import { emailSkeleton } from '../../kernel/email-skeleton.ts';

/**
 * Each account's email skeleton (src/kernel/email-skeleton.ts) under a unique index: an
 * address drawn like an existing one (a Cyrillic а for a Latin a) is refused, even when two
 * processes create them at once. Existing look-alikes keep working: the oldest account of a
 * skeleton gets it, the later ones keep null (a unique index admits many nulls on both dialects).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('account').addColumn('email_skeleton', 'text').execute();
  const typed = db as unknown as Kysely<{ account: { id: string; email: string; created_at: string; email_skeleton: string | null } }>;
  const rows = await typed.selectFrom('account').select(['id', 'email']).orderBy('created_at').orderBy('id').execute();
  const seen = new Set<string>();
  for (const row of rows) {
    const skeleton = emailSkeleton(row.email);
    if (seen.has(skeleton)) continue;
    seen.add(skeleton);
    await typed.updateTable('account').set({ email_skeleton: skeleton }).where('id', '=', row.id).execute();
  }
  await db.schema.createIndex('account_email_skeleton_idx').on('account').column('email_skeleton').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('account_email_skeleton_idx').execute();
  await db.schema.alterTable('account').dropColumn('email_skeleton').execute();
}

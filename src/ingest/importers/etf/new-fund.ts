import type { Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import { noteRow } from '../../../store/release-facts.ts';

/** What a publisher's file tells of a fund the store does not describe yet. */
export interface NewFund {
  code: string;
  name: string;
  name_jp: string | null;
  management_company: string;
  index_name?: string | null;
  trust_fee?: number | null;
  listing_date?: string | null;
  trading_unit?: number | null;
  source: string;
}

/** The next free id of `table`: ids are the store's own, not a publisher's. */
export async function nextId(db: Transaction<Database>, table: 'etf_fund' | 'etf_holding'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

/** A Tokyo-listed fund as `fund` describes it; what no file of its says (trust fee, listing day, unit, yield) is null. */
export async function insertNewFund(db: Transaction<Database>, fund: NewFund): Promise<void> {
  const row = {
    id: await nextId(db, 'etf_fund'),
    index_name: null,
    trading_unit: null,
    trust_fee: null,
    country: 'jp',
    distribution_yield: null,
    etf_type: 'ETF',
    listing_date: null,
    currency: 'JPY',
    ...fund,
  };
  noteRow(db, 'etf_fund', row);
  await db.insertInto('etf_fund').values(row).execute();
}

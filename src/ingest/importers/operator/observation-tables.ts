/**
 * Where each observation family's figures are stored: the row a (family, key, period) group of
 * an operator's observations file becomes, written through the same writers the publishers'
 * importers use (instrument-closes.ts, loader.ts). A family whose stored row holds several
 * figures names each by a sub-name (`etf.nav.totalNetAssets`); its main figure is the family's
 * own name too (`etf.nav` is the NAV per unit).
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import { insertRows, type RowOf } from '../../../store/loader.ts';
import { replaceCloses } from '../../instrument-closes.ts';
import { ImportError } from '../../import-error.ts';
import type { ReleaseInfo } from '../../source.ts';
import { listNewIndices } from '../indices/index-closes.ts';
import { PROPERTY_TYPES } from '../../../domains/real-estate/real-estate.schemas.ts';
import { isCountry, provinceCodesText, provinceId, wardId } from './place-ids.ts';
import { fullIssueCode } from '../../../domains/equities/issue-code.ts';

/** How a family's `period` is written. */
export type PeriodForm =
  /** `YYYY-MM-DD`. */
  | 'date'
  /** An ISO date-time with its zone, or a date (its 00:00 UTC). */
  | 'instant'
  /** `YYYY`, `YYYY-Qn`, `YYYY-MM` or `YYYY-MM-DD`. */
  | 'calendar'
  /** `YYYY-MM`. */
  | 'month'
  /** `YYYY`. */
  | 'year';

export interface ObservationFigure {
  /** The sub-name after the family's (`totalNetAssets` of `etf.nav.totalNetAssets`). */
  name: string;
  /** Every stored row must have it. */
  required: boolean;
  /** May be given empty: published without a figure, stored as null. */
  nullable: boolean;
}

/** The figures of one (key, period) of a family, as the file's lines gave them. */
export interface ObservationGroup {
  /** The first line of the group, for messages. */
  line: number;
  key: string;
  period: string;
  /** Figure sub-name → value (null: published without a figure). */
  figures: Map<string, number | null>;
  /** The knowledge time the lines gave (ISO instant), if any. */
  knowledgeAt: string | undefined;
}

export interface ObservationTable {
  period: PeriodForm;
  /** What the key names, for the docs and messages. */
  key: string;
  /** Keys are the family's served keys (operator-facts.ts); otherwise the table checks them against the store. */
  servedKeys: boolean;
  figures: readonly ObservationFigure[];
  /** The figure the family's bare name stands for. */
  main: string;
  /** The table keeps a knowledge time per figure, so a line may date its figure (`knowledge_at`). */
  knowledgeAt: boolean;
  write(db: Transaction<Database>, family: string, groups: readonly ObservationGroup[], release: ReleaseInfo, fileName: string): Promise<number>;
}

const figure = (name: string, required: boolean, nullable = !required): ObservationFigure => ({ name, required, nullable });

/** A required figure of a group (the parse checked it is there). */
function must(group: ObservationGroup, name: string): number {
  const value = group.figures.get(name);
  if (value === undefined || value === null) throw new Error(`operator observations: ${name} was checked present`);
  return value;
}

const optional = (group: ObservationGroup, name: string): number | null => group.figures.get(name) ?? null;

const refuse = (fileName: string, group: ObservationGroup, what: string) => new ImportError(`${fileName}:${group.line}: ${what}`);

/** The code of a stored fund for each group, refusing one the store does not describe. */
async function fundCodes(db: Transaction<Database>, family: string, groups: readonly ObservationGroup[], fileName: string): Promise<void> {
  const codes = [...new Set(groups.map((group) => group.key))];
  const known = new Set((await db.selectFrom('etf_fund').select('code').where('code', 'in', codes).execute()).map((row) => row.code));
  const unknown = groups.find((group) => !known.has(group.key));
  if (unknown !== undefined) throw refuse(fileName, unknown, `${family}: no fund ${unknown.key} in the store; describe it first with an instruments file (etf.name, etf.manager)`);
}

/** The instrument a keyed close family stores: `instrument_close:index:*` and `UKX` → `index:UKX`. */
const instrumentOf = (stored: string, key: string): string => stored.slice(stored.indexOf(':') + 1).replace('*', key);

const closes = (stored: string): ObservationTable => ({
  period: 'date',
  key: 'the catalogue code',
  servedKeys: true,
  figures: [figure('close', true)],
  main: 'close',
  knowledgeAt: true,
  async write(db, _family, groups, release) {
    if (stored.startsWith('instrument_close:index:')) await listNewIndices(db, [...new Set(groups.map((group) => group.key))], release.source);
    return replaceCloses(
      db,
      groups.map((group) => ({ instrument: instrumentOf(stored, group.key), date: group.period, close: must(group, 'close'), knowledgeAt: group.knowledgeAt })),
      release,
    );
  },
});

/** The stored row of each observation family, by family name (families.ts). */
export const OBSERVATION_TABLES: Readonly<Record<string, ObservationTable>> = {
  'index.close': closes('instrument_close:index:*'),
  'fx.close': closes('instrument_close:fx:*'),
  'commodity.close': closes('instrument_close:commodity:*'),
  macro: {
    period: 'calendar',
    key: 'the series',
    servedKeys: true,
    figures: [figure('value', false, true)],
    main: 'value',
    knowledgeAt: true,
    // Every file is a release of versions (vintage.ts): a figure it changes is a revision, the earlier one stays.
    write: (db, _family, groups, release) =>
      insertRows(
        db,
        'macro_observation',
        groups.map((group) => ({
          series: group.key,
          period: group.period,
          value: optional(group, 'value'),
          marker: null,
          release_id: release.id,
          knowledge_at: group.knowledgeAt ?? release.knowledgeAt,
        })),
      ),
  },
  'crypto.metric': {
    period: 'instant',
    key: 'the metric',
    servedKeys: true,
    figures: [figure('value', true)],
    main: 'value',
    knowledgeAt: false,
    write: (db, _family, groups, release) =>
      insertRows(
        db,
        'crypto_metric',
        groups.map((group) => ({ metric: group.key, at: group.period, value: must(group, 'value'), source: release.source })),
        { onConflict: { key: ['metric', 'at'], keep: 'new' } },
      ),
  },
  'crypto.fearGreed': {
    period: 'date',
    key: 'empty (one index)',
    servedKeys: false,
    figures: [figure('value', true)],
    main: 'value',
    knowledgeAt: false,
    async write(db, family, groups, release, fileName) {
      const keyed = groups.find((group) => group.key !== '');
      if (keyed !== undefined) throw refuse(fileName, keyed, `${family} has no keys: leave the key empty (got "${keyed.key}")`);
      return insertRows(db, 'crypto_fear_greed', groups.map((group) => ({ date: group.period, value: must(group, 'value'), source: release.source })), {
        onConflict: { key: ['date'], keep: 'new' },
      });
    },
  },
  'crypto.snapshot': {
    period: 'instant',
    key: "the coin's id (crypto.coin)",
    servedKeys: false,
    figures: [figure('price', true), figure('marketCap', true), figure('volume24h', false)],
    main: 'price',
    knowledgeAt: false,
    async write(db, family, groups, release, fileName) {
      const ids = [...new Set(groups.map((group) => group.key))];
      const known = new Set((await db.selectFrom('crypto_coin').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
      const unknown = groups.find((group) => !known.has(group.key));
      if (unknown !== undefined) throw refuse(fileName, unknown, `${family}: no coin "${unknown.key}" in the store; describe it first with an instruments file (crypto.coin.symbol, crypto.coin.name)`);
      return insertRows(
        db,
        'crypto_market_snapshot',
        groups.map((group) => ({
          at: group.period,
          coin_id: group.key,
          price: must(group, 'price'),
          market_cap: must(group, 'marketCap'),
          volume_24h: optional(group, 'volume24h'),
          source: release.source,
        })),
        { onConflict: { key: ['at', 'coin_id'], keep: 'new' } },
      );
    },
  },
  'etf.nav': {
    period: 'date',
    key: "the fund's code",
    servedKeys: false,
    figures: [figure('nav', true), figure('totalNetAssets', false), figure('unitsOutstanding', false)],
    main: 'nav',
    knowledgeAt: false,
    async write(db, family, groups, release, fileName) {
      await fundCodes(db, family, groups, fileName);
      return insertRows(
        db,
        'etf_nav',
        groups.map((group) => ({
          fund_code: group.key,
          date: group.period,
          nav: must(group, 'nav'),
          total_net_assets: optional(group, 'totalNetAssets'),
          units_outstanding: optional(group, 'unitsOutstanding'),
          source: release.source,
        })),
        { onConflict: { key: ['fund_code', 'date'], keep: 'new' } },
      );
    },
  },
  'etf.price': {
    period: 'date',
    key: "the fund's code",
    servedKeys: false,
    figures: [figure('close', true), figure('open', false), figure('high', false), figure('low', false), figure('volume', false)],
    main: 'close',
    knowledgeAt: false,
    async write(db, family, groups, release, fileName) {
      await fundCodes(db, family, groups, fileName);
      // A session given again replaces the stored one (its id is the store's own, not the file's).
      for (const group of groups) await db.deleteFrom('etf_price').where('fund_code', '=', group.key).where('date', '=', group.period).execute();
      const max = await db.selectFrom('etf_price').select((eb) => eb.fn.max('id').as('max')).executeTakeFirst();
      let id = Number(max?.max ?? 0);
      return insertRows(
        db,
        'etf_price',
        groups.map((group) => ({
          id: ++id,
          fund_code: group.key,
          date: group.period,
          open: optional(group, 'open'),
          high: optional(group, 'high'),
          low: optional(group, 'low'),
          close: must(group, 'close'),
          volume: optional(group, 'volume'),
          source: release.source,
        })),
      );
    },
  },
  'equity.bar': {
    period: 'date',
    key: "the issue's code (4-character ticker or 5-character code)",
    servedKeys: false,
    figures: [figure('close', true), figure('volume', true), figure('tradingValue', true)],
    main: 'close',
    knowledgeAt: false,
    async write(db, family, groups, release, fileName) {
      const codes = [...new Set(groups.map((group) => fullIssueCode(group.key)))];
      const known = new Set((await db.selectFrom('equity_issue').select('code').where('code', 'in', codes).execute()).map((row) => row.code));
      const unknown = groups.find((group) => !known.has(fullIssueCode(group.key)));
      if (unknown !== undefined) throw refuse(fileName, unknown, `${family}: no issue ${unknown.key} in the store; describe it first with an instruments file (equity.issue.*)`);
      return insertRows(
        db,
        'equity_bar',
        groups.map((group) => ({
          code: fullIssueCode(group.key),
          date: group.period,
          close: must(group, 'close'),
          volume: must(group, 'volume'),
          trading_value: must(group, 'tradingValue'),
          source: release.source,
        })),
        { onConflict: { key: ['code', 'date'], keep: 'new' } },
      );
    },
  },
  're.provincePrice': {
    period: 'month',
    key: `COUNTRY/PROVINCE/TYPE: the country (jp, vn), the province's code and the property type (${PROPERTY_TYPES.join(', ')})`,
    servedKeys: false,
    figures: [figure('price', true), figure('listings', true)],
    main: 'price',
    knowledgeAt: false,
    async write(db, family, groups, release, fileName) {
      const rows: RowOf<'re_province_price'>[] = [];
      for (const group of groups) {
        const [country = '', code = '', type = '', ...rest] = group.key.split('/');
        if (!isCountry(country) || rest.length > 0) throw refuse(fileName, group, `${family}: key "${group.key}" must be COUNTRY/PROVINCE/TYPE with COUNTRY jp or vn`);
        const id = provinceId(country, code);
        if (id === undefined) throw refuse(fileName, group, `${family}: no province "${code}" in ${country}; the codes are ${provinceCodesText(country)}`);
        if (!(PROPERTY_TYPES as readonly string[]).includes(type)) throw refuse(fileName, group, `${family}: property type "${type}" is not one of ${PROPERTY_TYPES.join(', ')}`);
        rows.push({ province_id: id, month: group.period, property_type: type, price: must(group, 'price'), listings: must(group, 'listings'), source: release.source });
      }
      const known = new Set((await db.selectFrom('re_province').select('id').where('id', 'in', [...new Set(rows.map((row) => row.province_id))]).execute()).map((row) => row.id));
      const missing = groups.find((_group, i) => !known.has(rows[i]?.province_id ?? -1));
      if (missing !== undefined) throw refuse(fileName, missing, `${family}: the province of "${missing.key}" is not in the store; load it first with a geography file`);
      return insertRows(db, 're_province_price', rows, { onConflict: { key: ['province_id', 'property_type', 'month'], keep: 'new' } });
    },
  },
  're.roadPrice': {
    period: 'year',
    key: "COUNTRY/WARD/ROAD: the country (jp, vn), the ward's 5-digit code and the road's name",
    servedKeys: false,
    figures: [figure('vt1', false), figure('vt2', false), figure('vt3', false), figure('vt4', false)],
    main: 'vt1',
    knowledgeAt: false,
    async write(db, family, groups, release, fileName) {
      const rows: RowOf<'re_road_price'>[] = [];
      for (const group of groups) {
        const [country = '', code = '', ...road] = group.key.split('/');
        const name = road.join('/').trim();
        if (!isCountry(country) || name === '') throw refuse(fileName, group, `${family}: key "${group.key}" must be COUNTRY/WARD/ROAD with COUNTRY jp or vn`);
        const id = wardId(country, code);
        if (id === undefined) throw refuse(fileName, group, `${family}: ward code "${code}" is not a 5-digit code`);
        rows.push({
          ward_id: id,
          year: Number(group.period),
          road: name,
          vt1: optional(group, 'vt1'),
          vt2: optional(group, 'vt2'),
          vt3: optional(group, 'vt3'),
          vt4: optional(group, 'vt4'),
          source: release.source,
        });
      }
      const known = new Set((await db.selectFrom('re_ward').select('id').where('id', 'in', [...new Set(rows.map((row) => row.ward_id))]).execute()).map((row) => row.id));
      const missing = groups.find((_group, i) => !known.has(rows[i]?.ward_id ?? -1));
      if (missing !== undefined) throw refuse(fileName, missing, `${family}: the ward of "${missing.key}" is not in the store; load it first with a geography file`);
      return insertRows(db, 're_road_price', rows, { onConflict: { key: ['ward_id', 'year', 'road'], keep: 'new' } });
    },
  },
};

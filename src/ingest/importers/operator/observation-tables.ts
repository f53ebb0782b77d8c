/**
 * Where each observation family's figures are stored: the row a (family, key, period) group of
 * an operator's observations file becomes, written through the same writers the publishers'
 * importers use (instrument-closes.ts, loader.ts). A family whose stored row holds several
 * figures names each by a sub-name (`etf.nav.totalNetAssets`); its main figure is the family's
 * own name too (`etf.nav` is the NAV per unit).
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import { insertRows } from '../../../store/loader.ts';
import { replaceCloses } from '../../instrument-closes.ts';
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
  key: string;
  period: string;
  /** Figure sub-name → value (null: published without a figure). */
  figures: Map<string, number | null>;
  /** The knowledge time the lines gave (ISO instant), if any. */
  knowledgeAt: string | undefined;
}

/** What each key of a family names in the store (a fund, a coin, an issue, a place), which must be there before its figures are. */
export interface StoreReference {
  /** The stored id the key names (the parse checked the key's shape). */
  of(key: string): string | number;
  /** Which of `ids` the store holds. */
  held(db: Transaction<Database>, ids: readonly (string | number)[]): Promise<Set<string | number>>;
  /** The refusal of a key whose id the store does not hold. */
  missing(family: string, key: string): string;
}

export interface ObservationTable {
  period: PeriodForm;
  /** What the key names, for the docs and messages. */
  key: string;
  /** Keys are the family's served keys (operator-facts.ts); otherwise the table checks them itself. */
  servedKeys: boolean;
  /** Why a key cannot be one of the family's (its shape, a place's code), checked on each line; undefined when it can. */
  keyProblem?(family: string, key: string): string | undefined;
  reference?: StoreReference;
  figures: readonly ObservationFigure[];
  /** The figure the family's bare name stands for. */
  main: string;
  /** The table keeps a knowledge time per figure, so a line may date its figure (`knowledge_at`). */
  knowledgeAt: boolean;
  /** `write` must be given all of a key's groups at once: a close file is each series between its first and last date. */
  wholeSeries: boolean;
  /** Writes groups of the family in (key, period) order, a batch at a time; answers the rows written. */
  write(db: Transaction<Database>, groups: readonly ObservationGroup[], release: ReleaseInfo): Promise<number>;
}

const figure = (name: string, required: boolean, nullable = !required): ObservationFigure => ({ name, required, nullable });

/** A required figure of a group (the parse checked it is there). */
function must(group: ObservationGroup, name: string): number {
  const value = group.figures.get(name);
  if (value === undefined || value === null) throw new Error(`operator observations: ${name} was checked present`);
  return value;
}

const optional = (group: ObservationGroup, name: string): number | null => group.figures.get(name) ?? null;

/** A key's id, which the parse checked it has. */
function checked<Id>(id: Id | undefined, key: string): Id {
  if (id === undefined) throw new Error(`operator observations: key "${key}" was checked`);
  return id;
}

const heldOf = (rows: readonly { id: string | number }[]): Set<string | number> => new Set(rows.map((row) => row.id));

const FUND: StoreReference = {
  of: (key) => key,
  held: async (db, ids) => heldOf(await db.selectFrom('etf_fund').select('code as id').where('code', 'in', ids.map(String)).execute()),
  missing: (family, key) => `${family}: no fund ${key} in the store; describe it first with an instruments file (etf.name, etf.manager)`,
};

const COIN: StoreReference = {
  of: (key) => key,
  held: async (db, ids) => heldOf(await db.selectFrom('crypto_coin').select('id').where('id', 'in', ids.map(String)).execute()),
  missing: (family, key) => `${family}: no coin "${key}" in the store; describe it first with an instruments file (crypto.coin.symbol, crypto.coin.name)`,
};

const ISSUE: StoreReference = {
  of: fullIssueCode,
  held: async (db, ids) => heldOf(await db.selectFrom('equity_issue').select('code as id').where('code', 'in', ids.map(String)).execute()),
  missing: (family, key) => `${family}: no issue ${key} in the store; describe it first with an instruments file (equity.issue.*)`,
};

/** `COUNTRY/PROVINCE/TYPE` of a province price. */
function provinceKey(key: string): { country: string; code: string; type: string; rest: string[] } {
  const [country = '', code = '', type = '', ...rest] = key.split('/');
  return { country, code, type, rest };
}

const provinceIdOf = (key: string): number | undefined => {
  const { country, code } = provinceKey(key);
  return isCountry(country) ? provinceId(country, code) : undefined;
};

/** `COUNTRY/WARD/ROAD` of a road price. */
function roadKey(key: string): { country: string; code: string; road: string } {
  const [country = '', code = '', ...road] = key.split('/');
  return { country, code, road: road.join('/').trim() };
}

const wardIdOf = (key: string): number | undefined => {
  const { country, code } = roadKey(key);
  return isCountry(country) ? wardId(country, code) : undefined;
};

const PROVINCE: StoreReference = {
  of: (key) => checked(provinceIdOf(key), key),
  held: async (db, ids) => heldOf(await db.selectFrom('re_province').select('id').where('id', 'in', ids.map(Number)).execute()),
  missing: (family, key) => `${family}: the province of "${key}" is not in the store; load it first with a geography file`,
};

const WARD: StoreReference = {
  of: (key) => checked(wardIdOf(key), key),
  held: async (db, ids) => heldOf(await db.selectFrom('re_ward').select('id').where('id', 'in', ids.map(Number)).execute()),
  missing: (family, key) => `${family}: the ward of "${key}" is not in the store; load it first with a geography file`,
};

/** The closes of one kind of instrument: a file's key `UKX` of `index.close` is the instrument `index:UKX`. */
const closes = (kind: 'index' | 'fx' | 'commodity'): ObservationTable => ({
  period: 'date',
  key: 'the catalogue code',
  servedKeys: true,
  figures: [figure('close', true)],
  main: 'close',
  knowledgeAt: true,
  wholeSeries: true,
  async write(db, groups, release) {
    if (kind === 'index') await listNewIndices(db, [...new Set(groups.map((group) => group.key))], release.source);
    return replaceCloses(
      db,
      groups.map((group) => ({ instrument: `${kind}:${group.key}`, date: group.period, close: must(group, 'close'), knowledgeAt: group.knowledgeAt })),
      release,
    );
  },
});

/** The stored row of each observation family, by family name (families.ts). */
export const OBSERVATION_TABLES: Readonly<Record<string, ObservationTable>> = {
  'index.close': closes('index'),
  'fx.close': closes('fx'),
  'commodity.close': closes('commodity'),
  macro: {
    period: 'calendar',
    key: 'the series',
    servedKeys: true,
    figures: [figure('value', false, true)],
    main: 'value',
    knowledgeAt: true,
    wholeSeries: false,
    // Every file is a release of versions (vintage.ts): a figure it changes is a revision, the earlier one stays.
    write: (db, groups, release) =>
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
    wholeSeries: false,
    write: (db, groups, release) =>
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
    keyProblem: (family, key) => (key === '' ? undefined : `${family} has no keys: leave the key empty (got "${key}")`),
    figures: [figure('value', true)],
    main: 'value',
    knowledgeAt: false,
    wholeSeries: false,
    write: (db, groups, release) =>
      insertRows(
        db,
        'crypto_fear_greed',
        groups.map((group) => ({ date: group.period, value: must(group, 'value'), source: release.source })),
        {
          onConflict: { key: ['date'], keep: 'new' },
        },
      ),
  },
  'crypto.snapshot': {
    period: 'instant',
    key: "the coin's id (crypto.coin)",
    servedKeys: false,
    reference: COIN,
    figures: [figure('price', true), figure('marketCap', true), figure('volume24h', false)],
    main: 'price',
    knowledgeAt: false,
    wholeSeries: false,
    write: (db, groups, release) =>
      insertRows(
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
      ),
  },
  'etf.nav': {
    period: 'date',
    key: "the fund's code",
    servedKeys: false,
    reference: FUND,
    figures: [figure('nav', true), figure('totalNetAssets', false), figure('unitsOutstanding', false)],
    main: 'nav',
    knowledgeAt: false,
    wholeSeries: false,
    write: (db, groups, release) =>
      insertRows(
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
      ),
  },
  'etf.price': {
    period: 'date',
    key: "the fund's code",
    servedKeys: false,
    reference: FUND,
    figures: [figure('close', true), figure('open', false), figure('high', false), figure('low', false), figure('volume', false)],
    main: 'close',
    knowledgeAt: false,
    wholeSeries: false,
    async write(db, groups, release) {
      // A session given again replaces the stored one (its id is the store's own, not the file's).
      for (const group of groups) await db.deleteFrom('etf_price').where('fund_code', '=', group.key).where('date', '=', group.period).execute();
      const max = await db
        .selectFrom('etf_price')
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirst();
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
    reference: ISSUE,
    figures: [figure('close', true), figure('volume', true), figure('tradingValue', true)],
    main: 'close',
    knowledgeAt: false,
    wholeSeries: false,
    write: (db, groups, release) =>
      insertRows(
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
      ),
  },
  're.provincePrice': {
    period: 'month',
    key: `COUNTRY/PROVINCE/TYPE: the country (jp, vn), the province's code and the property type (${PROPERTY_TYPES.join(', ')})`,
    servedKeys: false,
    keyProblem(family, key) {
      const { country, code, type, rest } = provinceKey(key);
      if (!isCountry(country) || rest.length > 0) return `${family}: key "${key}" must be COUNTRY/PROVINCE/TYPE with COUNTRY jp or vn`;
      if (provinceId(country, code) === undefined) return `${family}: no province "${code}" in ${country}; the codes are ${provinceCodesText(country)}`;
      if (!(PROPERTY_TYPES as readonly string[]).includes(type)) return `${family}: property type "${type}" is not one of ${PROPERTY_TYPES.join(', ')}`;
      return undefined;
    },
    reference: PROVINCE,
    figures: [figure('price', true), figure('listings', true)],
    main: 'price',
    knowledgeAt: false,
    wholeSeries: false,
    write: (db, groups, release) =>
      insertRows(
        db,
        're_province_price',
        groups.map((group) => ({
          province_id: checked(provinceIdOf(group.key), group.key),
          month: group.period,
          property_type: provinceKey(group.key).type,
          price: must(group, 'price'),
          listings: must(group, 'listings'),
          source: release.source,
        })),
        { onConflict: { key: ['province_id', 'property_type', 'month'], keep: 'new' } },
      ),
  },
  're.roadPrice': {
    period: 'year',
    key: "COUNTRY/WARD/ROAD: the country (jp, vn), the ward's 5-digit code and the road's name",
    servedKeys: false,
    keyProblem(family, key) {
      const { country, code, road } = roadKey(key);
      if (!isCountry(country) || road === '') return `${family}: key "${key}" must be COUNTRY/WARD/ROAD with COUNTRY jp or vn`;
      if (wardId(country, code) === undefined) return `${family}: ward code "${code}" is not a 5-digit code`;
      return undefined;
    },
    reference: WARD,
    figures: [figure('vt1', false), figure('vt2', false), figure('vt3', false), figure('vt4', false)],
    main: 'vt1',
    knowledgeAt: false,
    wholeSeries: false,
    write: (db, groups, release) =>
      insertRows(
        db,
        're_road_price',
        groups.map((group) => ({
          ward_id: checked(wardIdOf(group.key), group.key),
          year: Number(group.period),
          road: roadKey(group.key).road,
          vt1: optional(group, 'vt1'),
          vt2: optional(group, 'vt2'),
          vt3: optional(group, 'vt3'),
          vt4: optional(group, 'vt4'),
          source: release.source,
        })),
        { onConflict: { key: ['ward_id', 'year', 'road'], keep: 'new' } },
      ),
  },
};

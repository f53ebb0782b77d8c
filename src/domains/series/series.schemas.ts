import { Type, type Static } from 'typebox';
import { AsOfDate, IsoDate, Nullable, StringEnum } from '../../kernel/schemas.ts';
import { SERIES_DOMAINS } from './fact-domains.ts';

const SERIES_FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'annual'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

export const SeriesListQuerySchema = {
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        "Words of the series' id, name, code or common name, each matched as a word or its beginning, either case, accents ignored (`7203`, `toyota`, `bitcoin`, `yen`, `consumer price`): best match first",
    }),
  ),
  domain: Type.Optional(StringEnum(SERIES_DOMAINS, { description: "The facts of one domain (each needs that domain's feature)" })),
  family: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'The facts of one family (`index.close`, `macro`; `fdh facts`)' })),
  hasData: Type.Optional(
    Type.Boolean({
      description: '`true`: only the series the store holds points of (`firstDate` set); `false`: the others, and the facts that are no series (`series` null)',
    }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }),
  cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: '`meta.nextCursor` of the previous page' })),
};

const SeriesSourceSchema = Type.Object({
  publisher: Type.String({ description: '`fred`, `ecb`, `jquants`, … (`demo` for the demo)' }),
  dataset: Type.String({ description: "The publisher's dataset the release came from" }),
});
export type ListedSource = Static<typeof SeriesSourceSchema>;

const SeriesEntrySchema = Type.Object({
  id: Type.String({
    description:
      'The series: `index.close:N225`, `macro:us.cpi`, one per stored issue, coin and fund (`equity.bar:7203`, `crypto.snapshot:BTC`, `etf.nav:1306`), or a fact of no series (`etf.name`)',
  }),
  name: Type.String({
    description:
      "What the publisher calls it (FRED's title where FRED's release carried one; the issue's, coin's or fund's name as its publisher gives it), else the hub's name of the fact; no two series share one",
  }),
  family: Type.String(),
  domain: StringEnum(SERIES_DOMAINS),
  unit: Type.String({ description: 'The unit of its figures: `Index 1982-1984=100`, `JPY`, `JPY per USD`, `percent`' }),
  frequency: Type.String({
    description:
      "How often a figure comes (`daily` … `annual`, `intraday`, `event`, `static`): a close series' is its stored figures' (a commodity is daily from one publisher, a monthly average from another)",
  }),
  seasonalAdjustment: Nullable(Type.String({ description: 'As the publisher states it (`Seasonally Adjusted`); null where it does not' })),
  timeZone: Type.String(),
  asOf: Type.String({ description: 'What `asOf` returns for it' }),
  sources: Type.Array(SeriesSourceSchema, { description: 'The publishers and datasets whose releases the store holds it from (`demo` for the demo)' }),
  firstDate: Nullable(IsoDate({ description: "The first day (a period's first day) the store holds; null when it holds none" })),
  lastDate: Nullable(IsoDate({ description: 'The last day the store holds' })),
  lastUpdated: Nullable(
    Type.String({
      format: 'date-time',
      description: 'When the publisher last updated it, where it says (FRED), else when the hub last learned figures of it; null when the store holds none',
    }),
  ),
  notes: Nullable(Type.String({ description: "The publisher's notes on the series, where it gives them" })),
  series: Nullable(
    Type.String({
      description: 'The path below /openapi/v1 that answers it, percent-encoded as sent (`/series/fx.close:USD%2FJPY`); null: not a series of figures',
    }),
  ),
});
export type SeriesEntry = Static<typeof SeriesEntrySchema>;

export const SeriesListSchema = Type.Array(SeriesEntrySchema);

export const SeriesListMetaSchema = {
  nextCursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last' })),
};

export const SeriesParamsSchema = {
  fact: Type.String({
    minLength: 1,
    maxLength: 128,
    description: 'The series: `index.close:N225`, `macro:us.cpi`, `equity.bar:7203`, `crypto.snapshot:BTC` (the `series` of `/series`)',
  }),
};

/** FRED's units transformations (transforms.ts). */
export const SERIES_UNITS = ['lin', 'chg', 'ch1', 'pch', 'pc1', 'pca', 'cch', 'cca', 'log'] as const;
export type SeriesUnits = (typeof SERIES_UNITS)[number];

/** FRED's aggregation methods of a `frequency`: end of period, average, sum. */
export const SERIES_AGGREGATIONS = ['eop', 'avg', 'sum'] as const;
export type SeriesAggregation = (typeof SERIES_AGGREGATIONS)[number];

export const SeriesQuerySchema = {
  from: Type.Optional(IsoDate({ description: 'First day (inclusive); a period counts by its first day' })),
  to: Type.Optional(IsoDate({ description: 'Last day (inclusive)' })),
  asOf: Type.Optional(AsOfDate()),
  frequency: Type.Optional(
    StringEnum(SERIES_FREQUENCIES, {
      description: "Aggregate to this frequency (no finer than the fact's), each period's figures made one by `aggregation`",
    }),
  ),
  aggregation: Type.Optional(
    StringEnum(SERIES_AGGREGATIONS, {
      description:
        "How `frequency` makes a period's figure (only with `frequency`; default `eop`). " +
        '`eop`: its last figure (a bar: first open, highest high, lowest low, last close, summed volume); ' +
        '`avg`: the mean of its figures; `sum`: their sum (both: open, high, low and close null, volume summed)',
    }),
  ),
  units: StringEnum(SERIES_UNITS, {
    default: 'lin',
    description:
      "FRED's transformation of `value`, after `frequency`; x is a point's figure, prev the previous point's, ago the same period's a year earlier " +
      '(a week 52 weeks earlier, a day the same date), n the points a year (daily 260, weekly 52, monthly 12, quarterly 4, annual 1). ' +
      '`lin`: levels, x; `chg`: change, x − prev; `ch1`: change from a year ago, x − ago; `pch`: percent change, (x/prev − 1)·100; ' +
      '`pc1`: percent change from a year ago, (x/ago − 1)·100; `pca`: compounded annual rate of change, ((x/prev)^n − 1)·100; ' +
      '`cch`: continuously compounded rate of change, (ln x − ln prev)·100; `cca`: continuously compounded annual rate of change, (ln x − ln prev)·100·n; ' +
      '`log`: natural log, ln x. Null where the earlier figure is missing or the result undefined (ln of x ≤ 0, a ratio to 0). ' +
      'Other than `lin`, open, high, low, close and volume are null',
  }),
  limit: Type.Integer({ minimum: 1, maximum: 10000, default: 1000 }),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 32,
      pattern: '^\\d{4}(-Q[1-4]|-\\d{2}(-\\d{2}(T[0-9:.]+Z)?)?)?$',
      description: "`meta.nextCursor` of the previous page: the last period it held, of the series' form (`2025-01`, `2025-01-31`)",
    }),
  ),
};

const SeriesPointSchema = Type.Object({
  date: IsoDate({ description: "The observation's day; for an aggregate or a statistic's period, its last observation's day or the period's first day" }),
  period: Type.String({ description: 'The period the figure is for: the day, or `2024-05`, `2024-Q2`, `2024`; a week by its Monday' }),
  value: Nullable(Type.Number({ description: 'The figure (the close of a bar)' })),
  open: Nullable(Type.Number({ description: 'Null where the publisher gives no bar' })),
  high: Nullable(Type.Number()),
  low: Nullable(Type.Number()),
  close: Nullable(Type.Number()),
  volume: Nullable(Type.Number()),
});
export type SeriesPoint = Static<typeof SeriesPointSchema>;

export const SeriesPointsSchema = Type.Array(SeriesPointSchema);

export const SeriesMetaSchema = {
  fact: Type.String(),
  name: Type.String({ description: "The series' name, as `/series` lists it" }),
  unit: Type.String({ description: 'The unit of its figures in levels, as `/series` lists it (`units` says how they were transformed)' }),
  frequency: Type.String({ description: 'The frequency served' }),
  aggregation: StringEnum(['none', ...SERIES_AGGREGATIONS] as const, {
    description:
      "`none`: the points as stored (no `frequency`); else how each period's figure was made (`aggregation`): a coin is served daily, each day's last snapshot (`eop`)",
  }),
  units: StringEnum(SERIES_UNITS, { description: 'The transformation applied to `value` (`units`)' }),
  unitsLabel: Type.String({ description: "FRED's name of it: `Levels`, `Percent Change from Year Ago`, …" }),
  knowledgeAt: Nullable(
    Type.String({
      format: 'date-time',
      description:
        'A macro statistic: the latest time the hub learned a served figure, as the macro endpoints give it; null for other series and for no figure',
    }),
  ),
  wasRestated: Nullable(
    Type.Boolean({ description: 'A macro statistic: a served figure replaced a different earlier one at or before the cut-off; null for other series' }),
  ),
  nextCursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last' })),
};

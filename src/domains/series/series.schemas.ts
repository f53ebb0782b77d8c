import { Type, type Static } from 'typebox';
import { AsOfDate, IsoDate, Nullable, StringEnum } from '../../kernel/schemas.ts';
import { SERIES_DOMAINS } from './fact-domains.ts';

const SERIES_FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'annual'] as const;
export type SeriesFrequency = (typeof SERIES_FREQUENCIES)[number];

export const SeriesListQuerySchema = {
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: "Part of the fact's id or description, either case: `n225`, `cpi`" })),
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

const SeriesEntrySchema = Type.Object({
  id: Type.String({
    description:
      'The series: `index.close:N225`, `macro:us.cpi`, one per stored issue, coin and fund (`equity.bar:7203`, `crypto.snapshot:BTC`, `etf.nav:1306`), or a fact of no series (`etf.name`)',
  }),
  name: Type.String({ description: 'What one figure of it is' }),
  family: Type.String(),
  domain: StringEnum(SERIES_DOMAINS),
  unit: Type.String(),
  frequency: Type.String({
    description:
      "How often a figure comes (`daily` … `annual`, `intraday`, `event`, `static`): a close series' is its stored figures' (a commodity is daily from one publisher, a monthly average from another)",
  }),
  timeZone: Type.String(),
  asOf: Type.String({ description: 'What `asOf` returns for it' }),
  sources: Type.Array(Type.String(), { description: 'The publishers whose releases the store holds it from (`demo` for the demo)' }),
  firstDate: Nullable(IsoDate({ description: "The first day (a period's first day) the store holds; null when it holds none" })),
  lastDate: Nullable(IsoDate({ description: 'The last day the store holds' })),
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

export const SeriesQuerySchema = {
  from: Type.Optional(IsoDate({ description: 'First day (inclusive); a period counts by its first day' })),
  to: Type.Optional(IsoDate({ description: 'Last day (inclusive)' })),
  asOf: Type.Optional(AsOfDate()),
  frequency: Type.Optional(
    StringEnum(SERIES_FREQUENCIES, {
      description:
        "Aggregate to this frequency (no finer than the fact's): each period's last figure; OHLC bars take the first open, highest high, lowest low, last close and summed volume",
    }),
  ),
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
  unit: Type.String(),
  frequency: Type.String({ description: 'The frequency served' }),
  aggregation: StringEnum(['none', 'last'] as const, { description: '`last`: each period holds its last figure (OHLC as described under `frequency`)' }),
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

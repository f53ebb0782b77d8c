import { Type, type Static } from 'typebox';
import { IsoDate, Nullable } from '../../kernel/schemas.ts';

export const MarketIndexQuoteSchema = Type.Object({
  code: Type.String({ examples: ['N225'] }),
  name: Type.String({ examples: ['Nikkei 225'] }),
  country: Type.String({ description: 'ISO 3166-1 alpha-2 code of the market', examples: ['JP'] }),
  region: Type.String({ examples: ['Asia'] }),
  level: Nullable(Type.Number({ description: 'Latest closing level; null before the first close' })),
  change: Nullable(Type.Number({ description: 'Points from the previous stored close; null without one' })),
  changePercent: Nullable(Type.Number({ description: 'Percent change from the previous stored close; null without one' })),
  asOf: Nullable(IsoDate({ description: 'Date of the latest close' })),
  currency: Type.String({ examples: ['JPY'] }),
  source: Nullable(Type.String({ description: 'Publisher of the latest close' })),
});
export type MarketIndexQuote = Static<typeof MarketIndexQuoteSchema>;

export const MarketIndexListSchema = Type.Array(MarketIndexQuoteSchema);

/**
 * The names of the instruments in the series store, and the symbols domains know them by. An
 * instrument is stored once, whatever endpoints show it: gold is the commodity `gold` and the FX
 * domain's `XAU/USD`; the dollar index is the FX domain's `DXY` and the commodity list's `dxy`.
 */

/**
 * The figure the `dxy` fields and the `DXY` symbol serve: the hub's replica of the ICE U.S.
 * Dollar Index from ECB rates (src/domains/fx/dollar-index-replica.ts), labelled as a replica.
 */
export const DOLLAR_INDEX = 'index:USDX-ECB-REPLICA';
export const GOLD = 'commodity:gold';
/** The Federal Reserve Board's Nominal Broad U.S. Dollar Index (FRED `DTWEXBGS`): another index than the `dxy` fields'. */
export const BROAD_DOLLAR_INDEX = 'index:DTWEXBGS';

/** FX symbols that are not currency pairs in the store. */
const FX_ALIASES: Readonly<Record<string, string>> = { DXY: DOLLAR_INDEX, DTWEXBGS: BROAD_DOLLAR_INDEX, 'XAU/USD': GOLD };
const COMMODITY_ALIASES: Readonly<Record<string, string>> = { dxy: DOLLAR_INDEX };

/** `EUR/USD` → `fx:EUR/USD`; `DXY` and `XAU/USD` → the dollar index and gold. */
export const fxInstrument = (symbol: string): string => FX_ALIASES[symbol] ?? `fx:${symbol}`;
/** `N225` → `index:N225`. */
export const indexInstrument = (code: string): string => `index:${code}`;
/** `wti-crude` → `commodity:wti-crude`; `dxy` → the dollar index. */
export const commodityInstrument = (slug: string): string => COMMODITY_ALIASES[slug] ?? `commodity:${slug}`;

/** The FX symbol of every stored currency pair, and the aliases: what `/fx/*` can serve. */
export function fxSymbolOf(instrument: string): string | undefined {
  const alias = Object.entries(FX_ALIASES).find(([, id]) => id === instrument);
  if (alias !== undefined) return alias[0];
  return instrument.startsWith('fx:') ? instrument.slice(3) : undefined;
}

/** Domain symbols mapped to instruments and back, for one query. */
export class InstrumentNames {
  readonly instruments: string[];
  readonly #symbolOf: Map<string, string>;

  constructor(symbols: readonly string[], toInstrument: (symbol: string) => string) {
    this.#symbolOf = new Map(symbols.map((symbol) => [toInstrument(symbol), symbol]));
    this.instruments = [...this.#symbolOf.keys()];
  }

  symbolOf(instrument: string): string {
    const symbol = this.#symbolOf.get(instrument);
    if (symbol === undefined) throw new Error(`instrument ${instrument} was not asked for`);
    return symbol;
  }
}

/** The indices the hub knows: how each is named and where it belongs. */
export interface IndexDescription {
  code: string;
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  region: string;
  /** `japan`: the Tokyo snapshot; `global`: the world board. */
  board: 'japan' | 'global';
  currency: string;
}

/** In board order: the position of an index within its board is its place in this list. */
export const INDEX_CATALOGUE: readonly IndexDescription[] = [
  { code: 'N225', name: 'Nikkei 225', country: 'JP', region: 'Asia-Pacific', board: 'japan', currency: 'JPY' },
  { code: 'TOPIX', name: 'TOPIX', country: 'JP', region: 'Asia-Pacific', board: 'japan', currency: 'JPY' },
  { code: 'TSEGCORE', name: 'TSE Growth Market Core Index', country: 'JP', region: 'Asia-Pacific', board: 'japan', currency: 'JPY' },
  { code: 'TSEG250', name: 'TSE Growth Market 250 Index', country: 'JP', region: 'Asia-Pacific', board: 'japan', currency: 'JPY' },
  { code: 'JPXNK400', name: 'JPX-Nikkei Index 400', country: 'JP', region: 'Asia-Pacific', board: 'japan', currency: 'JPY' },
  { code: 'TOPIXC30', name: 'TOPIX Core30', country: 'JP', region: 'Asia-Pacific', board: 'japan', currency: 'JPY' },
  { code: 'TSEREIT', name: 'Tokyo Stock Exchange REIT Index', country: 'JP', region: 'Asia-Pacific', board: 'japan', currency: 'JPY' },
  { code: 'SPX', name: 'S&P 500', country: 'US', region: 'Americas', board: 'global', currency: 'USD' },
  { code: 'DJI', name: 'Dow Jones Industrial Average', country: 'US', region: 'Americas', board: 'global', currency: 'USD' },
  { code: 'IXIC', name: 'Nasdaq Composite', country: 'US', region: 'Americas', board: 'global', currency: 'USD' },
  { code: 'UKX', name: 'FTSE 100', country: 'GB', region: 'Europe', board: 'global', currency: 'GBP' },
  { code: 'DAX', name: 'DAX', country: 'DE', region: 'Europe', board: 'global', currency: 'EUR' },
  { code: 'CAC', name: 'CAC 40', country: 'FR', region: 'Europe', board: 'global', currency: 'EUR' },
  { code: 'HSI', name: 'Hang Seng Index', country: 'HK', region: 'Asia-Pacific', board: 'global', currency: 'HKD' },
  { code: 'SHCOMP', name: 'Shanghai Composite', country: 'CN', region: 'Asia-Pacific', board: 'global', currency: 'CNY' },
  { code: 'KOSPI', name: 'KOSPI', country: 'KR', region: 'Asia-Pacific', board: 'global', currency: 'KRW' },
  { code: 'AS51', name: 'S&P/ASX 200', country: 'AU', region: 'Asia-Pacific', board: 'global', currency: 'AUD' },
  { code: 'SENSEX', name: 'BSE Sensex', country: 'IN', region: 'Asia-Pacific', board: 'global', currency: 'INR' },
  { code: 'VNINDEX', name: 'VN-Index', country: 'VN', region: 'Asia-Pacific', board: 'global', currency: 'VND' },
];

/** The `market_index` row of a catalogue entry, written by whoever publishes its closes. */
export function catalogueRow(index: IndexDescription, source: string) {
  return { ...index, position: INDEX_CATALOGUE.indexOf(index) + 1, source };
}

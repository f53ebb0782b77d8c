/**
 * Figures the hub serves that no shipped source fills, each with why: the one list `fdh sync
 * coverage` names as the reason a field stays unfed, and docs/data-sources.md prints (its
 * coverage section is generated from this list). A missing figure is served as null, never
 * invented; an operator who licenses it loads it from a file in the format of its family
 * (families.ts `format`; docs/data-sources.md, "Loading licensed data"), which each reason names.
 */
import type { OperatorFormat } from './families.ts';
import { factName, storedFacts, type StoredFact } from './names.ts';
import { overlaps } from './patterns.ts';

/** Why a figure is unfed, in a word the coverage table prints beside the field. */
export type UnfedKind =
  /** No publisher offers it without a licence or a paid plan. */
  | 'no free publisher'
  /** A source reads it, but only on a paid plan of the publisher, so it is off by default. */
  | 'paid plan'
  /** The publisher has it, in another unit or frequency than the endpoint serves. */
  | 'other unit or frequency'
  /** A source reads it once the operator names the publisher's file (sources file). */
  | 'operator names the file'
  /** A free publisher has it; no shipped source reads it yet. */
  | 'no source yet';

export interface UnavailableFigure {
  /** The facts (patterns.ts) no shipped source fills. */
  facts: readonly StoredFact[];
  kind: UnfedKind;
  /** What the figure is, in words. */
  figure: string;
  reason: string;
}

/** The operator file formats that load `facts`, from their families. */
function operatorFormats(facts: readonly string[]): OperatorFormat[] {
  return [...new Set(facts.map((fact) => factName(fact).family.format))];
}

/** The sentence a reason ends with: which file an operator loads the figure from. */
function operatorFile(figure: Omit<UnavailableFigure, 'reason'>): string {
  const files = operatorFormats(figure.facts).map((format) => `an ${format} file (\`fdh import operator-${format}\`)`);
  const who = figure.kind === 'no free publisher' || figure.kind === 'paid plan' ? 'With a licence, an operator' : 'Meanwhile an operator';
  return `${who} loads the figures from ${files.join(' or ')}: docs/data-sources.md, "Loading licensed data".`;
}

const FIGURES: readonly UnavailableFigure[] = [
  {
    facts: ['us', 'jp', 'vn', 'eu', 'cn'].map(storedFacts.calendarForecasts),
    figure: 'Consensus forecasts of scheduled releases',
    kind: 'no free publisher',
    reason:
      'Agencies publish when a figure comes out, not what economists expect of it: FRED and BLS give release dates and times only; consensus surveys (Bloomberg, Reuters) are licensed.',
  },
  {
    facts: ['us.ppi', 'jp.ppi', 'us.import-prices', 'jp.import-prices', 'us.export-prices', 'jp.export-prices'].map(storedFacts.macro),
    figure: 'Producer, import and export price indices (US, Japan)',
    kind: 'no source yet',
    reason:
      "FRED carries the US indices and the Bank of Japan publishes Japan's corporate goods, import and export price indices; no shipped source reads them yet.",
  },
  {
    facts: ['vn.ppi', 'vn.import-prices', 'vn.export-prices'].map(storedFacts.macro),
    figure: "Vietnam's producer, import and export price indices",
    kind: 'no free publisher',
    reason: "Vietnam's statistics office publishes them in its monthly reports as pages and PDFs, not as a file or API a source could read.",
  },
  {
    facts: [storedFacts.etfHolding('valuation')],
    figure: 'The per-share earnings, book value, sales and cash flow of each fund holding',
    kind: 'no source yet',
    reason:
      "A portfolio composition file lists each holding with its shares and price only; the per-share figures belong to the issuers' statements (J-Quants), which no importer joins to holdings yet (the sector is joined, from the J-Quants issue list).",
  },
  {
    facts: ['us.pmi.*', 'jp.pmi.*', 'vn.pmi.*'].map(storedFacts.macro),
    figure: 'Manufacturing and services PMI (US, Japan, Vietnam)',
    kind: 'no free publisher',
    reason: 'ISM and S&P Global publish their PMIs under licence; the free statistical publishers (FRED, e-Stat, the central banks) carry none of them.',
  },
  {
    facts: [storedFacts.cryptoMetric('whale_tx_count')],
    figure: 'Bitcoin whale transactions (over USD 1M a day)',
    kind: 'no free publisher',
    reason: "Counts of large on-chain transfers are sold by chain-analytics vendors; Coin Metrics' free community API does not carry them.",
  },
  {
    facts: [storedFacts.macro('jp.tibor.*')],
    figure: 'JBA TIBOR fixings (1W, 1M, 3M, 6M)',
    kind: 'operator names the file',
    reason:
      'JBA TIBOR Administration publishes the fixings as a daily PDF and through its contracted information providers, not as a file at a stable address; jba-tibor reads the CSV the operator names in params.path.',
  },
  {
    facts: [storedFacts.close('index:TOPIX')],
    figure: 'TOPIX',
    kind: 'paid plan',
    reason:
      "J-Quants serves TOPIX's daily bars from its Light plan up (/v2/indices/bars/daily/topix: jquants-indices-topix, off by default), and with the other indices from its Standard plan up (jquants-indices-bars-daily); JPX's own index data is licensed.",
  },
  {
    facts: [storedFacts.close('index:TSEREIT')],
    figure: 'The TSE REIT index',
    kind: 'paid plan',
    reason:
      "J-Quants serves it only with the other indices (/v2/indices/bars/daily: jquants-indices-bars-daily, off by default), from its Standard plan up; JPX's own index data is licensed.",
  },
  {
    facts: [storedFacts.close('commodity:jpx-*')],
    figure: 'JPX (Osaka Exchange) gold and Dubai crude futures',
    kind: 'no free publisher',
    reason: "JPX sells its futures' price history; J-Quants carries derivatives only on its paid plans.",
  },
  {
    facts: [storedFacts.macro('jp.fdi.*')],
    figure: "Japan's direct investment by region",
    kind: 'other unit or frequency',
    reason:
      'The Bank of Japan and the Ministry of Finance publish it in 100 million yen; the endpoint serves millions of US dollars, and converting it would be a figure no publisher states.',
  },
  {
    facts: ['jp.exports', 'jp.imports'].map(storedFacts.macro),
    figure: "Japan's exports and imports",
    kind: 'no source yet',
    reason:
      "The Ministry of Finance's trade statistics are in yen; the endpoints serve US dollars. The IMF's IMTS dataflow (goods exports FOB and imports CIF in US dollars, monthly) lists Japan, but no recorded answer of its monthly Japanese series was found to establish its figures, so no source reads it yet.",
  },
  {
    facts: ['us.current-account-to-gdp', 'jp.current-account-to-gdp', 'jp.government-debt-to-gdp'].map(storedFacts.macro),
    figure: 'Current account to GDP (US, Japan) and government debt to GDP (Japan), quarterly',
    kind: 'other unit or frequency',
    reason:
      'The BEA, the Bank of Japan and the Ministry of Finance publish the current account and the debt as levels; the ratios are published annually (IMF, via FRED), not by quarter, and the hub does not derive a ratio no publisher states.',
  },
  {
    facts: [
      'vn.bond-10y',
      'vn.cpi.core',
      'vn.current-account-to-gdp',
      'vn.exports',
      'vn.imports',
      'vn.gdp.growth-published',
      'vn.gdp.nominal',
      'vn.gdp.real',
      'vn.government-debt-to-gdp',
      'vn.industrial-production',
      'vn.overnight-rate',
      'vn.policy-rate',
      'vn.population',
      'vn.retail-sales',
      'vn.unemployment',
      'vn.fdi.*',
    ].map(storedFacts.macro),
    figure: "Vietnam's monthly and quarterly indicators (all but CPI) and FDI flows",
    kind: 'no free publisher',
    reason:
      "The General Statistics Office, the State Bank of Vietnam and the Foreign Investment Agency publish them in press releases and PDF reports, with no machine-readable file or API; the World Bank and the IMF carry most of them annually only. The BIS's central bank policy rates do not cover Vietnam; the IMF's IMTS (trade) and MFS_IR (interest rates) dataflows list Vietnam, but no recorded monthly answer of them was found to establish its coverage.",
  },
  {
    facts: ['jp', 'vn', 'cn'].map(storedFacts.calendarEvents),
    figure: 'Release calendars of Japan, Vietnam and China',
    kind: 'no source yet',
    reason:
      "The Bank of Japan, the Statistics Bureau (e-Stat), Vietnam's GSO and China's NBS publish their release schedules as web pages; no machine-readable schedule (iCalendar or API) of theirs could be confirmed (public clients read the Bank of Japan's meeting schedule from its HTML page; no e-Stat calendar file was found), so only the US calendar (FRED's release dates, BLS's iCalendar) and the euro area's (Eurostat's euro-indicators calendar) are read.",
  },
  {
    facts: ['commodity:wheat', 'commodity:corn', 'commodity:soybeans', 'commodity:rough-rice', 'commodity:palm-oil', 'commodity:coffee-robusta'].map(
      storedFacts.close,
    ),
    figure: 'Grains, rough rice, palm oil and robusta coffee',
    kind: 'other unit or frequency',
    reason:
      "FRED and the World Bank publish these as monthly benchmark prices in other units than the hub serves (US dollars per metric ton where the hub serves US cents per bushel, robusta in cents per pound, palm oil's benchmark in another market); converting them would serve a figure of another benchmark.",
  },
  {
    facts: ['commodity:gasoline-rbob', 'commodity:palladium', 'commodity:baltic-dry'].map(storedFacts.close),
    figure: 'RBOB gasoline (New York Harbor), palladium, the Baltic Dry Index',
    kind: 'no free publisher',
    reason:
      "NYMEX's RBOB settlement prices, the LBMA/LPPM palladium price and the Baltic Exchange's index are licensed; FRED's RBOB series is the Los Angeles spot price, another benchmark.",
  },
  {
    facts: [
      'index:UKX',
      'index:DAX',
      'index:CAC',
      'index:HSI',
      'index:SHCOMP',
      'index:AS51',
      'index:SENSEX',
      'index:VNINDEX',
      'index:JPXNK400',
      'index:TSEGCORE',
    ].map(storedFacts.close),
    figure: 'FTSE 100, DAX, CAC 40, Hang Seng, Shanghai Composite, S&P/ASX 200, Sensex, VN-Index, JPX-Nikkei 400, TSE Growth Core',
    kind: 'no free publisher',
    reason: "Their index providers license the levels; FRED carries none of them and J-Quants' index list has none of them.",
  },
  {
    facts: ['index:TOPIXC30', 'index:TSEG250'].map(storedFacts.close),
    figure: 'TOPIX Core30 and TSE Growth Market 250',
    kind: 'paid plan',
    reason: 'J-Quants serves index bars (jquants-indices-bars-daily, off by default) from its Standard plan up.',
  },
  {
    facts: [storedFacts.etfFund('distribution_yield')],
    figure: 'ETF distribution yields',
    kind: 'no free publisher',
    reason:
      "JPX's ETF list page states each fund's listing day, trading unit and trust fee, not a yield, and its ETF Database none either; ICE's PCF states holdings and units only; the distributions themselves are in each manager's reports (PDF pages), from which a yield would be a figure no publisher states.",
  },
  {
    facts: [storedFacts.table('re_road_price'), storedFacts.table('re_province_price')],
    figure: 'Land prices by road and monthly province prices',
    kind: 'other unit or frequency',
    reason:
      'MLIT publishes land prices (XPT002) as one surveyed lot per figure on map tiles, not by road or as monthly asking prices, and grouping them would make a figure MLIT does not state.',
  },
  {
    facts: [storedFacts.equityIssue('listed_on')],
    figure: 'The day each issue was listed',
    kind: 'no free publisher',
    reason:
      "J-Quants' listed-issue master (/v2/equities/master: Date, Code, CoName, CoNameEn, S17, S33, ScaleCat, Mkt, Mrgn and their names) gives each issue's market segment but no listing date, and its Date is the day of the list; JPX states listing dates only on its HTML pages of new listings and of its Listed Company Search, and its listed-issues workbook has none.",
  },
];

export const UNAVAILABLE: readonly UnavailableFigure[] = FIGURES.map((figure) => ({ ...figure, reason: `${figure.reason} ${operatorFile(figure)}` }));

/** The unavailable figure that names `fact`, if any. */
export function unavailableFor(fact: string): UnavailableFigure | undefined {
  return UNAVAILABLE.find((entry) => entry.facts.some((known) => overlaps(known, fact)));
}

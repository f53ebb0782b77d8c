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
      "Agencies publish when a figure comes out, not what economists expect of it: FRED's release dates and BLS's iCalendar give dates and times only. The free surveys forecast other figures (the Philadelphia Fed's quarterly Survey of Professional Forecasters: medians for quarters and years; JCER's monthly ESP Forecast, in PDF reports: Japan's quarterly GDP and fiscal years), not each scheduled release's figure; per-release consensus surveys (Bloomberg, Reuters) are licensed.",
  },
  {
    facts: ['us.ppi', 'jp.ppi', 'us.import-prices', 'jp.import-prices', 'us.export-prices', 'jp.export-prices'].map(storedFacts.macro),
    figure: 'Producer, import and export price indices (US, Japan)',
    kind: 'no source yet',
    reason:
      "FRED carries the US indices (BLS's PPIACO, IR and IQ) and the Bank of Japan publishes Japan's corporate goods, import and export price indices; no shipped source reads them yet. Real FRED downloads of the US indices are recorded in public repositories (PPIACO to 2024-08, IR and IQ to 2023-11), but no recorded fred/series description of them, which fred-macro asks with every series it loads, so they are not in its catalogue. The BOJ's Time-Series Data Search API (getDataCode, read by boj-rates) serves Japan's in database PR01 (PRCG20_2200000000 domestic, PRCG20_2400000000 export, PRCG20_2600000000 import, as public clients name them), but no recorded answer of those series was found in public repositories (only clients' made-up test payloads), so boj-rates does not ask for them.",
  },
  {
    facts: [storedFacts.macro('vn.ppi')],
    figure: "Vietnam's producer price index",
    kind: 'other unit or frequency',
    reason:
      "The statistics office's National Summary Data Page file PPIVNM.xml (read for its other files by nso-nsdp) holds quarterly producer price indices by sector only (agriculture, industry, services sections: PPPI_ISIC4_*_BY_PP_IX), no all-producers index, and /macro/economic-data's ppiPoints is monthly; a sector's quarter is not the month's index.",
  },
  {
    facts: ['vn.import-prices', 'vn.export-prices'].map(storedFacts.macro),
    figure: "Vietnam's import and export price indices",
    kind: 'no free publisher',
    reason:
      "The statistics office publishes them in its quarterly reports as pages and PDFs; none of the files its National Summary Data Page lists (CPIVNM, GDPVNM, IIPVNM, LMIVNM, METVNM, PPIVNM, POPVNM) nor the IMF's CPI dataflow carries them.",
  },
  {
    facts: [storedFacts.etfHolding('valuation')],
    figure: 'The per-share earnings, book value, sales and cash flow of each fund holding',
    kind: 'no source yet',
    reason:
      "A portfolio composition file (ICE's PCF) lists each holding with its shares and price only. J-Quants' statements summary (/v2/fins/summary) states each Japanese issuer's EPS and BPS, and its Sales and CFO as totals beside the share count (ShOutFY), but no importer joins them to a fund's holdings yet (the sector is joined, from the J-Quants issue list).",
  },
  {
    facts: ['us.pmi.*', 'jp.pmi.*', 'vn.pmi.*'].map(storedFacts.macro),
    figure: 'Manufacturing and services PMI (US, Japan, Vietnam)',
    kind: 'no free publisher',
    reason:
      "ISM (US) and S&P Global (au Jibun Bank Japan, Vietnam) publish their PMIs under licence: S&P Global's licensees may show 'a limited sample of PMI headline data', full histories being 'available on subscription'. FRED carries none of them (its MANEMP, which some sites label the ISM PMI, is BLS's manufacturing employment; its regional Fed surveys are other indices), e-Stat's government statistics and the central banks' databases hold no PMI, and Nasdaq Data Link's ISM dataset stopped updating in 2022.",
  },
  {
    facts: [storedFacts.cryptoMetric('whale_tx_count')],
    figure: 'Bitcoin whale transactions (over USD 1M a day)',
    kind: 'no free publisher',
    reason:
      "Counts of on-chain transfers over USD 1M are sold: Santiment's whale_transaction_count_1m_usd_to_inf is 'Restricted Access' and Whale Alert's API is its Enterprise product. Coin Metrics' keyless community API (CC BY-NC 4.0) serves only the metrics its coverage page marks Community, and no community metric counting transfers by USD size was found.",
  },
  {
    facts: [storedFacts.macro('jp.tibor.*')],
    figure: 'JBA TIBOR fixings (1W, 1M, 3M, 6M)',
    kind: 'operator names the file',
    reason:
      "JBA TIBOR Administration publishes the fixings as a month-to-date PDF (JAPANESEYENTIBOR<YYMMDD>.pdf, linked from jbatibor.or.jp/rate/; every public client found parses that PDF) and through its contracted information providers; no recorded CSV of its historical-data page was found, and FRED's IR3TIB01JPM156N is the OECD's monthly 3-month rate, not each tenor's daily fixing. jba-tibor reads the CSV the operator names in params.path.",
  },
  {
    facts: [storedFacts.close('index:TOPIX')],
    figure: 'TOPIX',
    kind: 'paid plan',
    reason:
      "J-Quants serves TOPIX's daily bars from its Light plan up, not on its Free plan (/v2/indices/bars/daily/topix: jquants-indices-topix, off by default), and with the other indices from its Standard plan up (jquants-indices-bars-daily). JPX's own index data is licensed; its free special-quotations page gives TOPIX once a month, as the final settlement of its futures.",
  },
  {
    facts: [storedFacts.close('index:TSEREIT')],
    figure: 'The TSE REIT index',
    kind: 'paid plan',
    reason:
      "J-Quants serves it (code 0075) only with the other indices (/v2/indices/bars/daily: jquants-indices-bars-daily, off by default), from its Standard plan up; JPX's own index data is licensed; its free special-quotations page gives the index once a month, as the final settlement of its TSE REIT futures.",
  },
  {
    facts: [storedFacts.close('commodity:jpx-*')],
    figure: 'JPX (Osaka Exchange) gold and Dubai crude futures',
    kind: 'no source yet',
    reason:
      "JPX's Reference Data for Futures and Options page (/markets/derivatives/jnet-derivative/index.html) publishes each trading day's settlement price of every contract month as a Shift-JIS CSV, OSE gold (yen per gram) included since 27 July 2020; it holds only the latest day, so a source would read it daily and name the contract month it stores. Platts Dubai crude's daily settlements were not confirmed in that file (JPX's Average Settlement Prices page gives monthly averages of its first contract month), and no source reads either yet.",
  },
  {
    facts: [storedFacts.macro('jp.fdi.*')],
    figure: "Japan's direct investment by region",
    kind: 'other unit or frequency',
    reason:
      "The Bank of Japan and the Ministry of Finance publish the quarterly breakdown by the endpoint's regions in 100 million yen. JETRO states Japan's FDI by country and region in millions of US dollars, but as yearly flows (country1_e_25cy.xlsx) and year-end stocks (24fdistock01_en.xls); the quarterly workbooks of it found (industry1_e_24Q2.xls, industry2_e_24Q2.xls) are named by industry, and no readable copy established a quarterly regional table, so no publisher states the endpoint's quarterly dollar figures and converting the yen would make one.",
  },
  {
    facts: ['jp.exports', 'jp.imports'].map(storedFacts.macro),
    figure: "Japan's exports and imports",
    kind: 'no source yet',
    reason:
      "The Ministry of Finance's trade statistics are in yen; the endpoints serve US dollars. The IMF's IMTS dataflow (goods exports FOB and imports CIF in US dollars, monthly) lists Japan, but no recorded answer of its monthly Japanese series was found to establish its figures, so no source reads it yet; nor was a recorded download of FRED's US-dollar copies of the OECD's series (XTEXVA01JPM667S, XTIMVA01JPM667S).",
  },
  {
    facts: ['us.current-account-to-gdp', 'jp.current-account-to-gdp'].map(storedFacts.macro),
    figure: 'Current account to GDP (US, Japan), quarterly',
    kind: 'other unit or frequency',
    reason:
      "The BEA and the Bank of Japan publish the current account as a level, and the hub does not derive a ratio no publisher states; the IMF's ratios (via FRED) are annual, not quarterly. The quarterly OECD ratios FRED carries (BPBLTT01USQ637S, BPBLTT01JPQ637S) were looked for: neither their FRED page nor a recorded download was found to check their unit and figures.",
  },
  {
    facts: [storedFacts.macro('jp.government-debt-to-gdp')],
    figure: "Japan's government debt to GDP, quarterly",
    kind: 'no source yet',
    reason:
      "The BIS publishes it by quarter in its total credit statistics (WS_TC, series Q.JP.G.A.M.770.A: credit to the general government from all sectors at market value, percentage of GDP, adjusted for breaks; a different definition from the IMF's gross debt), but no recorded answer of that series for Japan was found in public repositories (searched for the key, FRED's copy QJPGAM770A and extracts of the bulk file WS_TC_csv_flat.zip), so no source reads it yet.",
  },
  {
    facts: ['vn.cpi.core', 'vn.population', 'vn.current-account-to-gdp', 'vn.government-debt-to-gdp'].map(storedFacts.macro),
    figure: "Vietnam's core CPI index, population, and current account and government debt to GDP",
    kind: 'other unit or frequency',
    reason:
      "Vietnam's e-GDDS files state them otherwise: the statistics office's CPIVNM.xml gives core inflation as a rate only (served as vn.cpi.core-yoy), and its POPVNM.xml the population yearly (thousands of persons; /macro/population is monthly); the State Bank's balance of payments file (ShowProperty SBV471017) the current account as a level in US dollars, quarterly (its recording ends at 2021-Q2); the Ministry of Finance's MOF_CGD_Vietnam.xml central government debt in billions of dong, yearly and half-yearly (its recording ends at 2019-S1). None states a ratio to GDP, and the hub derives no ratio a publisher does not state.",
  },
  {
    facts: ['vn.bond-10y', 'vn.gdp.growth-published', 'vn.overnight-rate', 'vn.retail-sales', 'vn.fdi.*'].map(storedFacts.macro),
    figure: "Vietnam's published GDP growth, retail sales, 10-year bond yield, overnight interbank rate and FDI flows",
    kind: 'no free publisher',
    reason:
      "None of Vietnam's e-GDDS files carries them: the statistics office's National Summary Data Page lists CPIVNM, GDPVNM (GDP levels, no growth rate: the year-to-date rate is in its press releases), IIPVNM, LMIVNM, METVNM, PPIVNM and POPVNM; the State Bank's files are its refinancing and rediscount rates (SBV471011), exchange rate (SBV471014) and balance of payments (SBV471017); the Ministry of Finance's its debt, general government operations and stock indices. The statistics office and the Foreign Investment Agency publish the others in press releases and PDF reports; the World Bank and the IMF carry most of them annually only.",
  },
  {
    facts: ['jp', 'vn', 'cn'].map(storedFacts.calendarEvents),
    figure: 'Release calendars of Japan, Vietnam and China',
    kind: 'no source yet',
    reason:
      "The Bank of Japan (its meeting schedule page, /en/mopo/mpmsche_minu/), the Statistics Bureau (e-Stat), Vietnam's GSO and China's NBS (its yearly 主要统计信息发布日程表, an HTML table of each release's day and time) publish their schedules as web pages, and the IMF's DSBB posts the advance release calendars of SDDS subscribers such as Japan and China; no iCalendar file or API of theirs was found, and no source reads those pages yet. Only the US calendar (FRED's release dates, BLS's iCalendar) and the euro area's (Eurostat's euro-indicators calendar) are read.",
  },
  {
    facts: ['commodity:wheat', 'commodity:corn', 'commodity:soybeans', 'commodity:rough-rice', 'commodity:palm-oil', 'commodity:coffee-robusta'].map(
      storedFacts.close,
    ),
    figure: 'Grains, rough rice, palm oil and robusta coffee',
    kind: 'other unit or frequency',
    reason:
      "FRED (the IMF's PWHEAMTUSDM, PMAIZMTUSDM, PSOYBUSDM, PRICENPQUSDM, PPOILUSDM in US dollars per metric ton, PCOFFROBUSDM in US cents per pound) and the World Bank's Pink Sheet (US dollars per metric ton) publish monthly export prices where the hub serves US cents per bushel, USD per cwt and MYR per ton; converting them would serve a figure of another benchmark. Only robusta is a decimal step away: the Pink Sheet's 'Coffee, Robusta' in US dollars per kg is the hub's USD per ton divided by 1000.",
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
    reason:
      "Their index providers license the levels (Nikkei requires a licence to provide to a third party the JPX-Nikkei 400 it publishes as a CSV), and J-Quants' index list has none of them. The free publishers state other figures: FRED's SPASTT01…M661N are the OECD's monthly share price indices (2015 = 100), the RBI's Handbook gives the Sensex's monthly averages, Vietnam's Ministry of Finance the VN-Index's month-end levels in its e-GDDS file, and the Bank of Korea's ECOS table 902Y002 is read monthly.",
  },
  {
    facts: ['index:TOPIXC30', 'index:TSEG250'].map(storedFacts.close),
    figure: 'TOPIX Core30 and TSE Growth Market 250',
    kind: 'paid plan',
    reason:
      "J-Quants serves their daily bars (codes 0028 and 0070) only with the other indices (/v2/indices/bars/daily: jquants-indices-bars-daily, off by default), from its Standard plan up; JPX's own index data is licensed, and its free special-quotations page gives TOPIX Core30 only once a month, as the final settlement of its futures.",
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
      "MLIT publishes land prices (its XPT002 API of 地価公示 and 都道府県地価調査) as one surveyed lot per figure a year, on map tiles, not by road or as monthly asking prices, and grouping them would make a figure MLIT does not state; no machine-readable release of the National Tax Agency's route prices (路線価) was found. Monthly asking prices by province come from listing portals, whose data are not free to redistribute.",
  },
  {
    facts: [storedFacts.equityIssue('listed_on')],
    figure: 'The day each issue was listed',
    kind: 'no free publisher',
    reason:
      "J-Quants' listed-issue master (/v2/equities/master: Date, Code, CoName, CoNameEn, S17, S33, ScaleCat, Mkt, Mrgn and their names) gives each issue's market segment but no listing date, and its Date is the day of the list; JPX states listing dates only on its HTML pages of new listings and of its Listed Company Search, and its listed-issues file (日付, コード, 銘柄名, 市場・商品区分, the 33- and 17-sector codes and names, 規模コード, 規模区分) has none.",
  },
];

export const UNAVAILABLE: readonly UnavailableFigure[] = FIGURES.map((figure) => ({ ...figure, reason: `${figure.reason} ${operatorFile(figure)}` }));

/** The unavailable figure that names `fact`, if any. */
export function unavailableFor(fact: string): UnavailableFigure | undefined {
  return UNAVAILABLE.find((entry) => entry.facts.some((known) => overlaps(known, fact)));
}

import { addDays, daysBetween } from '../../../kernel/dates.ts';
import { SECTORS_33, type Segment } from '../../../domains/equities/sectors.ts';
import type { SeededRandom } from '../random.ts';

/** One generated listed issue and the facts its prices and statements are drawn from. */
export interface DemoIssue {
  index: number;
  ticker: string;
  code: string;
  name: string;
  sectorCode: string;
  sectorName: string;
  segment: Segment;
  securityType: 'common' | 'preferred';
  listedOn: string;
  /** Market cap the walk starts from, in yen. */
  initialCap: number;
  fiscalYearEndMonth: number;
}

/**
 * Listed companies per sector on the exchange (2025, about 3,850 in all): the demo keeps the
 * proportions, so Air Transportation (5) stays small enough for related stocks to need the
 * segment fill at every scale.
 */
const SECTOR_WEIGHTS: Record<string, number> = {
  '0050': 12,
  '1050': 6,
  '2050': 160,
  '3050': 125,
  '3100': 50,
  '3150': 24,
  '3200': 210,
  '3250': 75,
  '3300': 9,
  '3350': 18,
  '3400': 55,
  '3450': 43,
  '3500': 33,
  '3550': 88,
  '3600': 225,
  '3650': 235,
  '3700': 88,
  '3750': 55,
  '3800': 110,
  '4050': 24,
  '5050': 62,
  '5100': 13,
  '5150': 5,
  '5200': 38,
  '5250': 560,
  '6050': 310,
  '6100': 340,
  '7050': 80,
  '7100': 40,
  '7150': 13,
  '7200': 34,
  '8050': 150,
  '9050': 560,
};

/** First digit of the tickers the exchange gave each sector's older listings. */
const TICKER_BLOCKS: Record<string, [number, number]> = {
  '0050': [1300, 1400],
  '1050': [1500, 1700],
  '2050': [1700, 2000],
  '3050': [2000, 3000],
  '3100': [3000, 3600],
  '3150': [3700, 3900],
  '3200': [4000, 4600],
  '3250': [4500, 4600],
  '3300': [5000, 5100],
  '3350': [5100, 5200],
  '3400': [5200, 5400],
  '3450': [5400, 5700],
  '3500': [5700, 5900],
  '3550': [5900, 6000],
  '3600': [6000, 6500],
  '3650': [6500, 7000],
  '3700': [7000, 7300],
  '3750': [7700, 7800],
  '3800': [7800, 8000],
  '4050': [9500, 9600],
  '5050': [9000, 9100],
  '5100': [9100, 9200],
  '5150': [9200, 9300],
  '5200': [9300, 9400],
  '5250': [3600, 4800],
  '6050': [8000, 8200],
  '6100': [2600, 3400],
  '7050': [8300, 8400],
  '7100': [8600, 8700],
  '7150': [8700, 8800],
  '7200': [8500, 8600],
  '8050': [8800, 8950],
  '9050': [2100, 9990],
};

const NAME_FIRST = [
  'Asahi',
  'Chuo',
  'Daiichi',
  'Fuji',
  'Hokuto',
  'Kanto',
  'Kinki',
  'Kyushu',
  'Meiji',
  'Minato',
  'Nihon',
  'Nishi',
  'Sakura',
  'Sanwa',
  'Shinsei',
  'Taiyo',
  'Tokai',
  'Toyo',
  'Yamato',
  'Hikari',
  'Aoba',
  'Mirai',
  'Kita',
  'Higashi',
  'Seiwa',
  'Tsubasa',
];
const NAME_WORDS: Record<string, string[]> = {
  '0050': ['Suisan', 'Farms'],
  '1050': ['Resources', 'Mining'],
  '2050': ['Kensetsu', 'Construction', 'Engineering'],
  '3050': ['Foods', 'Shokuhin', 'Brewery'],
  '3100': ['Textile', 'Apparel'],
  '3150': ['Paper', 'Seishi'],
  '3200': ['Chemical', 'Kagaku', 'Materials'],
  '3250': ['Pharmaceutical', 'Seiyaku'],
  '3300': ['Oil', 'Energy'],
  '3350': ['Rubber', 'Gomu'],
  '3400': ['Glass', 'Ceramics'],
  '3450': ['Steel', 'Seitetsu'],
  '3500': ['Metals', 'Kinzoku'],
  '3550': ['Metal Works', 'Kogyo'],
  '3600': ['Machinery', 'Kikai', 'Robotics'],
  '3650': ['Electric', 'Denki', 'Electronics'],
  '3700': ['Motor', 'Jidosha', 'Auto Parts'],
  '3750': ['Precision', 'Optical', 'Instruments'],
  '3800': ['Products', 'Industries'],
  '4050': ['Electric Power', 'Gas'],
  '5050': ['Railway', 'Logistics'],
  '5100': ['Kisen', 'Shipping'],
  '5150': ['Airways', 'Air'],
  '5200': ['Soko', 'Warehouse'],
  '5250': ['Systems', 'Software', 'Digital', 'Telecom', 'Media'],
  '6050': ['Shoji', 'Trading'],
  '6100': ['Retail', 'Stores', 'Holdings'],
  '7050': ['Bank'],
  '7100': ['Securities'],
  '7150': ['Insurance', 'Life'],
  '7200': ['Lease', 'Finance', 'Credit'],
  '8050': ['Realty', 'Fudosan', 'Estate'],
  '9050': ['Services', 'Solutions', 'Partners'],
};
const NAME_KINDS = ['Co., Ltd.', 'Corporation', 'Holdings, Inc.', 'Inc.'];

/** Per-sector counts summing to `total`, each sector at least 2. */
function sectorCounts(total: number): Map<string, number> {
  const weightSum = Object.values(SECTOR_WEIGHTS).reduce((a, b) => a + b, 0);
  const counts = new Map<string, number>(SECTORS_33.map((s) => [s.code, Math.max(2, Math.round(((SECTOR_WEIGHTS[s.code] ?? 1) / weightSum) * total))]));
  const largest = ['9050', '5250', '6100', '6050', '3650', '3600'];
  for (let i = 0, diff = total - [...counts.values()].reduce((a, b) => a + b, 0); diff !== 0; i++) {
    const code = largest[i % largest.length] ?? '9050';
    const step = diff > 0 ? 1 : -1;
    counts.set(code, (counts.get(code) ?? 0) + step);
    diff -= step;
  }
  return counts;
}

/** Market cap in yen: log-normal around ¥30 billion, from ¥1 billion to ¥50 trillion. */
function drawCap(random: SeededRandom): number {
  return 10 ** Math.min(13.7, Math.max(9, random.normal(10.5, 0.75)));
}

function drawSegment(random: SeededRandom, cap: number, sectorCode: string): Segment {
  const techOrServices = sectorCode === '5250' || sectorCode === '9050';
  if (cap > 1e11) return random.chance(0.92) ? 'prime' : 'standard';
  if (cap > 2e10) return random.pick(['prime', 'prime', 'standard', 'standard', techOrServices ? 'growth' : 'standard']);
  return random.chance(techOrServices ? 0.55 : 0.2) ? 'growth' : 'standard';
}

function drawFiscalYearEnd(random: SeededRandom): number {
  const u = random.next();
  if (u < 0.68) return 3;
  if (u < 0.83) return 12;
  if (u < 0.88) return 9;
  if (u < 0.92) return 6;
  return random.pick([1, 2, 4, 5, 7, 8, 10, 11]);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * New listings happen between these days: a fixed window, so the universe is the same whatever
 * the seed's last day (a listing after that day is left out until a later seed reaches it).
 */
const NEW_LISTINGS_FROM = '2021-11-01';
const NEW_LISTINGS_UNTIL = '2026-06-30';

function drawListingDay(random: SeededRandom): string {
  return addDays(NEW_LISTINGS_FROM, random.int(0, daysBetween(NEW_LISTINGS_FROM, NEW_LISTINGS_UNTIL)));
}

/**
 * The demo's listed issues, including those listed after `until` (the caller leaves them out).
 * Issue 0 is `7203` (a large automaker, as in the contract's examples) and one recent listing
 * is `130A`, so documented examples answer.
 */
export function generateUniverse(random: SeededRandom, total: number): DemoIssue[] {
  const used = new Set<string>(['7203', '130A']);
  const issues: DemoIssue[] = [];
  let index = 0;
  for (const [sectorCode, count] of sectorCounts(total)) {
    const sector = SECTORS_33.find((s) => s.code === sectorCode) ?? SECTORS_33[0];
    const [low, high] = TICKER_BLOCKS[sectorCode] ?? [1300, 9999];
    for (let n = 0; n < count; n++, index++) {
      const cap = drawCap(random);
      const newListing = random.chance(0.08) && index > 0;
      const listedOn = newListing ? drawListingDay(random) : `${random.int(1949, 2020)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`;
      let ticker: string;
      if (newListing && listedOn >= '2024-01-01') {
        do ticker = `${random.int(1, 9)}${random.int(0, 9)}${random.int(0, 9)}${random.pick(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'L', 'M'])}`;
        while (used.has(ticker));
      } else {
        let candidate = random.int(low, high - 1);
        while (used.has(String(candidate).padStart(4, '0')) && candidate < 9999) candidate++;
        while (used.has(String(candidate).padStart(4, '0'))) candidate = random.int(1300, 9999);
        ticker = String(candidate).padStart(4, '0');
      }
      used.add(ticker);
      const words = NAME_WORDS[sectorCode] ?? ['Industries'];
      issues.push({
        index,
        ticker,
        code: `${ticker}0`,
        name: `${random.pick(NAME_FIRST)} ${random.pick(words)} ${random.pick(NAME_KINDS)}`,
        sectorCode,
        sectorName: sector.name,
        segment: newListing ? (random.chance(0.8) ? 'growth' : 'standard') : drawSegment(random, cap, sectorCode),
        securityType: 'common',
        listedOn,
        initialCap: newListing ? Math.min(cap, 1e11) : cap,
        fiscalYearEndMonth: drawFiscalYearEnd(random),
      });
    }
  }
  pinExamples(issues);
  return issues;
}

/** The contract's example tickers, on plausible issues. */
function pinExamples(issues: DemoIssue[]): void {
  const automaker = issues.find((i) => i.sectorCode === '3700');
  if (automaker !== undefined) {
    Object.assign(automaker, {
      ticker: '7203',
      code: '72030',
      name: 'Yamato Motor Corporation',
      segment: 'prime',
      listedOn: '1949-05-16',
      initialCap: 3.5e13,
      fiscalYearEndMonth: 3,
    });
  }
  const recent = issues.find((i) => i.sectorCode === '5250' && i.ticker !== '7203' && i.index % 7 === 3);
  if (recent !== undefined) {
    Object.assign(recent, { ticker: '130A', code: '130A0', segment: 'growth', listedOn: '2024-03-01', initialCap: 1.2e10 });
  }
  // A preferred share (check character 5): listed, reachable by its code only, never anyone's peer.
  const preferred = issues.find((i) => i.segment === 'prime' && i.ticker !== '7203' && i.index % 11 === 7);
  if (preferred !== undefined) {
    Object.assign(preferred, { code: `${preferred.ticker}5`, name: `${preferred.name} Class 1 Preferred Shares`, securityType: 'preferred' });
  }
}

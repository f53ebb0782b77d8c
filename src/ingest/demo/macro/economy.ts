import type { DemoContext } from '../framework.ts';
import { countrySeries, type CountrySeries, type MacroCountry } from '../../../domains/macro/series.ts';
import { addDays, addMonths, addQuarters, monthEnd, monthsBetween, quarterEnd, quartersBetween } from '../../../kernel/dates.ts';
import { roundTo } from '../../../kernel/numbers.ts';
import { anchoredPath } from './paths.ts';
import type { DemoPublisher, DemoVintage } from './demo-vintage.ts';

type Anchors = readonly (readonly [number, number])[];

interface SeriesSpec {
  key: CountrySeries;
  frequency: 'month' | 'quarter';
  anchors: Anchors;
  volatility: number;
  reversion?: number;
  log?: boolean;
  decimals: number;
  /** Days after the period's end the first figure is published. */
  lag: number;
  /** Policy rates move in steps. */
  step?: number;
  /** Share of periods first published as a preliminary figure, and its error's size. */
  revision?: { probability: number; sd: number };
  start?: string;
  /** Share of periods published without a figure. */
  nullChance?: number;
  /** A spread over another series of the same country (overnight rates around policy rates). */
  spreadOver?: { key: CountrySeries; offset: number; floor?: number };
}

const MONTH_START = '2007-01';
const QUARTER_START = '2000-Q1';

const q = (key: CountrySeries, anchors: Anchors, rest: Omit<SeriesSpec, 'key' | 'anchors' | 'frequency'>): SeriesSpec => ({
  key,
  anchors,
  frequency: 'quarter',
  ...rest,
});
const m = (key: CountrySeries, anchors: Anchors, rest: Omit<SeriesSpec, 'key' | 'anchors' | 'frequency'>): SeriesSpec => ({
  key,
  anchors,
  frequency: 'month',
  ...rest,
});

const GDP = { volatility: 0.004, reversion: 0.3, log: true, decimals: 1, lag: 45 };
const INDEX = { volatility: 0.0015, reversion: 0.3, log: true };
const PMI = { volatility: 1, reversion: 0.5, decimals: 1, lag: 1 };

const SPECS: Record<MacroCountry, SeriesSpec[]> = {
  US: [
    q(
      'gdpNominal',
      [
        [2000, 10000],
        [2007, 14500],
        [2009, 14400],
        [2012, 16200],
        [2019, 21500],
        [2020.25, 19500],
        [2021, 22500],
        [2023, 27000],
        [2026.5, 31500],
      ],
      { ...GDP, lag: 30, revision: { probability: 1, sd: 40 } },
    ),
    q(
      'gdpReal',
      [
        [2000, 13000],
        [2007, 16500],
        [2009, 16000],
        [2012, 17300],
        [2019, 20500],
        [2020.25, 18800],
        [2021, 20000],
        [2023, 22200],
        [2026.5, 24000],
      ],
      { ...GDP, lag: 30, revision: { probability: 1, sd: 30 } },
    ),
    m(
      'cpi',
      [
        [2007, 203],
        [2012, 229],
        [2019, 255],
        [2021, 270],
        [2023, 304],
        [2026.5, 327],
      ],
      { ...INDEX, decimals: 3, lag: 13 },
    ),
    m(
      'coreCpi',
      [
        [2007, 210],
        [2012, 229],
        [2019, 263],
        [2021, 277],
        [2023, 308],
        [2026.5, 332],
      ],
      { ...INDEX, decimals: 3, lag: 13 },
    ),
    m(
      'pce',
      [
        [2007, 88],
        [2012, 98],
        [2019, 110],
        [2021, 115],
        [2023, 123],
        [2026.5, 130],
      ],
      { ...INDEX, decimals: 3, lag: 28, revision: { probability: 0.7, sd: 0.05 } },
    ),
    m(
      'corePce',
      [
        [2007, 88],
        [2012, 98],
        [2019, 111],
        [2021, 116],
        [2023, 124],
        [2026.5, 131],
      ],
      { ...INDEX, decimals: 3, lag: 28, revision: { probability: 0.7, sd: 0.05 } },
    ),
    m(
      'policyRate',
      [
        [2007, 5.25],
        [2007.7, 5.25],
        [2008.9, 0.25],
        [2015.9, 0.25],
        [2016.9, 0.75],
        [2018.9, 2.5],
        [2019.5, 2.5],
        [2020.2, 0.25],
        [2022.2, 0.25],
        [2023.6, 5.5],
        [2024.7, 5.5],
        [2024.95, 4.5],
        [2025.7, 4.25],
        [2026.5, 3.75],
      ],
      { volatility: 0, decimals: 2, lag: 1, step: 0.25 },
    ),
    m('overnightRate', [[2007, 0]], { volatility: 0.01, decimals: 2, lag: 1, spreadOver: { key: 'policyRate', offset: -0.17, floor: 0.05 } }),
    m(
      'unemployment',
      [
        [2007, 4.6],
        [2009.8, 10],
        [2015, 5.3],
        [2019.9, 3.5],
        [2020.3, 14.7],
        [2020.6, 8],
        [2022, 3.9],
        [2023.3, 3.5],
        [2026.5, 4.3],
      ],
      { volatility: 0.1, reversion: 0.5, decimals: 1, lag: 5 },
    ),
    m(
      'bond10y',
      [
        [2007, 4.7],
        [2008.9, 2.5],
        [2011, 3.4],
        [2012.5, 1.6],
        [2013.9, 3],
        [2016.5, 1.5],
        [2018.8, 3.2],
        [2020.5, 0.6],
        [2022, 1.6],
        [2023.8, 4.9],
        [2024.7, 3.7],
        [2025, 4.6],
        [2026.5, 4.3],
      ],
      { volatility: 0.12, reversion: 0.4, decimals: 2, lag: 1 },
    ),
    m(
      'manufacturingPmi',
      [
        [2007, 52],
        [2008.9, 33],
        [2009.9, 55],
        [2012, 53],
        [2016, 50],
        [2018, 58],
        [2020.3, 41],
        [2021.3, 63],
        [2023, 47],
        [2026.5, 49.5],
      ],
      PMI,
    ),
    m(
      'servicesPmi',
      [
        [2007, 55],
        [2008.9, 38],
        [2012, 55],
        [2018, 59],
        [2020.3, 42],
        [2021.3, 64],
        [2023, 52],
        [2026.5, 52.5],
      ],
      PMI,
    ),
    m(
      'retailSales',
      [
        [2007, 380000],
        [2009, 340000],
        [2019, 520000],
        [2020.3, 410000],
        [2021, 600000],
        [2026.5, 735000],
      ],
      { volatility: 0.008, reversion: 0.3, log: true, decimals: 0, lag: 15, revision: { probability: 0.8, sd: 2000 } },
    ),
    m(
      'industrialProduction',
      [
        [2007, 100],
        [2009.4, 87],
        [2018.9, 104],
        [2020.3, 85],
        [2022, 103],
        [2026.5, 103.5],
      ],
      { volatility: 0.004, reversion: 0.3, log: true, decimals: 2, lag: 16, revision: { probability: 0.6, sd: 0.2 } },
    ),
    m(
      'exports',
      [
        [2007, 135000],
        [2009.2, 120000],
        [2014, 197000],
        [2016, 180000],
        [2019, 210000],
        [2020.3, 150000],
        [2022.5, 260000],
        [2026.5, 280000],
      ],
      { volatility: 0.02, reversion: 0.4, log: true, decimals: 1, lag: 35, revision: { probability: 0.7, sd: 800 } },
    ),
    m(
      'imports',
      [
        [2007, 200000],
        [2009.2, 160000],
        [2014, 240000],
        [2019, 260000],
        [2020.3, 200000],
        [2022.5, 330000],
        [2025.2, 380000],
        [2026.5, 340000],
      ],
      { volatility: 0.02, reversion: 0.4, log: true, decimals: 1, lag: 35, revision: { probability: 0.7, sd: 800 } },
    ),
    m(
      'producerPrices',
      [
        [2007, 166],
        [2008.5, 190],
        [2009.3, 168],
        [2014, 205],
        [2016, 185],
        [2020.3, 180],
        [2022.5, 250],
        [2026.5, 262],
      ],
      { ...INDEX, decimals: 3, lag: 14, revision: { probability: 0.3, sd: 0.2 } },
    ),
    m(
      'importPrices',
      [
        [2007, 120],
        [2008.5, 145],
        [2009.3, 115],
        [2014, 140],
        [2016, 120],
        [2020.3, 118],
        [2022.5, 145],
        [2026.5, 142],
      ],
      { ...INDEX, decimals: 1, lag: 15 },
    ),
    m(
      'exportPrices',
      [
        [2007, 115],
        [2008.5, 130],
        [2009.3, 118],
        [2014, 135],
        [2016, 122],
        [2020.3, 120],
        [2022.5, 160],
        [2026.5, 158],
      ],
      { ...INDEX, decimals: 1, lag: 15 },
    ),
    q(
      'currentAccountToGdp',
      [
        [2000, -4],
        [2006, -6],
        [2009, -2.6],
        [2013, -2],
        [2019, -2.1],
        [2022, -3.8],
        [2026.5, -3.6],
      ],
      { volatility: 0.2, reversion: 0.4, decimals: 1, lag: 80, revision: { probability: 0.5, sd: 0.1 } },
    ),
    q(
      'governmentDebtToGdp',
      [
        [2000, 55],
        [2008, 64],
        [2010, 90],
        [2013, 100],
        [2019, 106],
        [2020.5, 128],
        [2022, 120],
        [2026.5, 123],
      ],
      { volatility: 0.4, reversion: 0.4, decimals: 2, lag: 80, revision: { probability: 0.5, sd: 0.3 } },
    ),
    m(
      'population',
      [
        [2007, 301200000],
        [2026.5, 342000000],
      ],
      { volatility: 0, decimals: -3, lag: 20 },
    ),
    m(
      'payrolls',
      [
        [2007, 137500],
        [2010, 129700],
        [2019.9, 152500],
        [2020.3, 130400],
        [2022, 149000],
        [2023.3, 155500],
        [2026.5, 159500],
      ],
      { volatility: 0.0008, reversion: 0.3, log: true, decimals: 0, lag: 5, revision: { probability: 0.9, sd: 40 } },
    ),
  ],
  JP: [
    q(
      'gdpNominal',
      [
        [2000, 535000],
        [2007, 530000],
        [2009.3, 490000],
        [2012, 495000],
        [2019, 557000],
        [2020.4, 530000],
        [2023, 590000],
        [2026.5, 680000],
      ],
      { ...GDP, revision: { probability: 1, sd: 1500 } },
    ),
    q(
      'gdpReal',
      [
        [2000, 480000],
        [2007, 520000],
        [2009.3, 485000],
        [2012, 510000],
        [2019, 555000],
        [2020.4, 505000],
        [2023, 560000],
        [2026.5, 568000],
      ],
      { ...GDP, revision: { probability: 1, sd: 1200 } },
    ),
    m(
      'cpi',
      [
        [2007, 96.5],
        [2013, 96.3],
        [2015, 99],
        [2020, 100],
        [2022, 102.5],
        [2023, 105.6],
        [2026.5, 114],
      ],
      { ...INDEX, decimals: 1, lag: 20 },
    ),
    m(
      'coreCpi',
      [
        [2007, 97.5],
        [2013, 96.5],
        [2015, 99.3],
        [2020, 100],
        [2022, 101.5],
        [2023, 104.5],
        [2026.5, 112],
      ],
      { ...INDEX, decimals: 1, lag: 20 },
    ),
    m(
      'policyRate',
      [
        [2007, 0.5],
        [2008.8, 0.5],
        [2008.85, 0.1],
        [2016, 0.1],
        [2016.05, -0.1],
        [2024.2, -0.1],
        [2024.22, 0.1],
        [2024.55, 0.1],
        [2024.58, 0.25],
        [2025.05, 0.25],
        [2025.07, 0.5],
        [2025.95, 0.5],
        [2025.97, 0.75],
        [2026.5, 0.75],
      ],
      { volatility: 0, decimals: 2, lag: 1, step: 0.05 },
    ),
    m('overnightRate', [[2007, 0]], { volatility: 0.01, decimals: 3, lag: 1, spreadOver: { key: 'policyRate', offset: -0.02 } }),
    m(
      'unemployment',
      [
        [2007, 3.8],
        [2009.5, 5.5],
        [2013, 4.2],
        [2019, 2.4],
        [2020.8, 3.1],
        [2023, 2.6],
        [2026.5, 2.5],
      ],
      { volatility: 0.08, reversion: 0.5, decimals: 1, lag: 30 },
    ),
    m(
      'bond10y',
      [
        [2007, 1.7],
        [2010, 1.3],
        [2013, 0.7],
        [2016.5, -0.2],
        [2019, 0],
        [2021, 0.07],
        [2022.9, 0.25],
        [2023.9, 0.8],
        [2024.9, 1.05],
        [2025.5, 1.5],
        [2026.5, 2.3],
      ],
      { volatility: 0.04, reversion: 0.4, decimals: 3, lag: 1 },
    ),
    m(
      'manufacturingPmi',
      [
        [2007, 51],
        [2009, 30],
        [2010, 54],
        [2013, 52],
        [2019, 49],
        [2020.4, 38],
        [2021.5, 53],
        [2023, 48.5],
        [2026.5, 49.5],
      ],
      PMI,
    ),
    m(
      'servicesPmi',
      [
        [2007, 52],
        [2009, 40],
        [2013, 52],
        [2019, 51],
        [2020.4, 26],
        [2022, 52],
        [2026.5, 52],
      ],
      PMI,
    ),
    m(
      'retailSales',
      [
        [2007, 11500],
        [2019, 12000],
        [2020.3, 10500],
        [2023, 13000],
        [2026.5, 14200],
      ],
      { volatility: 0.015, reversion: 0.4, log: true, decimals: 0, lag: 28, revision: { probability: 0.6, sd: 40 } },
    ),
    m(
      'industrialProduction',
      [
        [2007, 120],
        [2009.2, 85],
        [2010, 105],
        [2019, 103],
        [2020.4, 85],
        [2021, 100],
        [2026.5, 102],
      ],
      { volatility: 0.01, reversion: 0.4, log: true, decimals: 1, lag: 30, revision: { probability: 0.9, sd: 0.4 } },
    ),
    m(
      'exports',
      [
        [2007, 58000],
        [2009.2, 40000],
        [2012, 65000],
        [2016, 55000],
        [2021, 63000],
        [2026.5, 63000],
      ],
      { volatility: 0.03, reversion: 0.4, log: true, decimals: 1, lag: 20, revision: { probability: 0.5, sd: 300 } },
    ),
    m(
      'imports',
      [
        [2007, 52000],
        [2009.2, 40000],
        [2013, 70000],
        [2016, 52000],
        [2022.5, 80000],
        [2026.5, 65000],
      ],
      { volatility: 0.03, reversion: 0.4, log: true, decimals: 1, lag: 20, revision: { probability: 0.5, sd: 300 } },
    ),
    m(
      'producerPrices',
      [
        [2007, 101],
        [2008.6, 108],
        [2009.5, 99],
        [2016, 96],
        [2020, 100],
        [2022.9, 120],
        [2026.5, 126],
      ],
      { ...INDEX, decimals: 1, lag: 10, revision: { probability: 0.3, sd: 0.1 } },
    ),
    m(
      'importPrices',
      [
        [2007, 95],
        [2008.6, 125],
        [2009.5, 80],
        [2016, 75],
        [2020, 100],
        [2022.7, 175],
        [2026.5, 150],
      ],
      { ...INDEX, volatility: 0.01, decimals: 1, lag: 10 },
    ),
    m(
      'exportPrices',
      [
        [2007, 100],
        [2008.6, 103],
        [2009.5, 92],
        [2016, 92],
        [2020, 100],
        [2022.7, 120],
        [2026.5, 124],
      ],
      { ...INDEX, decimals: 1, lag: 10 },
    ),
    q(
      'currentAccountToGdp',
      [
        [2000, 2.5],
        [2007, 4.8],
        [2014, 0.8],
        [2019, 3.5],
        [2022, 2],
        [2026.5, 4.6],
      ],
      { volatility: 0.3, reversion: 0.4, decimals: 1, lag: 70, revision: { probability: 0.5, sd: 0.1 } },
    ),
    q(
      'governmentDebtToGdp',
      [
        [2000, 110],
        [2010, 175],
        [2019, 198],
        [2021, 215],
        [2026.5, 205],
      ],
      { volatility: 0.5, reversion: 0.4, decimals: 2, lag: 80, revision: { probability: 0.4, sd: 0.3 } },
    ),
    m(
      'population',
      [
        [2007, 127800000],
        [2010, 128100000],
        [2026.5, 122800000],
      ],
      { volatility: 0, decimals: -4, lag: 20 },
    ),
  ],
  VN: [
    q(
      'gdpNominal',
      [
        [2000, 110000],
        [2007, 300000],
        [2012, 800000],
        [2019, 1500000],
        [2022, 2300000],
        [2026.5, 3200000],
      ],
      { ...GDP, volatility: 0.02, lag: 5, revision: { probability: 0.7, sd: 8000 } },
    ),
    q(
      'gdpReal',
      [
        [2000, 250000],
        [2010, 550000],
        [2019, 1100000],
        [2026.5, 1500000],
      ],
      { ...GDP, volatility: 0.01, lag: 5 },
    ),
    q(
      'gdpGrowthPublished',
      [
        [2000, 6.8],
        [2007, 8.5],
        [2009, 5.3],
        [2012, 5.2],
        [2018, 7.1],
        [2020.5, 2.9],
        [2021.5, 2.6],
        [2022.6, 8],
        [2023.3, 5],
        [2025, 7.1],
        [2026.5, 7.5],
      ],
      { volatility: 0.3, reversion: 0.5, decimals: 2, lag: 3, revision: { probability: 0.7, sd: 0.15 } },
    ),
    m(
      'cpi',
      [
        [2007, 55],
        [2008.6, 66],
        [2011.7, 88],
        [2012, 90],
        [2015, 100],
        [2019, 108],
        [2023, 125],
        [2026.5, 137],
      ],
      { ...INDEX, volatility: 0.003, decimals: 2, lag: 3 },
    ),
    // The statistics office publishes core inflation as a year-on-year rate, not a core index.
    m(
      'coreCpiYoy',
      [
        [2007, 7],
        [2008.7, 13],
        [2009.6, 5],
        [2011.6, 14],
        [2013, 5],
        [2015, 2],
        [2019, 2],
        [2022.9, 5],
        [2024.8, 2.7],
        [2026.5, 3.1],
      ],
      { volatility: 0.1, reversion: 0.5, decimals: 2, lag: 3 },
    ),
    m(
      'policyRate',
      [
        [2007, 6.5],
        [2008.4, 14],
        [2008.95, 8.5],
        [2011, 15],
        [2012.5, 9],
        [2014, 6.5],
        [2017, 6.25],
        [2019.8, 6],
        [2020.8, 4],
        [2022.8, 6],
        [2023.4, 5],
        [2023.5, 4.5],
        [2026.5, 4.5],
      ],
      { volatility: 0, decimals: 2, lag: 1, step: 0.25 },
    ),
    m('overnightRate', [[2007, 0]], { volatility: 0.5, decimals: 2, lag: 1, spreadOver: { key: 'policyRate', offset: -2.5, floor: 0.2 } }),
    // The labour force survey is quarterly.
    q(
      'unemployment',
      [
        [2007, 2.6],
        [2013, 2.2],
        [2019, 2.2],
        [2020.6, 2.7],
        [2021.7, 3.7],
        [2023, 2.3],
        [2026.5, 2.2],
      ],
      { volatility: 0.05, reversion: 0.5, decimals: 2, lag: 10 },
    ),
    m(
      'bond10y',
      [
        [2007, 8.5],
        [2011, 12],
        [2013, 9],
        [2016, 6.5],
        [2019, 3.5],
        [2021, 2.2],
        [2022.8, 5],
        [2024, 2.4],
        [2026.5, 3.2],
      ],
      { volatility: 0.1, reversion: 0.4, decimals: 3, lag: 1 },
    ),
    m(
      'manufacturingPmi',
      [
        [2011, 50],
        [2019, 51],
        [2020.3, 32],
        [2021.6, 40],
        [2022, 54],
        [2023, 47],
        [2026.5, 51],
      ],
      { ...PMI, start: '2011-03' },
    ),
    m(
      'retailSales',
      [
        [2007, 50000],
        [2012, 170000],
        [2019, 415000],
        [2021.6, 300000],
        [2023, 520000],
        [2026.5, 620000],
      ],
      { volatility: 0.02, reversion: 0.4, log: true, decimals: 0, lag: 6, revision: { probability: 0.5, sd: 3000 }, nullChance: 0.02 },
    ),
    m(
      'industrialProduction',
      [
        [2007, 60],
        [2019, 100],
        [2020.3, 90],
        [2026.5, 135],
      ],
      { volatility: 0.015, reversion: 0.4, log: true, decimals: 1, lag: 6, nullChance: 0.02 },
    ),
    m(
      'exports',
      [
        [2007, 4000],
        [2012, 9500],
        [2016, 15000],
        [2019, 22000],
        [2022, 31000],
        [2024, 34000],
        [2026.5, 40000],
      ],
      { volatility: 0.04, reversion: 0.4, log: true, decimals: 1, lag: 6, revision: { probability: 0.8, sd: 250 } },
    ),
    m(
      'imports',
      [
        [2007, 5200],
        [2012, 9500],
        [2019, 21000],
        [2022, 30000],
        [2026.5, 38000],
      ],
      { volatility: 0.04, reversion: 0.4, log: true, decimals: 1, lag: 6, revision: { probability: 0.8, sd: 250 } },
    ),
    m(
      'producerPrices',
      [
        [2010, 80],
        [2015, 92],
        [2020, 100],
        [2022.8, 110],
        [2026.5, 116],
      ],
      { ...INDEX, decimals: 2, lag: 6, start: '2010-01' },
    ),
    m(
      'importPrices',
      [
        [2010, 85],
        [2015, 95],
        [2020, 100],
        [2022.7, 112],
        [2026.5, 108],
      ],
      { ...INDEX, decimals: 2, lag: 6, start: '2010-01' },
    ),
    m(
      'exportPrices',
      [
        [2010, 88],
        [2015, 96],
        [2020, 100],
        [2022.7, 108],
        [2026.5, 107],
      ],
      { ...INDEX, decimals: 2, lag: 6, start: '2010-01' },
    ),
    q(
      'currentAccountToGdp',
      [
        [2000, 2],
        [2008, -10],
        [2012, 6],
        [2019, 4],
        [2022, -0.3],
        [2026.5, 5],
      ],
      { volatility: 0.8, reversion: 0.4, decimals: 1, lag: 60 },
    ),
    q(
      'governmentDebtToGdp',
      [
        [2000, 40],
        [2016, 47],
        [2019, 43],
        [2022, 37],
        [2026.5, 34],
      ],
      { volatility: 0.3, reversion: 0.4, decimals: 2, lag: 90 },
    ),
    m(
      'population',
      [
        [2007, 84200000],
        [2026.5, 101500000],
      ],
      { volatility: 0, decimals: -4, lag: 30 },
    ),
  ],
};

export const ECONOMY_PUBLISHERS: Record<MacroCountry, DemoPublisher> = {
  US: { family: 'us-statistics', source: 'BEA, BLS, Census Bureau and Federal Reserve (demo data)', hourUtc: 12 },
  JP: { family: 'jp-statistics', source: 'Cabinet Office, Statistics Bureau, METI and Bank of Japan (demo data)', hourUtc: 0 },
  VN: { family: 'vn-statistics', source: 'General Statistics Office and State Bank of Vietnam (demo data)', hourUtc: 3 },
};

/** Last day of a `YYYY-MM` month. */

/** Every country's economic series, each first released after its publication lag, some later revised. */
export function generateEconomy(ctx: DemoContext, vintage: DemoVintage): void {
  const lastMonth = addMonths(ctx.until.slice(0, 7), -1);
  const untilQuarter = `${ctx.until.slice(0, 4)}-Q${Math.floor((Number(ctx.until.slice(5, 7)) - 1) / 3) + 1}`;
  const lastQuarter = addQuarters(untilQuarter, -1);
  for (const [country, specs] of Object.entries(SPECS) as [MacroCountry, SeriesSpec[]][]) {
    const publisher = ECONOMY_PUBLISHERS[country];
    const levels = new Map<CountrySeries, number[]>();
    for (const spec of specs) {
      // The path and the publication draws have a stream each: a longer path never shifts a publication's draws.
      const pathRandom = ctx.random(`${country}:${spec.key}`);
      const random = ctx.random(`${country}:${spec.key}:publication`);
      const labels =
        spec.frequency === 'month' ? monthsBetween(spec.start ?? MONTH_START, lastMonth) : quartersBetween(spec.start ?? QUARTER_START, lastQuarter);
      const base = spec.spreadOver === undefined ? undefined : levels.get(spec.spreadOver.key);
      const values =
        spec.spreadOver !== undefined && base !== undefined
          ? base.map((level) => Math.max(spec.spreadOver?.floor ?? -Infinity, level + (spec.spreadOver?.offset ?? 0) + pathRandom.normal(0, spec.volatility)))
          : anchoredPath(pathRandom, labels, spec.anchors, { volatility: spec.volatility, reversion: spec.reversion ?? 0.3, log: spec.log ?? false });
      const stepped = spec.step === undefined ? values : values.map((v) => Math.round(v / (spec.step ?? 1)) * (spec.step ?? 1));
      levels.set(spec.key, stepped);
      const series = countrySeries(country, spec.key);
      labels.forEach((period, i) => {
        const level = stepped[i];
        if (level === undefined) return;
        const end = spec.frequency === 'month' ? monthEnd(period) : quarterEnd(period);
        const firstOn = addDays(end, spec.lag);
        const value = spec.nullChance !== undefined && random.chance(spec.nullChance) ? null : roundTo(level, Math.max(0, spec.decimals));
        const final = value === null || spec.decimals >= 0 ? value : Math.round(value / 10 ** -spec.decimals) * 10 ** -spec.decimals;
        if (final !== null && spec.revision !== undefined && random.chance(spec.revision.probability)) {
          const preliminary = roundTo(final + random.normal(0, spec.revision.sd), Math.max(0, spec.decimals));
          vintage.publish(publisher, firstOn, series, period, preliminary);
          vintage.publish(publisher, addDays(firstOn, spec.frequency === 'month' ? 30 : 45), series, period, final);
        } else {
          vintage.publish(publisher, firstOn, series, period, final);
        }
      });
    }
  }
}

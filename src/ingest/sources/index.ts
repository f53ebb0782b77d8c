import type { SourceDefinition } from '../sync/source-definition.ts';
import { blsSources } from './bls/index.ts';
import { bokSources } from './bok/index.ts';
import { bojSources } from './boj/index.ts';
import { caoSources } from './cao/index.ts';
import { alternativeMeSources } from './alternative-me/index.ts';
import { binanceSources } from './binance/index.ts';
import { bisSources } from './bis/index.ts';
import { coingeckoSources } from './coingecko/index.ts';
import { coinMetricsSources } from './coinmetrics/index.ts';
import { deribitSources } from './deribit/index.ts';
import { ecbSources } from './ecb/index.ts';
import { estatSources } from './estat/index.ts';
import { estatDashboardSources } from './estat-dashboard/index.ts';
import { etherscanSources } from './etherscan/index.ts';
import { eurostatSources } from './eurostat/index.ts';
import { fredSources } from './fred/index.ts';
import { fredReleaseDatesSource } from './fred/release-dates.ts';
import { iceSources } from './ice/index.ts';
import { imfSources } from './imf/index.ts';
import { jbaSources } from './jba/index.ts';
import { jpxSources } from './jpx/index.ts';
import { jquantsSources } from './jquants/index.ts';
import { mlitSources } from './mlit/index.ts';
import { mlitKsjSources } from './mlit-ksj/index.ts';
import { mofSources } from './mof/index.ts';
import { nsoSources } from './nso/index.ts';
import { okxSources } from './okx/index.ts';
import { operatorSources } from './operator/index.ts';
import { rssSources } from './rss/index.ts';
import { sbvSources } from './sbv/index.ts';
import { soumuSources } from './soumu/index.ts';
import { vietcombankSources } from './vietcombank/index.ts';
import { worldbankSources } from './worldbank/index.ts';

/** Every shipped source of `fdh sync`, one publisher module each (docs/data-sources.md). */
export const sources: SourceDefinition[] = [
  ...ecbSources,
  ...fredSources,
  fredReleaseDatesSource,
  ...blsSources,
  ...eurostatSources,
  ...coingeckoSources,
  ...alternativeMeSources,
  ...coinMetricsSources,
  ...binanceSources,
  ...deribitSources,
  ...okxSources,
  ...etherscanSources,
  ...jpxSources,
  ...iceSources,
  ...jquantsSources,
  ...jbaSources,
  ...rssSources,
  ...soumuSources,
  ...mlitKsjSources,
  ...mlitSources,
  ...bojSources,
  ...mofSources,
  ...estatSources,
  ...estatDashboardSources,
  ...caoSources,
  ...imfSources,
  ...bokSources,
  ...bisSources,
  ...vietcombankSources,
  ...nsoSources,
  ...sbvSources,
  ...worldbankSources,
  ...operatorSources,
];

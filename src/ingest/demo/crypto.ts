import type { Transaction } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { addDays, DAY_MS, dayStartMs } from '../../kernel/dates.ts';
import { CRYPTO_METRICS } from '../../domains/crypto/crypto.metrics.ts';
import { insertRows } from '../../store/loader.ts';
import type { DemoContext, DemoGenerator } from './framework.ts';
import type { SeededRandom } from './random.ts';

export const CRYPTO_DEMO_SOURCE = 'demo (generated)';

/**
 * The demo coin universe: CoinGecko ids, symbols and names, with a market cap (USD
 * billions) and price (USD) at the start of the demo window, in the magnitudes of mid-2026.
 * `kind` sets volatility and turnover; `listedOn` makes a coin appear late (the `new` tag).
 */
interface DemoCoin {
  id: string;
  symbol: string;
  name: string;
  capBillions: number;
  price: number;
  kind: 'major' | 'alt' | 'stable';
  listedOn?: string;
}

const coin = (id: string, symbol: string, name: string, capBillions: number, price: number, kind: DemoCoin['kind'] = 'alt'): DemoCoin => ({
  id,
  symbol,
  name,
  capBillions,
  price,
  kind,
});

/** Coins listed after the demo's start: each is `new` for a week after its first snapshot. */
const LATE_LISTINGS: Readonly<Record<string, string>> = { 'falcon-finance': '2026-06-16', morpho: '2026-11-16' };

const DEMO_COINS: DemoCoin[] = [
  coin('bitcoin', 'BTC', 'Bitcoin', 1254.6, 63050, 'major'),
  coin('ethereum', 'ETH', 'Ethereum', 204.2, 1692, 'major'),
  coin('tether', 'USDT', 'Tether USDt', 186.3, 1, 'stable'),
  coin('binancecoin', 'BNB', 'BNB', 77.3, 551, 'major'),
  coin('ripple', 'XRP', 'XRP', 69.9, 1.18, 'major'),
  coin('usd-coin', 'USDC', 'USDC', 62.1, 1, 'stable'),
  coin('solana', 'SOL', 'Solana', 39.7, 72.4, 'major'),
  coin('tron', 'TRX', 'TRON', 24.1, 0.254, 'major'),
  coin('dogecoin', 'DOGE', 'Dogecoin', 18.2, 0.121),
  coin('cardano', 'ADA', 'Cardano', 11.0, 0.302),
  coin('hyperliquid', 'HYPE', 'Hyperliquid', 10.1, 30.2),
  coin('bitcoin-cash', 'BCH', 'Bitcoin Cash', 8.0, 401),
  coin('usds', 'USDS', 'USDS', 8.0, 1, 'stable'),
  coin('leo-token', 'LEO', 'LEO Token', 8.0, 8.66),
  coin('chainlink', 'LINK', 'Chainlink', 7.1, 11.1),
  coin('stellar', 'XLM', 'Stellar', 6.5, 0.203),
  coin('ethena-usde', 'USDe', 'Ethena USDe', 6.0, 1, 'stable'),
  coin('monero', 'XMR', 'Monero', 5.0, 271),
  coin('sui', 'SUI', 'Sui', 5.0, 1.41),
  coin('avalanche-2', 'AVAX', 'Avalanche', 4.5, 10.5),
  coin('dai', 'DAI', 'Dai', 4.5, 1, 'stable'),
  coin('litecoin', 'LTC', 'Litecoin', 4.2, 55.2),
  coin('hedera-hashgraph', 'HBAR', 'Hedera', 4.0, 0.0951),
  coin('shiba-inu', 'SHIB', 'Shiba Inu', 4.0, 0.0000068),
  coin('the-open-network', 'TON', 'Toncoin', 3.8, 1.52),
  coin('zcash', 'ZEC', 'Zcash', 3.5, 221),
  coin('world-liberty-financial', 'WLFI', 'World Liberty Financial', 3.2, 0.118),
  coin('polkadot', 'DOT', 'Polkadot', 3.0, 1.91),
  coin('uniswap', 'UNI', 'Uniswap', 3.0, 4.82),
  coin('cronos', 'CRO', 'Cronos', 2.8, 0.0853),
  coin('aave', 'AAVE', 'Aave', 2.6, 171),
  coin('mantle', 'MNT', 'Mantle', 2.5, 0.752),
  coin('bitget-token', 'BGB', 'Bitget Token', 2.5, 3.61),
  coin('paypal-usd', 'PYUSD', 'PayPal USD', 2.5, 1, 'stable'),
  coin('bittensor', 'TAO', 'Bittensor', 2.2, 231),
  coin('pepe', 'PEPE', 'Pepe', 2.0, 0.0000048),
  coin('near', 'NEAR', 'NEAR Protocol', 2.0, 1.62),
  coin('okb', 'OKB', 'OKB', 2.0, 95.3),
  coin('pi-network', 'PI', 'Pi Network', 1.9, 0.231),
  coin('ethereum-classic', 'ETC', 'Ethereum Classic', 1.8, 12.1),
  coin('ethena', 'ENA', 'Ethena', 1.8, 0.262),
  coin('internet-computer', 'ICP', 'Internet Computer', 1.7, 3.21),
  coin('aptos', 'APT', 'Aptos', 1.6, 2.11),
  coin('ondo-finance', 'ONDO', 'Ondo', 1.5, 0.481),
  coin('kaspa', 'KAS', 'Kaspa', 1.4, 0.0522),
  coin('sky', 'SKY', 'Sky', 1.3, 0.0603),
  coin('kucoin-shares', 'KCS', 'KuCoin Token', 1.3, 10.2),
  coin('first-digital-usd', 'FDUSD', 'First Digital USD', 1.2, 1, 'stable'),
  coin('gatechain-token', 'GT', 'Gate', 1.2, 15.1),
  coin('arbitrum', 'ARB', 'Arbitrum', 1.1, 0.201),
  coin('polygon-ecosystem-token', 'POL', 'POL (ex-MATIC)', 1.1, 0.105),
  coin('algorand', 'ALGO', 'Algorand', 1.0, 0.115),
  coin('vechain', 'VET', 'VeChain', 1.0, 0.0121),
  coin('cosmos', 'ATOM', 'Cosmos Hub', 1.0, 2.21),
  coin('official-trump', 'TRUMP', 'Official Trump', 1.0, 5.02),
  coin('xdce-crowd-sale', 'XDC', 'XDC Network', 1.0, 0.0602),
  coin('render-token', 'RENDER', 'Render', 0.9, 1.71),
  coin('filecoin', 'FIL', 'Filecoin', 0.9, 1.31),
  coin('jupiter-exchange-solana', 'JUP', 'Jupiter', 0.9, 0.281),
  coin('quant-network', 'QNT', 'Quant', 0.9, 75.4),
  coin('worldcoin-wld', 'WLD', 'Worldcoin', 0.9, 0.452),
  coin('sei-network', 'SEI', 'Sei', 0.8, 0.131),
  coin('nexo', 'NEXO', 'NEXO', 0.8, 1.21),
  coin('injective-protocol', 'INJ', 'Injective', 0.7, 7.02),
  coin('fetch-ai', 'FET', 'Artificial Superintelligence Alliance', 0.7, 0.302),
  coin('bonk', 'BONK', 'Bonk', 0.7, 0.0000085),
  coin('pudgy-penguins', 'PENGU', 'Pudgy Penguins', 0.7, 0.0112),
  coin('optimism', 'OP', 'Optimism', 0.6, 0.331),
  coin('stacks', 'STX', 'Stacks', 0.6, 0.382),
  coin('pancakeswap-token', 'CAKE', 'PancakeSwap', 0.6, 1.81),
  coin('the-graph', 'GRT', 'The Graph', 0.5, 0.0502),
  coin('immutable-x', 'IMX', 'Immutable', 0.5, 0.262),
  coin('lido-dao', 'LDO', 'Lido DAO', 0.5, 0.551),
  coin('pendle', 'PENDLE', 'Pendle', 0.5, 2.91),
  coin('curve-dao-token', 'CRV', 'Curve DAO', 0.5, 0.352),
  coin('virtual-protocol', 'VIRTUAL', 'Virtuals Protocol', 0.5, 0.752),
  coin('dexe', 'DEXE', 'DeXe', 0.5, 6.03),
  coin('morpho', 'MORPHO', 'Morpho', 0.5, 1.61),
  coin('dash', 'DASH', 'Dash', 0.45, 37.2),
  coin('tezos', 'XTZ', 'Tezos', 0.45, 0.431),
  coin('pyth-network', 'PYTH', 'Pyth Network', 0.45, 0.0803),
  coin('celestia', 'TIA', 'Celestia', 0.4, 0.602),
  coin('floki', 'FLOKI', 'FLOKI', 0.4, 0.000042),
  coin('theta-token', 'THETA', 'Theta Network', 0.4, 0.401),
  coin('iota', 'IOTA', 'IOTA', 0.4, 0.101),
  coin('eos', 'EOS', 'EOS', 0.4, 0.262),
  coin('helium', 'HNT', 'Helium', 0.4, 2.21),
  coin('starknet', 'STRK', 'Starknet', 0.4, 0.101),
  coin('aerodrome-finance', 'AERO', 'Aerodrome Finance', 0.4, 0.452),
  coin('gala', 'GALA', 'GALA', 0.35, 0.0081),
  coin('the-sandbox', 'SAND', 'The Sandbox', 0.35, 0.141),
  coin('neo', 'NEO', 'NEO', 0.35, 4.92),
  coin('raydium', 'RAY', 'Raydium', 0.35, 1.31),
  coin('conflux-token', 'CFX', 'Conflux', 0.35, 0.0702),
  coin('jasmycoin', 'JASMY', 'JasmyCoin', 0.35, 0.0071),
  coin('chiliz', 'CHZ', 'Chiliz', 0.35, 0.0352),
  coin('ethereum-name-service', 'ENS', 'Ethereum Name Service', 0.35, 9.52),
  coin('sonic-3', 'S', 'Sonic', 0.35, 0.121),
  coin('trust-wallet-token', 'TWT', 'Trust Wallet', 0.35, 0.851),
  coin('falcon-finance', 'FF', 'Falcon Finance', 0.3, 0.131),
  coin('decentraland', 'MANA', 'Decentraland', 0.3, 0.151),
  coin('zksync', 'ZK', 'ZKsync', 0.3, 0.0452),
  coin('compound-governance-token', 'COMP', 'Compound', 0.3, 32.1),
  coin('arweave', 'AR', 'Arweave', 0.3, 4.51),
  coin('flow', 'FLOW', 'Flow', 0.25, 0.161),
  coin('axie-infinity', 'AXS', 'Axie Infinity', 0.25, 1.41),
  coin('basic-attention-token', 'BAT', 'Basic Attention Token', 0.25, 0.161),
  coin('ronin', 'RON', 'Ronin', 0.25, 0.402),
  coin('apecoin', 'APE', 'ApeCoin', 0.25, 0.321),
  coin('safepal', 'SFP', 'SafePal', 0.25, 0.502),
  coin('1inch', '1INCH', '1inch', 0.2, 0.151),
  coin('kava', 'KAVA', 'Kava', 0.2, 0.191),
  coin('axelar', 'AXL', 'Axelar', 0.2, 0.201),
  coin('mina-protocol', 'MINA', 'Mina', 0.2, 0.171),
  coin('synthetix-network-token', 'SNX', 'Synthetix', 0.2, 0.602),
  coin('dydx-chain', 'DYDX', 'dYdX', 0.2, 0.251),
  coin('golem', 'GLM', 'Golem', 0.2, 0.201),
  coin('zilliqa', 'ZIL', 'Zilliqa', 0.15, 0.0081),
  coin('blur', 'BLUR', 'Blur', 0.15, 0.0602),
  coin('ordi', 'ORDI', 'ORDI', 0.15, 7.02),
  coin('livepeer', 'LPT', 'Livepeer', 0.15, 3.81),
  coin('siacoin', 'SC', 'Siacoin', 0.15, 0.0027),
  coin('holotoken', 'HOT', 'Holo', 0.15, 0.00085),
  coin('qtum', 'QTUM', 'Qtum', 0.15, 1.41),
  coin('yearn-finance', 'YFI', 'yearn.finance', 0.15, 4510),
  coin('celo', 'CELO', 'Celo', 0.15, 0.251),
  coin('ravencoin', 'RVN', 'Ravencoin', 0.12, 0.0085),
  coin('iotex', 'IOTX', 'IoTeX', 0.12, 0.0131),
  coin('ankr', 'ANKR', 'Ankr', 0.12, 0.0121),
  coin('ontology', 'ONT', 'Ontology', 0.1, 0.111),
  coin('sushi', 'SUSHI', 'SushiSwap', 0.1, 0.502),
  coin('wax', 'WAXP', 'WAX', 0.05, 0.0151),
].map((c) => (c.id in LATE_LISTINGS ? { ...c, listedOn: LATE_LISTINGS[c.id] } : c));

/** Coins that pump now and then (small caps do), so trending has a story on most days. */
const DEMO_PUMP_COINS = ['falcon-finance', 'dash', 'zcash'];
/** Chance that a pump coin pumps on a given day; the jump then fades over a day or two. */
const DAILY_PUMP_CHANCE = 0.3;
const PUMP_FADE_PER_HOUR = 0.98;

const HOUR_MS = 3_600_000;
const HOURS_PER_YEAR = 8760;
/**
 * Snapshots and derivatives are walked hour by hour from this fixed hour (nine days before the
 * tests' day), so a later seed only adds hours. They are stored hourly for the last
 * HOURLY_TAIL_DAYS of the seed (the 1h, 24h and 1w changes, with the 1w change's tolerance) and
 * at midnight before: every stored row is the same whatever the seed's last day.
 */
const HOURLY_FROM = '2026-06-09T00:00:00.000Z';
const HOURLY_TAIL_DAYS = 8;
const DAILY_METRICS_FROM = '2026-05-01';
const FEAR_GREED_FROM = '2026-03-01';

const VOLATILITY = { major: 0.4, alt: 0.8, stable: 0 } as const;
const BETA = { major: 1, alt: 1.3, stable: 0 } as const;
const TURNOVER = { major: 0.03, alt: 0.06, stable: 0.08 } as const;

const sig = (value: number, digits = 6) => Number(value.toPrecision(digits));
const cents = (value: number) => Math.round(value * 100) / 100;
const isoHour = (ms: number) => new Date(ms).toISOString();
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

type SnapshotRow = Database['crypto_market_snapshot'];
type MetricRow = Database['crypto_metric'];

/** Whether the hour `at` (epoch ms) is stored: within the hourly tail, or a midnight. */
function storedHour(at: number, until: string): boolean {
  const tailFrom = dayStartMs(until) + (1 - HOURLY_TAIL_DAYS) * DAY_MS;
  return at >= tailFrom || at % DAY_MS === 0;
}

/** Hours from `HOURLY_FROM` to the last hour of `until`. */
function hourCount(until: string): number {
  return Math.max(0, (dayStartMs(until) + DAY_MS - Date.parse(HOURLY_FROM)) / HOUR_MS);
}

/**
 * One coin's hourly path from `HOURLY_FROM`: a market factor plus its own noise, and for the
 * pump coins a jump now and then that fades; stablecoins stay near 1. A late listing has no
 * snapshot before its listing day.
 */
function coinSnapshots(coin: DemoCoin, until: string, hours: number, market: readonly number[], random: SeededRandom): SnapshotRow[] {
  const rows: SnapshotRow[] = [];
  const start = Date.parse(HOURLY_FROM);
  const hourlyVol = VOLATILITY[coin.kind] / Math.sqrt(HOURS_PER_YEAR);
  const listedAt = coin.listedOn === undefined ? start : Date.parse(`${coin.listedOn}T00:00:00.000Z`);
  const pumps = DEMO_PUMP_COINS.includes(coin.id);
  const turnoverBase = coin.id === 'tether' ? 0.3 : TURNOVER[coin.kind];
  let supply = (coin.capBillions * 1e9) / coin.price;
  let logPrice = Math.log(coin.price);
  let logTurnover = 0;
  let pumpHour = -1;
  let pumpSize = 0;
  let pumpExcess = 0;
  for (let h = 0; h < hours; h++) {
    // A pump coin's day: whether it pumps and when, drawn at midnight. A late listing pumps
    // in the afternoon of its third day, so it trends as `new`.
    if (pumps && h % 24 === 0) {
      const thirdDay = start + h * HOUR_MS === listedAt + 2 * DAY_MS;
      const pumpsToday = random.chance(DAILY_PUMP_CHANCE) || thirdDay;
      const hourOfDay = thirdDay ? 12 + random.int(0, 11) : random.int(0, 23);
      pumpSize = Math.log(1 + random.between(0.25, 0.9));
      pumpHour = pumpsToday ? h + hourOfDay : -1;
    }
    const jump = h === pumpHour ? pumpSize : 0;
    const fade = pumpExcess * (PUMP_FADE_PER_HOUR - 1);
    pumpExcess = pumpExcess * PUMP_FADE_PER_HOUR + jump;
    if (coin.kind === 'stable') {
      logPrice = Math.log(1 + random.normal(0, 0.0004));
      supply *= 1 + random.normal(0, 0.00005);
    } else {
      logPrice += BETA[coin.kind] * (market[h] ?? 0) + random.normal(0, hourlyVol) + jump + fade;
    }
    logTurnover = 0.97 * logTurnover + random.normal(0, 0.05);
    const price = sig(Math.exp(logPrice));
    const marketCap = cents(price * supply);
    const at = start + h * HOUR_MS;
    if (at < listedAt || !storedHour(at, until)) continue;
    rows.push({
      at: isoHour(at),
      coin_id: coin.id,
      price,
      market_cap: marketCap,
      // A pump brings turnover with it while its jump lasts.
      volume_24h: cents(marketCap * turnoverBase * Math.exp(logTurnover) * (pumpExcess > 0.1 ? 4 : 1)),
      source: CRYPTO_DEMO_SOURCE,
    });
  }
  return rows;
}

/** Every day from `from` to `until`, both inclusive. */
function dailyDates(from: string, until: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= until; date = addDays(date, 1)) dates.push(date);
  return dates;
}

function fearGreedRows(ctx: DemoContext): Database['crypto_fear_greed'][] {
  const random = ctx.random('fear-greed');
  let value = 35;
  return dailyDates(FEAR_GREED_FROM, ctx.until).map((date) => {
    value = clamp(Math.round(value + random.normal(0, 6)), 5, 95);
    return { date, value, source: CRYPTO_DEMO_SOURCE };
  });
}

function metric(name: string, at: string, value: number): MetricRow {
  return { metric: name, at, value, source: CRYPTO_DEMO_SOURCE };
}

/** Daily on-chain observations: gas, hashrate, activity and BTC realized cap. */
function onchainRows(ctx: DemoContext): MetricRow[] {
  const random = ctx.random('onchain');
  const m = CRYPTO_METRICS;
  const rows: MetricRow[] = [];
  let realizedCap = 1.06e12;
  let hashrate = 1000;
  for (const date of dailyDates(DAILY_METRICS_FROM, ctx.until)) {
    const at = `${date}T00:00:00.000Z`;
    const base = Math.exp(random.normal(Math.log(0.09), 0.5));
    realizedCap *= 1 + random.normal(0.0003, 0.002);
    hashrate *= 1 + random.normal(0.001, 0.03);
    rows.push(
      metric(m.ethBaseFee, at, sig(base, 7)),
      metric(m.ethGasSafe, at, sig(base * random.between(1, 1.02), 8)),
      metric(m.ethGasStandard, at, sig(base * random.between(1.02, 1.06), 8)),
      metric(m.ethGasFast, at, sig(base * random.between(1.08, 1.2), 8)),
      metric(m.btcHashrate, at, cents(hashrate)),
      metric(m.btcActiveAddresses, at, random.int(450_000, 760_000)),
      metric(m.whaleTxCount, at, random.int(19_000, 41_000)),
      metric(m.btcRealizedCap, at, cents(realizedCap)),
      metric(m.btcPutOi, at, random.int(150_000, 190_000)),
      metric(m.btcCallOi, at, random.int(245_000, 290_000)),
    );
  }
  return rows;
}

/** Hourly open interest and liquidations; funding every 8 hours (00, 08, 16 UTC). */
function derivativesRows(ctx: DemoContext, hours: number): MetricRow[] {
  const random = ctx.random('derivatives');
  const m = CRYPTO_METRICS;
  const rows: MetricRow[] = [];
  let logBtcOi = Math.log(96_000);
  let logEthOi = Math.log(2_200_000);
  for (let h = 0; h < hours; h++) {
    const atMs = Date.parse(HOURLY_FROM) + h * HOUR_MS;
    const at = isoHour(atMs);
    // Open interest wanders around its level (reverting slowly) rather than drifting off over months.
    logBtcOi += random.normal(0, 0.004) - 0.002 * (logBtcOi - Math.log(96_000));
    logEthOi += random.normal(0, 0.005) - 0.002 * (logEthOi - Math.log(2_200_000));
    const btcOi = Math.exp(logBtcOi);
    const ethOi = Math.exp(logEthOi);
    const liquidations = [cents(Math.exp(random.normal(Math.log(14e6), 0.7))), cents(Math.exp(random.normal(Math.log(5e6), 0.7)))] as const;
    const funding =
      h % 8 === 0 ? ([Number(random.normal(0.00005, 0.00006).toFixed(8)), Number(random.normal(0.00004, 0.00008).toFixed(8))] as const) : undefined;
    // Every hour's draws are made whether it is stored or not, so a row never depends on the seed's last day.
    if (!storedHour(atMs, ctx.until)) continue;
    rows.push(
      metric(m.btcOpenInterest, at, Math.round(btcOi * 1000) / 1000),
      metric(m.ethOpenInterest, at, Math.round(ethOi * 1000) / 1000),
      metric(m.liquidationsLong, at, liquidations[0]),
      metric(m.liquidationsShort, at, liquidations[1]),
    );
    if (funding !== undefined) rows.push(metric(m.btcFundingRate, at, funding[0]), metric(m.ethFundingRate, at, funding[1]));
  }
  return rows;
}

export const cryptoDemoGenerator: DemoGenerator = {
  name: 'crypto',
  datasets: ['crypto'],
  async clear(db: Transaction<Database>) {
    await db.deleteFrom('crypto_market_snapshot').where('source', '=', CRYPTO_DEMO_SOURCE).execute();
    await db.deleteFrom('crypto_fear_greed').where('source', '=', CRYPTO_DEMO_SOURCE).execute();
    await db.deleteFrom('crypto_metric').where('source', '=', CRYPTO_DEMO_SOURCE).execute();
    // Coins carry no source: those no snapshot refers to any more were the demo's alone.
    await db
      .deleteFrom('crypto_coin')
      .where('id', 'not in', (eb) => eb.selectFrom('crypto_market_snapshot').select('coin_id'))
      .execute();
  },
  async generate(ctx: DemoContext) {
    const hours = hourCount(ctx.until);
    const marketRandom = ctx.random('market');
    const marketVol = 0.45 / Math.sqrt(HOURS_PER_YEAR);
    const market = Array.from({ length: hours }, () => marketRandom.normal(0, marketVol));
    const listed = DEMO_COINS.filter((c) => (c.listedOn ?? '') <= ctx.until);

    await ctx.db
      .insertInto('crypto_coin')
      .values(listed.map((c) => ({ id: c.id, symbol: c.symbol, name: c.name })))
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    // Imported snapshots and metrics win: the demo fills the hours and days they leave.
    // In key order: the store appends to its indexes instead of splitting pages all over them.
    const snapshots = listed
      .flatMap((c) => coinSnapshots(c, ctx.until, hours, market, ctx.random(`coin:${c.id}`)))
      .sort((a, b) => a.at.localeCompare(b.at) || a.coin_id.localeCompare(b.coin_id));
    await insertRows(ctx.db, 'crypto_market_snapshot', snapshots, {
      onConflict: { key: ['at', 'coin_id'], keep: 'stored' },
      onProgress: (done) => ctx.progress((0.8 * done) / snapshots.length),
    });
    await insertRows(ctx.db, 'crypto_fear_greed', fearGreedRows(ctx), { onConflict: { key: ['date'], keep: 'stored' } });
    await insertRows(ctx.db, 'crypto_metric', [...onchainRows(ctx), ...derivativesRows(ctx, hours)], { onConflict: { key: ['metric', 'at'], keep: 'stored' } });
  },
};

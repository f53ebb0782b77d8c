import type { Transaction } from 'kysely';
import { Type, type Static } from 'typebox';
import type { Database } from '../../../store/schema.ts';
import { ImportError, type Importer, type ReleaseInfo } from '../../source.ts';
import { isoDateTime } from '../../calendar-dates.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { readJsonDocument } from '../../publisher-document.ts';
import { insertRows } from '../../../store/loader.ts';
import { LOOKBACK } from '../../../domains/crypto/crypto.lookback.ts';
import { checkedFigure } from '../../publisher-figures.ts';

export interface CoinGeckoMarketsFile {
  /** The snapshot time every coin of the file is stored at: the newest `last_updated`. */
  at: string;
  coins: { id: string; symbol: string; name: string; price: number; marketCap: number; volume24h: number | null }[];
  /** Coins of the answer left out of the snapshot: no price, no market cap or no `last_updated`. */
  skipped: number;
  /**
   * The market 24 hours before `at` by CoinGecko's own 24-hour changes (`current_price −
   * price_change_24h`, `market_cap − market_cap_change_24h`), of the snapshot's coins that
   * publish both: the reference the hub's 24-hour changes compare the snapshot with.
   */
  reference: { at: string; coins: { id: string; price: number; marketCap: number }[] };
}

/**
 * The fact of the answer's figures. Its USD amounts (market cap, volume, the cap's 24-hour
 * change) are held to the figure rules (publisher-figures.ts); a price and its change are only
 * held to be finite: CoinGecko lists tokens priced below the rules' smallest figure (1e-9 USD),
 * which would refuse a true answer.
 */
const SNAPSHOT = 'crypto.snapshot';

function fail(index: number, problem: string): never {
  throw new ImportError(`item ${index + 1} of the array: ${problem}`);
}

const NonEmptyText = Type.String({ minLength: 1 });
/** An amount CoinGecko may leave out: null or absent. */
const OptionalAmount = Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()]));
const OptionalChange = Type.Optional(Type.Union([Type.Number(), Type.Null()]));

/** What the hub reads of one coin of `/coins/markets`; a coin without a `last_updated` (null or absent) is skipped. */
const CoinSchema = Type.Object({
  id: NonEmptyText,
  symbol: NonEmptyText,
  name: NonEmptyText,
  current_price: OptionalAmount,
  market_cap: OptionalAmount,
  total_volume: OptionalAmount,
  price_change_24h: OptionalChange,
  market_cap_change_24h: OptionalChange,
  last_updated: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type CoinGeckoCoin = Static<typeof CoinSchema>;

/** `/coins/markets`' answer: a JSON array, one object per coin. */
export const CoinsMarketsSchema = Type.Array(CoinSchema);

/**
 * CoinGecko `GET /api/v3/coins/markets?vs_currency=usd` (a JSON array, one object per coin,
 * `symbol` lower case). One file is one market snapshot, stored at its newest `last_updated`
 * so that every coin of it shares one time. Coins CoinGecko publishes without a price or a
 * market cap (null, absent or 0) or without a `last_updated` (null or absent) are skipped and
 * counted (`skipped`): there is nothing to serve for them, and one such coin must not cost the
 * snapshot of the others. A field of another type than documented (a price as text, a
 * `last_updated` that is no date-time) still fails the file: the layout changed.
 */
export const coingeckoMarketsImporter: Importer<CoinGeckoMarketsFile> = {
  dataset: 'coingecko-markets',
  datasets: ['crypto'],
  description: 'CoinGecko /coins/markets JSON (vs_currency=usd): one market snapshot',
  source: 'CoinGecko',
  canonicalForm: canonicalJson,
  parse: (content, fileName) => coingeckoMarkets(readJsonDocument(CoinsMarketsSchema, content, fileName)),
  notes: (parsed) => (parsed.skipped === 0 ? [] : [`${parsed.skipped} coin(s) skipped: no price, market cap or last_updated`]),
  async load(db: Transaction<Database>, parsed, release: ReleaseInfo) {
    await insertRows(
      db,
      'crypto_coin',
      parsed.coins.map((c) => ({ id: c.id, symbol: c.symbol, name: c.name })),
      {
        onConflict: { key: ['id'], keep: 'new' },
      },
    );
    const snapshots = parsed.coins.map((c) => ({
      at: parsed.at,
      coin_id: c.id,
      price: c.price,
      market_cap: c.marketCap,
      volume_24h: c.volume24h,
      source: release.source,
    }));
    await insertRows(db, 'crypto_market_snapshot', snapshots, { onConflict: { key: ['at', 'coin_id'], keep: 'new' } });
    // Only where no stored snapshot can serve as the day before: a fetched one carries the volumes, which CoinGecko's changes do not give.
    const { toleranceMs } = LOOKBACK['1d'];
    const fetched = await db
      .selectFrom('crypto_market_snapshot')
      .select('at')
      .where('at', '<=', parsed.reference.at)
      .where('at', '>=', new Date(Date.parse(parsed.reference.at) - toleranceMs).toISOString())
      .limit(1)
      .executeTakeFirst();
    if (fetched === undefined) {
      const reference = parsed.reference.coins.map((c) => ({
        at: parsed.reference.at,
        coin_id: c.id,
        price: c.price,
        market_cap: c.marketCap,
        volume_24h: null,
        source: release.source,
      }));
      await insertRows(db, 'crypto_market_snapshot', reference);
    }
    return parsed.coins.length;
  },
};

/**
 * The snapshot of the coins of one or more `/coins/markets` pages (an array of them, in order):
 * every coin checked, those without a price or a market cap skipped.
 */
export function coingeckoMarkets(items: readonly CoinGeckoCoin[]): CoinGeckoMarketsFile {
  const coins: CoinGeckoMarketsFile['coins'] = [];
  const before: CoinGeckoMarketsFile['reference']['coins'] = [];
  const seen = new Set<string>();
  let latest = '';
  let skipped = 0;
  items.forEach((coin, index) => {
    const {
      id,
      symbol,
      name,
      current_price: price,
      market_cap: marketCap,
      total_volume: volume,
      last_updated: updated,
      price_change_24h: priceChange,
      market_cap_change_24h: capChange,
    } = coin;
    if (seen.has(id)) fail(index, `coin ${id} appears twice`);
    seen.add(id);
    for (const [field, value] of [
      ['market_cap', marketCap],
      ['total_volume', volume],
      ['market_cap_change_24h', capChange],
    ] as const) {
      if (typeof value === 'number') checkedFigure(value, SNAPSHOT, `item ${index + 1} of the array: "${field}" of ${id}`);
    }
    if (updated === null || updated === undefined) {
      skipped++;
      return;
    }
    const updatedIso = isoDateTime(updated);
    if (updatedIso === undefined) fail(index, `"last_updated" of ${id} ${JSON.stringify(updated)} is not a calendar date-time (ISO 8601 with a zone)`);
    if (updatedIso > latest) latest = updatedIso;
    if (typeof price !== 'number' || price <= 0 || typeof marketCap !== 'number' || marketCap <= 0) {
      skipped++;
      return;
    }
    coins.push({ id, symbol: symbol.toUpperCase(), name, price, marketCap, volume24h: typeof volume === 'number' ? volume : null });
    if (typeof priceChange === 'number' && typeof capChange === 'number' && price - priceChange > 0 && marketCap - capChange > 0) {
      before.push({ id, price: price - priceChange, marketCap: marketCap - capChange });
    }
  });
  if (coins.length === 0) throw new ImportError(`the file has no coin with a price, a market cap and a last_updated (${skipped} of ${items.length} skipped)`);
  return { at: latest, coins, skipped, reference: { at: new Date(Date.parse(latest) - LOOKBACK['1d'].ms).toISOString(), coins: before } };
}

import type { AnyImporter } from '../../source.ts';
import { coingeckoMarketsImporter } from './coingecko-markets.ts';

/** The crypto domain's importers. */
export const cryptoImporters: AnyImporter[] = [coingeckoMarketsImporter];

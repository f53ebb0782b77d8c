import type { AnyImporter } from '../source.ts';
import { calendarImporters } from './calendar/index.ts';
import { commoditiesImporters } from './commodities/index.ts';
import { cryptoImporters } from './crypto/index.ts';
import { equitiesImporters } from './equities/index.ts';
import { etfImporters } from './etf/index.ts';
import { fxImporters } from './fx/index.ts';
import { indicesImporters } from './indices/index.ts';
import { macroImporters } from './macro/index.ts';
import { newsImporters } from './news/index.ts';
import { operatorImporters } from './operator/index.ts';
import { realEstateImporters } from './real-estate/index.ts';

/** Every importer `fdh import` knows, by dataset name, one list per domain it writes. */
export const importers: AnyImporter[] = [
  ...macroImporters,
  ...commoditiesImporters,
  ...cryptoImporters,
  ...etfImporters,
  ...fxImporters,
  ...realEstateImporters,
  ...newsImporters,
  ...indicesImporters,
  ...calendarImporters,
  ...equitiesImporters,
  ...operatorImporters,
];

export function findImporter(dataset: string): AnyImporter | undefined {
  return importers.find((importer) => importer.dataset === dataset);
}

import type { Importer } from '../../source.ts';
import { jpxPcfImporter } from './jpx-pcf.ts';

/** The etf domain's importers. */
export const etfImporters: Importer[] = [jpxPcfImporter];

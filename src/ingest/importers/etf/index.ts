import type { AnyImporter } from '../../source.ts';
import { jpxPcfImporter } from './jpx-pcf.ts';

/** The etf domain's importers. */
export const etfImporters: AnyImporter[] = [jpxPcfImporter];

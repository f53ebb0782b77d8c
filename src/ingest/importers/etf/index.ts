import type { Importer } from '../../source.ts';

/** The etf domain's importers. */
export const etfImporters: Importer[] = [];

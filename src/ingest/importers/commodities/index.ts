import type { Importer } from '../../source.ts';

/** The commodities domain's importers. */
export const commoditiesImporters: Importer[] = [];

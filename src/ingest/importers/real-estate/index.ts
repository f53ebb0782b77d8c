import type { Importer } from '../../source.ts';

/** The real-estate domain's importers. */
export const realEstateImporters: Importer[] = [];

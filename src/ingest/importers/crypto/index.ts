import type { Importer } from '../../source.ts';

/** The crypto domain's importers. */
export const cryptoImporters: Importer[] = [];

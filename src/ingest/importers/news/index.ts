import type { Importer } from '../../source.ts';

/** The news domain's importers. */
export const newsImporters: Importer[] = [];

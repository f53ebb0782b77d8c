import type { Importer } from '../../source.ts';

/** The equities domain's importers. */
export const equitiesImporters: Importer[] = [];

import type { Importer } from '../../source.ts';

/** The macro domain's importers. */
export const macroImporters: Importer[] = [];

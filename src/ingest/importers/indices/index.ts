import type { Importer } from '../../source.ts';

/** The indices domain's importers. */
export const indicesImporters: Importer[] = [];

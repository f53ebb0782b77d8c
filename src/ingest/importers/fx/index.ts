import type { Importer } from '../../source.ts';

/** The fx domain's importers. */
export const fxImporters: Importer[] = [];

import type { AnyImporter } from '../../source.ts';
import { fredIndicesImporter } from './fred-indices.ts';

/** The indices domain's importers. */
export const indicesImporters: AnyImporter[] = [fredIndicesImporter];

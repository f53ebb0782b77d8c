import type { AnyImporter } from '../../source.ts';
import { bokKospiImporter } from './bok-kospi.ts';
import { fredIndicesImporter } from './fred-indices.ts';
import { fredObservationsImporter } from './fred-observations.ts';
import { jquantsIndicesImporter, jquantsTopixImporter } from './jquants-indices.ts';

/** The indices domain's importers. */
export const indicesImporters: AnyImporter[] = [fredIndicesImporter, fredObservationsImporter, jquantsIndicesImporter, jquantsTopixImporter, bokKospiImporter];

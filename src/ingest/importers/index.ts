import type { AnyImporter } from '../source.ts';
import { domains } from '../../domains/index.ts';

/** Every importer `fdh import` knows, by dataset name: each domain declares its own. */
export const importers: AnyImporter[] = domains.flatMap((domain) => domain.importers);

export function findImporter(dataset: string): AnyImporter | undefined {
  return importers.find((importer) => importer.dataset === dataset);
}

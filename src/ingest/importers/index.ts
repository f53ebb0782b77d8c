import type { Importer } from '../source.ts';

/** Every importer `fdh import` knows, by dataset name. Domains add theirs here. */
export const importers: Importer[] = [];

export function findImporter(dataset: string): Importer | undefined {
  return importers.find((importer) => importer.dataset === dataset);
}

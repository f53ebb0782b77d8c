import { sources as shippedSources } from '../../sources/index.ts';
import { loadCatalogue, resolveSource } from '../catalogue.ts';
import type { SourceDefinition } from '../source-definition.ts';
import type { SourcesFile } from '../sources-file.ts';
import { coverageReport, type CoverageReport } from './coverage.ts';

/**
 * The coverage of the catalogue the sources file makes (the shipped sources and its modules),
 * each source enabled or disabled as the file says. Credentials are not asked for: a source
 * whose key is missing is reported by `fdh sync status`, and still feeds once the key is set.
 */
export async function sourcesCoverage(file: SourcesFile, shipped: readonly SourceDefinition[] = shippedSources): Promise<CoverageReport> {
  const catalogue = await loadCatalogue(shipped, file);
  return coverageReport(
    catalogue.map((definition) => ({ id: definition.id, enabled: resolveSource(definition, file, {}).enabled, feeds: definition.feeds ?? [] })),
  );
}

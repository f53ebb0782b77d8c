import { sources as shippedSources } from '../../sources/index.ts';
import { loadCatalogue, resolveSource } from '../catalogue.ts';
import type { SourceDefinition } from '../source-definition.ts';
import type { SourcesFile } from '../sources-file.ts';
import type { FeedingSource } from '../../../facts/registry.ts';
import { coverageReport, type CoverageReport } from './coverage.ts';

/**
 * The catalogue the sources file makes (the shipped sources and its modules), each source
 * enabled or disabled as the file says, with what it declares it feeds. Credentials are not
 * asked for: a source whose key is missing is reported by `fdh sync status`, and still feeds
 * once the key is set.
 */
export async function feedingSources(file: SourcesFile, shipped: readonly SourceDefinition[] = shippedSources): Promise<FeedingSource[]> {
  const catalogue = await loadCatalogue(shipped, file);
  return catalogue.map((definition) => ({
    id: definition.id,
    publisher: definition.publisher,
    enabled: resolveSource(definition, file, {}).enabled,
    feeds: definition.feeds ?? [],
  }));
}

/** The coverage of that catalogue. */
export async function sourcesCoverage(file: SourcesFile, shipped: readonly SourceDefinition[] = shippedSources): Promise<CoverageReport> {
  return coverageReport(await feedingSources(file, shipped));
}

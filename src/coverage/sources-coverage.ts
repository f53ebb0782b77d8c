import { sources as shippedSources } from '../ingest/sources/index.ts';
import { loadCatalogue, resolveSource } from '../ingest/sync/catalogue.ts';
import type { SourceDefinition } from '../ingest/sync/source-definition.ts';
import type { SourcesFile } from '../ingest/sync/sources-file.ts';
import type { FeedingSource } from '../facts/registry.ts';
import type { AppContext } from '../context.ts';
import { coverageReport, type CoverageReport } from './coverage.ts';
import { openHubAnswers } from './hub-answers.ts';

/**
 * The catalogue the sources file makes (the shipped sources and its modules), each source
 * enabled or disabled as the file says, with what it declares it feeds with the parameters the
 * file gives it (a source whose parameters name nothing to read feeds nothing). Credentials are
 * not asked for: a source whose key is missing is reported by `fdh sync status`, and still
 * feeds once the key is set.
 */
export async function feedingSources(file: SourcesFile, shipped: readonly SourceDefinition[] = shippedSources): Promise<FeedingSource[]> {
  const catalogue = await loadCatalogue(shipped, file);
  return catalogue.map((definition) => {
    const resolved = resolveSource(definition, file, {});
    return {
      id: definition.id,
      publisher: definition.publisher,
      enabled: resolved.enabled,
      feeds: definition.configuredFeeds?.(resolved.params) ?? definition.feeds ?? [],
    };
  });
}

/**
 * The coverage of the store `runtime` opens, as its answers show it, with what that catalogue
 * declares for the fields they leave empty.
 */
export async function storeCoverage(runtime: AppContext, file: SourcesFile, shipped: readonly SourceDefinition[] = shippedSources): Promise<CoverageReport> {
  const sources = await feedingSources(file, shipped);
  const answers = await openHubAnswers(runtime);
  try {
    return await coverageReport({ ask: answers.ask, sources });
  } finally {
    await answers.close();
  }
}

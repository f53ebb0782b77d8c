import type { Importer } from '../source.ts';
import type { SdmxFile, SdmxObservations } from '../importers/macro/sdmx-observations.ts';
import { earlierOf } from '../importers/fx/known-at.ts';
import { parsedPayload, type CollectContext, type CollectResult, type ImportPayload } from '../sync/source-definition.ts';

/**
 * Fetches each of a publisher's SDMX files (conditionally: an unchanged file is not read again)
 * and reads it at once, so an HTML page or a changed file fails the run before anything is
 * imported. A file's figures are known from its header's Prepared time, never later than the
 * fetch (the file in hand was published); without one, from the fetch.
 */
export async function collectSdmxFiles(
  context: Pick<CollectContext, 'baseUrl' | 'fetch' | 'now'>,
  importer: Importer<SdmxObservations>,
  files: readonly SdmxFile[],
): Promise<CollectResult> {
  const payloads: ImportPayload[] = [];
  for (const file of files) {
    const answer = await context.fetch({ url: `${context.baseUrl}${file.path}` });
    if (answer.notModified) continue;
    const parsed = importer.parse(answer.body.toString('utf8'), file.fileName);
    const fetched = context.now.toISOString();
    const knowledgeAt = new Date(parsed.prepared === undefined ? fetched : earlierOf(parsed.prepared, fetched));
    payloads.push(parsedPayload(importer, parsed, { fileName: file.fileName, archiveHashes: [answer.archiveHash], knowledgeAt }));
  }
  return { payloads, cursor: undefined };
}

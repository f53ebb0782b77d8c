import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { Type, type Static } from 'typebox';
import type { OperatorFormat } from '../../../facts/families.ts';
import { OPERATOR_IMPORTERS } from '../../importers/operator/index.ts';
import { operatorFeeds } from '../../importers/operator/loaded-facts.ts';
import { byteSize, LIMIT_SETTINGS, payloadLimits } from '../../limits.ts';
import { defineSource, type CollectContext, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';

const Paths = Type.Array(Type.String({ minLength: 1 }));

/** The operator's files, by format: absolute paths, or relative to the directory `fdh sync` runs in. */
const OperatorFilesParams = Type.Object(
  {
    geography: Paths,
    instruments: Paths,
    observations: Paths,
    events: Paths,
  },
  { additionalProperties: false },
);

/** Places first, then the funds and issues, then their figures: a file may name what an earlier format created. */
const LOAD_ORDER: readonly OperatorFormat[] = ['geography', 'instruments', 'observations', 'events'];

async function collect({ params }: CollectContext<Static<typeof OperatorFilesParams>>): Promise<CollectResult> {
  const { maxInflatedBytes } = payloadLimits();
  const payloads = [];
  for (const format of LOAD_ORDER) {
    for (const path of params[format]) {
      const file = resolve(path);
      const { size } = await stat(file);
      if (size > maxInflatedBytes)
        throw new Error(`operator-files: ${file} is ${byteSize(size)}, more than ${byteSize(maxInflatedBytes)} (${LIMIT_SETTINGS.maxInflatedBytes.name})`);
      // A file loaded before is the release already made: the run adds nothing for it.
      payloads.push({ importer: OPERATOR_IMPORTERS[format], fileName: basename(file), content: await readFile(file), archiveHashes: [] });
    }
  }
  return { payloads, cursor: undefined };
}

/**
 * The operator's licensed files (docs/data-sources.md, "Loading licensed data"), read from
 * local paths on the sync schedule, each as `fdh import operator-<format>` would load it. Off
 * by default: there is nothing to read until the operator names the files.
 */
export const operatorFilesSource = defineSource({
  id: 'operator-files',
  publisher: 'operator',
  description: "The operator's own files of licensed data (observations, events, instruments, geography), read from local paths",
  // Read from the local disk; no request is made.
  defaultBaseUrl: 'file:///',
  defaultSchedule: '15 6 * * *',
  timeZone: 'UTC',
  params: OperatorFilesParams,
  defaultParams: { geography: [], instruments: [], observations: [], events: [] },
  enabledByDefault: false,
  credentials: [],
  importers: Object.values(OPERATOR_IMPORTERS),
  feeds: operatorFeeds(),
  collect,
});

export const operatorSources: SourceDefinition[] = [operatorFilesSource];

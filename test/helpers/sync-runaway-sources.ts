import { NoParams, type SourceDefinition } from '../../src/ingest/sync/source-definition.ts';

/**
 * Test-only sources that never finish on their own, as a hostile payload makes a parser do: one
 * spins on the CPU (a catastrophic regex, an endless recurrence), one allocates without end (a
 * decompression bomb). They run in the sync worker thread like any source; the isolation test
 * names this module in its sources file.
 */
function runaway(id: string, description: string, work: () => void): SourceDefinition {
  return {
    id,
    publisher: 'runaway-test',
    description,
    defaultBaseUrl: 'http://127.0.0.1:9',
    defaultSchedule: '0 16 * * 1-5',
    timeZone: 'UTC',
    params: NoParams,
    defaultParams: {},
    credentials: [],
    importers: [],
    async collect() {
      work();
      return { payloads: [], cursor: undefined };
    },
  };
}

export const sources: SourceDefinition[] = [
  runaway('runaway-spin', 'spins on the CPU forever (test source)', () => {
    for (let spins = 0; ; spins++) if (spins < 0) break;
  }),
  runaway('runaway-memory', 'allocates memory without end (test source)', () => {
    const held: string[][] = [];
    for (;;) held.push(Array.from({ length: 100_000 }, (_, i) => `row ${i} of a payload that never ends`));
  }),
];

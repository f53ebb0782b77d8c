import type { SourceDefinition } from '../sync/source-definition.ts';

/** Every shipped source of `fdh sync`, one publisher module each (docs/data-sources.md). */
export const sources: SourceDefinition[] = [];

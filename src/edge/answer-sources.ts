import type { FigureSource } from './envelope.ts';

/** What of a request decides the facts its answer reads: its path parameters and query, with the validator's defaults. */
export interface AnswerRequest {
  params: unknown;
  query: unknown;
}

/** Finds the sources of one answer's figures (`meta.sources`). */
export type SourcesOfAnswer = (request: AnswerRequest) => Promise<FigureSource[]>;

/**
 * Where data routes find the sources of their figures: a port the edge defines and the
 * composition root fills (src/facts/provenance.ts). Undefined for a route that serves no
 * stored fact (`/usage`).
 */
export interface AnswerSources {
  of(path: string): SourcesOfAnswer | undefined;
}

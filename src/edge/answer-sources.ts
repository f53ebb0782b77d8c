import type { FigureSource } from './envelope.ts';
import type { RouteReads, ValidatedRequest } from './route-reads.ts';

/** Finds the sources of one answer's figures (`meta.sources`) from the request as validated. */
export type SourcesOfAnswer<Params = unknown, Query = unknown> = (request: ValidatedRequest<Params, Query>) => Promise<FigureSource[]>;

/**
 * Where data routes find the sources of their figures: a port the edge defines and the
 * composition root fills (src/facts/provenance.ts). A route that declares no reads serves no
 * stored fact (`/usage`) and asks nothing.
 */
export interface AnswerSources {
  of<Params, Query>(reads: RouteReads<Params, Query>): SourcesOfAnswer<Params, Query>;
}

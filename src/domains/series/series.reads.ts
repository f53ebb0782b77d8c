import type { RouteReads } from '../../edge/route-reads.ts';
import { storedFact } from '../../facts/names.ts';

/**
 * `/series/{fact}` reads the one fact it names: a catalogue endpoint without fields of its own
 * (every fact's coverage is measured at the endpoints that show it), whose answers still name
 * their sources. An instrument of a table-grain family (`equity.bar:7203`) is its table's.
 */
export const seriesReads: RouteReads<{ fact: string }> = {
  example: '/series/index.close:N225',
  fields: {},
  named: ({ params }) => {
    const stored = storedFact(params.fact) ?? storedFact(params.fact.slice(0, params.fact.includes(':') ? params.fact.indexOf(':') : params.fact.length));
    return stored === undefined ? [] : [stored];
  },
};

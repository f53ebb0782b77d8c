import type { RouteReads } from '../../edge/route-reads.ts';
import { storedFact } from '../../facts/names.ts';
import { listedFacts } from './series-table.ts';

/** The stored fact a series reads: its own, or its table's for an instrument of a table-grain family (`equity.bar:7203`). */
function storedOf(fact: string): string[] {
  const stored = storedFact(fact) ?? storedFact(fact.slice(0, fact.includes(':') ? fact.indexOf(':') : fact.length));
  return stored === undefined ? [] : [stored];
}

/**
 * `/series/{fact}` reads the one fact it names: a catalogue endpoint without fields of its own
 * (every fact's coverage is measured at the endpoints that show it), whose answers still name
 * their sources.
 */
export const seriesReads: RouteReads<{ fact: string }> = {
  example: '/series/index.close:N225',
  fields: {},
  named: ({ params }) => storedOf(params.fact),
};

/** `/series/table` reads each fact it names, as `/series/{fact}` would. */
export const seriesTableReads: RouteReads<unknown, { facts: string }> = {
  example: '/series/table?facts=macro:us.cpi,index.close:N225',
  fields: {},
  named: ({ query }) => listedFacts(query.facts).flatMap(storedOf),
};

/** `/series/{fact}/vintages` reads when the fact's figures were learned. */
export const seriesVintagesReads: RouteReads<{ fact: string }> = {
  example: '/series/macro:us.cpi/vintages',
  fields: {},
  named: ({ params }) => storedOf(params.fact),
};

import type { RouteReads } from '../../edge/route-reads.ts';
import { storedFacts } from '../../facts/names.ts';
import { indexInstrument } from '../instruments/instruments.catalogue.ts';
import { INDEX_CATALOGUE, type IndexDescription } from './indices.catalogue.ts';

/** What each indices endpoint reads (src/edge/route-reads.ts): names, countries and currencies are the catalogue's (indices.catalogue.ts). */

const closesOf = (board: IndexDescription['board']) =>
  INDEX_CATALOGUE.filter((index) => index.board === board).map((index) => storedFacts.close(indexInstrument(index.code)));
const LABELS = ['[].code', '[].name', '[].country', '[].region', '[].asOf', '[].currency', '[].source'];

export const indicesSnapshotReads: RouteReads = {
  example: '/market/indices/snapshot',
  fields: { '[].level': closesOf('japan') },
  derived: ['[].change', '[].changePercent'],
  labels: LABELS,
};

export const globalIndicesReads: RouteReads = {
  example: '/market/global-indices',
  fields: { '[].level': closesOf('global') },
  derived: ['[].change', '[].changePercent'],
  labels: LABELS,
};

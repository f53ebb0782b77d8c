/** One daily close of one instrument (an FX pair, an index, a commodity), as its publisher printed it. */
export type InstrumentCloseRow = {
  /** `fx:USD/JPY`, `index:N225`, `commodity:gold`: see instruments.catalogue.ts. */
  instrument: string;
  /** YYYY-MM-DD. */
  date: string;
  close: number;
  source: string;
  /** The import release that wrote the row; null for demo data. */
  release_id: string | null;
  /** When the hub learned the close (ISO date-time): the release's, or the demo's publication time. */
  knowledge_at: string;
};

/** A close a release replaced or withdrew, kept so the release can be taken back (store/migrations/0030). */
export type SupersededCloseRow = Omit<InstrumentCloseRow, 'release_id'> & {
  /** The release that replaced or withdrew it. */
  release_id: string;
  /** The release that had written it; null for demo data. */
  previous_release_id: string | null;
};

/** The one series store of instrument levels, read by every domain that shows one. */
export interface InstrumentTables {
  instrument_close: InstrumentCloseRow;
  instrument_close_superseded: SupersededCloseRow;
}

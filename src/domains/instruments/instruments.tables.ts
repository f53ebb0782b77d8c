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

/** The one series store of instrument levels, read by every domain that shows one. */
export interface InstrumentTables {
  instrument_close: InstrumentCloseRow;
}

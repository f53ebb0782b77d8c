/**
 * One version of one published figure (contract section 7). Every version a release brought is
 * kept: as-of selection picks, per series and period, the latest version known at a cut-off.
 */
export interface MacroObservationTable {
  /** Series key, e.g. `jp.fdi.inward.asia`, `vn.fdi.registered-ytd`, `jp.tibor.3m`. */
  series: string;
  /** `YYYY`, `YYYY-Qn`, `YYYY-MM` or `YYYY-MM-DD`: sorts as text within a series. */
  period: string;
  /** `null`: the publisher published the period without a figure. */
  value: number | null;
  /** Publisher flag on the figure (`x` confidential, `r` revised, …). */
  marker: string | null;
  release_id: string;
  /** The release's `knowledge_at`, copied so as-of reads need no join to filter. */
  knowledge_at: string;
}

/** The macro domain's tables. */
export interface MacroTables {
  macro_observation: MacroObservationTable;
}

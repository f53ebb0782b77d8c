/**
 * What a data endpoint reads from the store, field by field, as its route declares it: what
 * `meta.sources`, `fdh sync coverage` and the fact registry read. A field is a path in the
 * answer's `data` (`[]` for each item of a list: `rows[].lastPrice`); its facts are the stored
 * facts (src/facts/patterns.ts) the domain's service reads to fill it, for every request the
 * endpoint serves, not only the example's: the FX table reads every default pair, a macro
 * endpoint every country it can be asked for. Only the figures a field is read from are listed;
 * a change or a ratio computed from them reads the same.
 */

/** A request as the validator hands it to the handler: its typed path parameters and query, defaults filled in. */
export interface ValidatedRequest<Params = unknown, Query = unknown> {
  params: Params;
  query: Query;
}

/** The fields of an endpoint's answers and the stored facts each reads. */
export interface EndpointFields {
  /** A request (below `/openapi/v1`) whose answer shows the fields, with the parameters the contract needs. */
  example: string;
  /** Response field (a path in `data`) → the stored facts it reads. */
  fields: Readonly<Record<string, readonly string[]>>;
  /** Fields shown only by another request than `example` (`/macro/economic-data?type=cpi`). */
  fieldExamples?: Readonly<Record<string, string>>;
  /**
   * Facts served only when a request names them (any stored pair in `/fx/table?pairs=`), beyond
   * the default answer the fields describe: not counted in the coverage, but read.
   */
  onRequest?: readonly string[];
  /** Figures the service computes from those `fields` read (a change, a ratio, a rank): no fact of their own. */
  derived?: readonly string[];
  /** What is no figure: identifiers, the catalogues' names and units, the request echoed, the date that places a figure. */
  labels?: readonly string[];
  /** A table whose rows read series of their own (an indicator table's countries): what names a row and what it reads. */
  rows?: TableRows;
}

/** The rows of a table answer, each read from its own facts, so that an empty row can be named with why. */
export interface TableRows {
  /** The list in `data` whose items are the rows (`rows`). */
  list: string;
  /** The field of a row that names it (`country`). */
  label: string;
  /** Each row's stored facts, by its label. */
  facts: Readonly<Record<string, readonly string[]>>;
  /** A request answering every period the store holds, and the path in its `data` of the periods its rows' values align with. */
  whole: { request: string; periods: string };
}

/** A route's reads: its fields, and the facts a request reads when it names its own instruments. */
export interface RouteReads<Params = unknown, Query = unknown> extends EndpointFields {
  /**
   * The facts a request reads when it names the very instruments it shows (`/fx/table?pairs=`),
   * in place of every one the endpoint can be asked for; undefined when it names none.
   */
  named?: (request: ValidatedRequest<Params, Query>) => readonly string[] | undefined;
}

/** A route's reads with its request's types left inside: only the edge, which validated a request of the route, may ask `named`. */
export type DeclaredReads = RouteReads<never, never>;

/** A data endpoint: its route, and what it reads. */
export interface ReadingEndpoint {
  /** The registered route below `/openapi/v1`, in Fastify's syntax: `/commodities/:id/history`. */
  path: string;
  reads: DeclaredReads;
}

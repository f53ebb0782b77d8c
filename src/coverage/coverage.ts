import type { ReadingEndpoint, TableRows } from '../edge/route-reads.ts';
import { READING_ENDPOINTS } from '../domains/index.ts';
import { feeds } from '../facts/patterns.ts';
import { UNAVAILABLE, unavailableFor, type UnfedKind } from '../facts/unavailable.ts';
import { fieldFigures, newestWithFigure, tableRowFigures, valuesAt } from './answer-fields.ts';
import type { AskHub, HubAnswer } from './hub-answers.ts';

/** A source as coverage sees it: what it declares it feeds with its parameters; a disabled one declares nothing. */
export interface CoverageSource {
  id: string;
  enabled: boolean;
  feeds: readonly string[];
}

/**
 * What the answer shows of a field: `served`, a figure in it (a series may have a gap, a list a
 * row without the figure: `values` and `withFigure` say how many); `declared, not yet loaded`,
 * none, though an enabled source declares one of its facts; `no source`, none, and no enabled
 * source declares any of its facts.
 */
export type FieldState = 'served' | 'declared, not yet loaded' | 'no source';

export interface UnavailableReason {
  figure: string;
  kind: UnfedKind;
  reason: string;
}

export interface FieldCoverage {
  /** The path in the answer's `data` (the route's declared reads, src/edge/route-reads.ts). */
  field: string;
  /** The request asked for it, below `/openapi/v1`. */
  request: string;
  state: FieldState;
  /** The stored facts it reads, as its route declares. */
  facts: string[];
  /** The field's values in the answer (one per row, for a field of a list), and how many hold a figure. */
  values: number;
  withFigure: number;
  /** The enabled sources that declare a feed for one of its facts. */
  sources: string[];
  /** Its facts no enabled source declares. */
  unfed: string[];
  /** Why no shipped source fills those, where unavailable.ts says (for a field not served, or served with gaps). */
  unavailable: UnavailableReason[];
  /** The answer was not a 200: the field counts as not served, and this is a problem to look at. */
  problem?: { statusCode: number; message: string };
  /** For a field of a table's rows (route-reads.ts `rows`): each row it leaves empty, and why. */
  emptyRows?: EmptyRow[];
}

/** A table row without a figure in a field: its label (`VN`), and why, from the row's own facts. */
export interface EmptyRow {
  row: string;
  why: string;
}

export type CoverageStatus = 'full' | 'partial' | 'none';

export interface EndpointCoverage {
  path: string;
  /** `full`: every value of every field holds a figure; `none`: no field is served; `partial`: the rest. */
  status: CoverageStatus;
  /** The enabled sources that declare a feed for some fact the endpoint reads, by id. */
  sources: string[];
  fields: FieldCoverage[];
}

export interface CoverageReport {
  endpoints: EndpointCoverage[];
  summary: Record<CoverageStatus, number>;
  /** The endpoints whose every field is served (each holds a figure in some row): the full ones and the partial ones with gaps only. */
  everyFieldServed: number;
}

export interface CoverageInput {
  /** The hub's answers (hub-answers.ts). */
  ask: AskHub;
  /** The catalogue, each source with what it declares it feeds. */
  sources: readonly CoverageSource[];
  /** Default: every route that declares its reads. */
  endpoints?: readonly ReadingEndpoint[];
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

function reasonsFor(facts: readonly string[]): UnavailableReason[] {
  const byFigure = new Map<string, UnavailableReason>();
  for (const fact of facts) {
    const entry = unavailableFor(fact);
    if (entry !== undefined) byFigure.set(entry.figure, { figure: entry.figure, kind: entry.kind, reason: entry.reason });
  }
  return [...byFigure.values()];
}

const feedersOf = (enabled: readonly CoverageSource[], fact: string): string[] =>
  enabled.filter((source) => source.feeds.some((feed) => feeds(feed, fact))).map((source) => source.id);

function fieldCoverage(field: string, facts: readonly string[], request: string, answer: HubAnswer, enabled: readonly CoverageSource[]): FieldCoverage {
  const feeders = (fact: string) => feedersOf(enabled, fact);
  const sources = unique(facts.flatMap(feeders));
  const unfed = unique(facts.filter((fact) => feeders(fact).length === 0));
  const { values, withFigure } = answer.statusCode === 200 ? fieldFigures(answer.data, field) : { values: 0, withFigure: 0 };
  const state: FieldState = withFigure > 0 ? 'served' : sources.length > 0 ? 'declared, not yet loaded' : 'no source';
  return {
    field,
    request,
    state,
    facts: [...facts],
    values,
    withFigure,
    sources,
    unfed,
    // For a served field with gaps too: the unfed facts may be why.
    unavailable: withFigure === values && values > 0 ? [] : reasonsFor(unfed),
    ...(answer.statusCode === 200 ? {} : { problem: { statusCode: answer.statusCode, message: answer.message ?? '' } }),
  };
}

const kindsOf = (reasons: readonly UnavailableReason[]): string => {
  const kinds = unique(reasons.map((entry) => entry.kind));
  return kinds.length === 0 ? '' : `: ${kinds.join('; ')}`;
};

/**
 * Why each row of a table leaves `field` empty: no enabled source declares its facts; or the
 * store holds its figures only before the answer's periods (asked again for every period); or
 * they are declared, not yet loaded.
 */
async function emptyRows(
  rows: TableRows,
  field: string,
  answer: HubAnswer,
  askWhole: () => Promise<HubAnswer>,
  enabled: readonly CoverageSource[],
): Promise<EmptyRow[]> {
  const inRow = field.slice(`${rows.list}[].`.length);
  const shown = tableRowFigures(answer.data, rows.list, rows.label, inRow);
  // A table with no column shows no row: every row it reads is empty.
  const empty = shown.length === 0 ? Object.keys(rows.facts).map((label) => ({ label })) : shown.filter((row) => !row.withFigure);
  if (empty.length === 0) return [];
  const whole = await askWhole();
  const wholeRows = whole.statusCode === 200 ? tableRowFigures(whole.data, rows.list, rows.label, inRow) : [];
  const periods = whole.statusCode === 200 ? valuesAt(whole.data, rows.whole.periods) : [];
  return empty.map(({ label }) => {
    const facts = rows.facts[label] ?? [];
    const unfed = facts.filter((fact) => feedersOf(enabled, fact).length === 0);
    if (unfed.length === facts.length) return { row: label, why: `no source${kindsOf(reasonsFor(unfed))}` };
    const newest = newestWithFigure(wholeRows.find((row) => row.label === label)?.values, periods);
    if (newest !== undefined) return { row: label, why: `its newest figure is of ${newest}, before the columns` };
    return { row: label, why: `declared, not yet loaded${kindsOf(reasonsFor(unfed))}` };
  });
}

/**
 * Which endpoint fields the store serves: each field of each endpoint asked with its example
 * request, judged by whether the answer holds a figure there, and, where it holds none, whether
 * an enabled source of the catalogue declares one of its facts.
 */
export async function coverageReport({ ask, sources, endpoints = READING_ENDPOINTS }: CoverageInput): Promise<CoverageReport> {
  const enabled = sources.filter((source) => source.enabled);
  // Fields of one endpoint often share a request: each is asked once.
  const answers = new Map<string, HubAnswer>();
  const answerTo = async (request: string): Promise<HubAnswer> => {
    const known = answers.get(request);
    if (known !== undefined) return known;
    const answer = await ask(request);
    answers.set(request, answer);
    return answer;
  };
  const report: EndpointCoverage[] = [];
  // An endpoint without fields of its own (`/series/{fact}`) is measured at the endpoints that show its facts.
  for (const { path, reads } of endpoints.filter((endpoint) => Object.keys(endpoint.reads.fields).length > 0)) {
    const fields: FieldCoverage[] = [];
    for (const [field, facts] of Object.entries(reads.fields)) {
      const request = reads.fieldExamples?.[field] ?? reads.example;
      const answer = await answerTo(request);
      const coverage = fieldCoverage(field, facts, request, answer, enabled);
      const rows = reads.rows;
      if (rows !== undefined && field.startsWith(`${rows.list}[].`) && answer.statusCode === 200) {
        coverage.emptyRows = await emptyRows(rows, field, answer, () => answerTo(rows.whole.request), enabled);
      }
      fields.push(coverage);
    }
    const served = fields.filter((field) => field.state === 'served').length;
    // Full means no missing figure: a served field with a gap (a null in a list or series) leaves its endpoint partial.
    const complete = fields.every((field) => field.state === 'served' && field.withFigure === field.values);
    const status: CoverageStatus = complete ? 'full' : served === 0 ? 'none' : 'partial';
    report.push({ path, status, sources: unique(fields.flatMap((field) => field.sources)), fields });
  }
  const count = (status: CoverageStatus) => report.filter((endpoint) => endpoint.status === status).length;
  const everyFieldServed = report.filter((endpoint) => endpoint.fields.every((field) => field.state === 'served')).length;
  return { endpoints: report, summary: { full: count('full'), partial: count('partial'), none: count('none') }, everyFieldServed };
}

/** The unavailable kinds of a field's unfed facts, or, for a table's field, each empty row with why. */
const kindsText = (field: FieldCoverage): string =>
  field.emptyRows === undefined || field.emptyRows.length === 0
    ? kindsOf(field.unavailable)
    : `; empty rows: ${field.emptyRows.map((row) => `${row.row} (${row.why})`).join(', ')}`;

/** Why a field is not served, in a few words: the answer's status, or its state and the unavailable kinds. */
function notServedText(field: FieldCoverage): string {
  if (field.problem !== undefined) return `${field.field} (answer ${field.problem.statusCode})`;
  return `${field.field} (${field.state}${kindsText(field)})`;
}

/**
 * The fields not served, with why; then the served ones some of whose values hold no figure (a
 * list's rows, a series' points), with how many do.
 */
function missingText(endpoint: EndpointCoverage): string {
  const missing = endpoint.fields.filter((field) => field.state !== 'served').map(notServedText);
  const gaps = endpoint.fields
    .filter((field) => field.state === 'served' && field.withFigure < field.values)
    .map((field) => `${field.field} (${field.withFigure} of ${field.values} values${kindsText(field)})`);
  return [...missing, ...gaps].join(', ') || '—';
}

const HEADER = ['endpoint', 'status', 'sources', 'missing figures'] as const;
const cells = (endpoint: EndpointCoverage): string[] => [endpoint.path, endpoint.status, endpoint.sources.join(', ') || '—', missingText(endpoint)];
const summaryLine = (report: CoverageReport): string =>
  `${report.endpoints.length} endpoints: ${report.summary.full} full, ${report.summary.partial} partial, ${report.summary.none} none; ${report.everyFieldServed} serve every field (no field empty in every row)`;

/** The answers that were not a 200, once per request: problems to look at, whatever the data. */
function problemLines(report: CoverageReport): string[] {
  const byRequest = new Map(
    report.endpoints.flatMap((endpoint) => endpoint.fields.flatMap((field) => (field.problem === undefined ? [] : [[field.request, field.problem] as const]))),
  );
  return [...byRequest].map(([request, problem]) => `${request} answered ${problem.statusCode}: ${problem.message}`);
}

/** The report as `fdh sync coverage` prints it: aligned columns, the summary, then any answer that was not a 200. */
export function coverageTable(report: CoverageReport): string {
  const rows = [[...HEADER], ...report.endpoints.map(cells)];
  const widths = HEADER.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ');
  const problems = problemLines(report);
  return `${rows.map(line).join('\n')}\n\n${summaryLine(report)}\n${problems.length === 0 ? '' : `\nProblems:\n${problems.map((problem) => `  ${problem}`).join('\n')}\n`}`;
}

const escapeCell = (cell: string): string => cell.replaceAll('|', '\\|');

/**
 * The report as markdown (`fdh sync coverage --markdown`): the table, the summary, any answer
 * that was not a 200, and the figures no shipped source fills.
 */
export function coverageMarkdown(report: CoverageReport): string {
  const rows = report.endpoints.map((endpoint) => `| \`${endpoint.path}\` | ${cells(endpoint).slice(1).map(escapeCell).join(' | ')} |`);
  const unavailable = UNAVAILABLE.map(
    (entry) => `| ${escapeCell(entry.figure)} | ${entry.facts.map((fact) => `\`${fact}\``).join(', ')} | ${entry.kind} | ${escapeCell(entry.reason)} |`,
  );
  const problems = problemLines(report);
  return [
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map(() => '---').join('|')}|`,
    ...rows,
    '',
    summaryLine(report),
    '',
    ...(problems.length === 0 ? [] : ['Answers that were not a 200:', '', ...problems.map((problem) => `- ${escapeCell(problem)}`), '']),
    'Figures no shipped source fills (served as null), and why:',
    '',
    '| figure | facts | kind | reason |',
    '|---|---|---|---|',
    ...unavailable,
    '',
  ].join('\n');
}

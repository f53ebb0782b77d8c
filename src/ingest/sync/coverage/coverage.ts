import { ENDPOINT_FACTS, type EndpointFacts } from '../../../facts/endpoint-fields.ts';
import { feeds } from '../../../facts/patterns.ts';
import { UNAVAILABLE, unavailableFor, type UnfedKind } from '../../../facts/unavailable.ts';

/** A source as coverage sees it: a disabled one feeds nothing. */
export interface CoverageSource {
  id: string;
  enabled: boolean;
  feeds: readonly string[];
}

export interface MissingField {
  field: string;
  /** The facts of the field no enabled source fills. */
  facts: string[];
  /** Why, for those facts unavailable.ts names. */
  unavailable: { figure: string; kind: UnfedKind; reason: string }[];
}

export type CoverageStatus = 'full' | 'partial' | 'none';

export interface EndpointCoverage {
  path: string;
  /** `full`: every fact of every field is fed; `none`: no fact is; `partial`: some are. */
  status: CoverageStatus;
  /** The enabled sources that fill some fact the endpoint reads, by id. */
  sources: string[];
  missing: MissingField[];
}

export interface CoverageReport {
  endpoints: EndpointCoverage[];
  summary: Record<CoverageStatus, number>;
}

function endpointCoverage(endpoint: EndpointFacts, enabled: readonly CoverageSource[]): EndpointCoverage {
  const feeders = (fact: string) => enabled.filter((source) => source.feeds.some((feed) => feeds(feed, fact)));
  const sources = new Set<string>();
  const missing: MissingField[] = [];
  let factCount = 0;
  let unfedCount = 0;
  for (const [field, facts] of Object.entries(endpoint.fields)) {
    const unfed: string[] = [];
    for (const fact of facts) {
      const found = feeders(fact);
      for (const source of found) sources.add(source.id);
      if (found.length === 0) unfed.push(fact);
    }
    factCount += facts.length;
    unfedCount += unfed.length;
    if (unfed.length === 0) continue;
    const reasons = new Map(unfed.flatMap((fact) => {
      const entry = unavailableFor(fact);
      return entry === undefined ? [] : [[entry.figure, { figure: entry.figure, kind: entry.kind, reason: entry.reason }] as const];
    }));
    missing.push({ field, facts: unfed, unavailable: [...reasons.values()] });
  }
  const status: CoverageStatus = unfedCount === 0 ? 'full' : unfedCount === factCount ? 'none' : 'partial';
  return { path: endpoint.path, status, sources: [...sources], missing };
}

/** Which endpoints the enabled sources fill: per endpoint of `map`, its status, sources and unfed fields. */
export function coverageReport(sources: readonly CoverageSource[], map: readonly EndpointFacts[] = ENDPOINT_FACTS): CoverageReport {
  const enabled = sources.filter((source) => source.enabled);
  const endpoints = map.map((endpoint) => endpointCoverage(endpoint, enabled));
  const count = (status: CoverageStatus) => endpoints.filter((endpoint) => endpoint.status === status).length;
  return { endpoints, summary: { full: count('full'), partial: count('partial'), none: count('none') } };
}

function missingText(endpoint: EndpointCoverage): string {
  if (endpoint.missing.length === 0) return '—';
  return endpoint.missing
    .map((field) => (field.unavailable.length === 0 ? field.field : `${field.field} (${[...new Set(field.unavailable.map((entry) => entry.kind))].join('; ')})`))
    .join(', ');
}

const HEADER = ['endpoint', 'status', 'sources', 'missing fields'] as const;
const cells = (endpoint: EndpointCoverage): string[] => [endpoint.path, endpoint.status, endpoint.sources.join(', ') || '—', missingText(endpoint)];
const summaryLine = (report: CoverageReport): string =>
  `${report.endpoints.length} endpoints: ${report.summary.full} full, ${report.summary.partial} partial, ${report.summary.none} none`;

/** The report as `fdh sync coverage` prints it: aligned columns, then the summary. */
export function coverageTable(report: CoverageReport): string {
  const rows = [[...HEADER], ...report.endpoints.map(cells)];
  const widths = HEADER.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ');
  return `${rows.map(line).join('\n')}\n\n${summaryLine(report)}\n`;
}

const escape = (cell: string): string => cell.replaceAll('|', '\\|');

/**
 * The report as markdown (`fdh sync coverage --markdown`): the table, the summary and the
 * figures no shipped source fills. The coverage section of docs/data-sources.md is this text
 * for the shipped sources and sources file.
 */
export function coverageMarkdown(report: CoverageReport): string {
  const rows = report.endpoints.map((endpoint) => `| \`${endpoint.path}\` | ${cells(endpoint).slice(1).map(escape).join(' | ')} |`);
  const unavailable = UNAVAILABLE.map((entry) => `| ${escape(entry.figure)} | ${entry.facts.map((fact) => `\`${fact}\``).join(', ')} | ${entry.kind} | ${escape(entry.reason)} |`);
  return [
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map(() => '---').join('|')}|`,
    ...rows,
    '',
    summaryLine(report),
    '',
    'Figures no shipped source fills (served as null), and why:',
    '',
    '| figure | facts | kind | reason |',
    '|---|---|---|---|',
    ...unavailable,
    '',
  ].join('\n');
}

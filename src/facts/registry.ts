import { cadenceOf, type Cadence, type CadencePeriod } from './cadence.ts';
import type { ReadingEndpoint } from '../edge/route-reads.ts';
import { FACT_FAMILIES, type FactFamily, type Frequency, type OperatorFormat } from './families.ts';
import { factName } from './names.ts';
import { feeds } from './patterns.ts';
import { unavailableFor, type UnfedKind } from './unavailable.ts';

/** A source as the registry sees it: what it declares it feeds. */
export interface FeedingSource {
  id: string;
  publisher: string;
  enabled: boolean;
  feeds: readonly string[];
}

/** An endpoint field a fact fills. */
export interface FactField {
  /** The route below `/openapi/v1`: `/market/global-indices`. */
  endpoint: string;
  /** The path in the answer's `data`: `[].level`. */
  field: string;
}

/** One figure the hub serves, as `fdh facts` lists it. */
export interface Fact {
  /** `index.close:FTSE`, `macro:us.cpi`, `etf.trustFee`. */
  name: string;
  family: string;
  what: string;
  unit: string;
  frequency: Frequency;
  timeZone: string;
  pointInTime: string;
  /** Where it is stored (patterns.ts). */
  stored: string;
  /** The operator file format that loads it (docs/data-sources.md). */
  format: OperatorFormat;
  /** When its publisher puts out the next figure (cadence.ts): what freshness judges it by. */
  cadence: Cadence;
  /** The sources of the catalogue that declare they feed it, enabled or not. */
  sources: { id: string; publisher: string; enabled: boolean }[];
  fields: FactField[];
  /** Why no shipped source fills it, where unavailable.ts says. */
  unfed?: { kind: UnfedKind; reason: string };
  /** Read only when a request names it (any stored pair in `/fx/table?pairs=`), not by a default answer. */
  onRequest?: true;
}

function fieldsOf(endpoints: readonly ReadingEndpoint[]): Map<string, FactField[]> {
  const byStored = new Map<string, FactField[]>();
  const add = (stored: string, field: FactField) => byStored.set(stored, [...(byStored.get(stored) ?? []), field]);
  for (const { path, reads } of endpoints) {
    for (const [field, facts] of Object.entries(reads.fields)) for (const stored of new Set(facts)) add(stored, { endpoint: path, field });
    for (const stored of reads.onRequest ?? []) if (!byStored.has(stored)) byStored.set(stored, []);
  }
  return byStored;
}

const FREQUENCY_OF_PERIOD: Readonly<Record<CadencePeriod, Frequency>> = {
  'business-day': 'daily',
  day: 'daily',
  week: 'weekly',
  month: 'monthly',
  quarter: 'quarterly',
  year: 'annual',
};

const describe = (family: FactFamily) => ({
  family: family.name,
  what: family.what,
  unit: family.unit,
  frequency: family.frequency,
  timeZone: family.timeZone,
  pointInTime: family.pointInTime,
  format: family.format,
});

/**
 * A stored fact (`instrument_close:index:FTSE`) as the registry describes it, with the sources
 * of `catalogue` that feed it and the endpoint fields it fills: also a fact only the store holds
 * (a pair a publisher added), which `/series` lists beside the registry's.
 */
export function factOf(stored: string, catalogue: readonly FeedingSource[] = [], fields: FactField[] = []): Fact {
  const { family, name } = factName(stored);
  const cadence = cadenceOf(stored);
  const unfed = unavailableFor(stored);
  return {
    name,
    ...describe(family),
    stored,
    cadence,
    // A series of a family may keep another timetable than the family's (quarterly GDP among monthly statistics).
    frequency: cadence.kind === 'periodic' ? FREQUENCY_OF_PERIOD[cadence.period] : family.frequency,
    sources: catalogue.filter((source) => source.feeds.some((feed) => feeds(feed, stored))).map(({ id, publisher, enabled }) => ({ id, publisher, enabled })),
    fields,
    ...(unfed === undefined ? {} : { unfed: { kind: unfed.kind, reason: unfed.reason } }),
  };
}

/**
 * Every fact the `endpoints` (the routes' declared reads) serve, named, with the fields it fills
 * and the sources of `catalogue` that feed it: the one list `fdh facts` prints and coverage,
 * freshness and provenance read.
 */
export function factRegistry(catalogue: readonly FeedingSource[], endpoints: readonly ReadingEndpoint[]): Fact[] {
  const onRequestOnly = new Set(endpoints.flatMap((endpoint) => endpoint.reads.onRequest ?? []));
  return [...fieldsOf(endpoints)]
    .map(
      ([stored, fields]): Fact => ({
        ...factOf(stored, catalogue, fields),
        ...(fields.length === 0 && onRequestOnly.has(stored) ? { onRequest: true as const } : {}),
      }),
    )
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** `monthly, due 35 days after the month`, `never due`. */
function cadenceText(cadence: Cadence): string {
  switch (cadence.kind) {
    case 'periodic':
      return `every ${cadence.period}, due ${cadence.lagDays} ${cadence.period === 'business-day' ? 'business days' : 'days'} after it`;
    case 'schedule':
      return `a schedule, due ${cadence.lagDays} days after its last date`;
    case 'none':
      return 'never due';
  }
}

/** The registry as `fdh facts` prints it: a line per fact, its fields below. */
export function factsText(facts: readonly Fact[]): string {
  const lines = facts.flatMap((fact) => {
    const fed =
      fact.sources.length > 0
        ? `fed by ${fact.sources.map((source) => `${source.id}${source.enabled ? '' : ' (off)'}`).join(', ')}`
        : `no source${fact.unfed === undefined ? '' : ` (${fact.unfed.kind})`}`;
    return [
      `${fact.name}  ${fact.unit}, ${cadenceText(fact.cadence)}, ${fact.format} file — ${fed}`,
      ...fact.fields.map((field) => `    ${field.endpoint} ${field.field}`),
    ];
  });
  return `${lines.join('\n')}\n\n${facts.length} facts\n`;
}

const cell = (text: string): string => text.replaceAll('|', '\\|');

/**
 * The registry as docs/data-sources.md shows it (`fdh facts --markdown`): one row per family,
 * with how many facts endpoints read of it and the sources that feed them.
 */
export function factsMarkdown(facts: readonly Fact[]): string {
  const rows = FACT_FAMILIES.map((family) => {
    const members = facts.filter((fact) => fact.family === family.name);
    const fed = members.filter((fact) => fact.sources.length > 0).length;
    const feeding = [...new Set(members.flatMap((fact) => fact.sources.map((source) => source.id)))];
    const example = (members.find((fact) => fact.onRequest !== true) ?? members[0])?.name ?? family.name;
    return `| \`${family.name}\` | ${cell(family.what)} | ${cell(family.unit)} | ${family.frequency} | ${cell(family.timeZone)} | ${cell(family.pointInTime)} | ${family.format} | ${members.length} (\`${cell(example)}\`) | ${fed} | ${feeding.map((id) => `\`${id}\``).join(', ') || '—'} |`;
  });
  return [
    '| family | one figure is | unit | frequency | time zone | asOf | operator file | facts read (e.g.) | fed | sources |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `${facts.length} facts in ${FACT_FAMILIES.length} families; ${facts.filter((fact) => fact.sources.length > 0).length} have a source in the catalogue.`,
    '',
  ].join('\n');
}

/**
 * Query-string parsing that remembers repeated parameters. The first value is kept for the
 * validator; the names that came more than once travel in a non-enumerable symbol property
 * (invisible to the schema) so the edge can answer 400 naming them.
 */
export const REPEATED_PARAMETERS = Symbol('repeated parameters');

export type ParsedQuery = Record<string, string> & { [REPEATED_PARAMETERS]?: string[] };

export function parseQueryString(text: string): ParsedQuery {
  const query: ParsedQuery = Object.create(null);
  if (text === '') return query;
  const repeated: string[] = [];
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(query, name)) {
      if (!repeated.includes(name)) repeated.push(name);
      continue;
    }
    query[name] = value;
  }
  if (repeated.length > 0) Object.defineProperty(query, REPEATED_PARAMETERS, { value: repeated, enumerable: false });
  return query;
}

export function repeatedParametersOf(query: unknown): string[] {
  if (typeof query !== 'object' || query === null) return [];
  return (query as ParsedQuery)[REPEATED_PARAMETERS] ?? [];
}

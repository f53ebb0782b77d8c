/**
 * A node:test reporter that writes one JSON line per failed test (file, name, error) and one per
 * finished top-level test (file, duration), so that `npm test` can repeat every failure after
 * its last pass, where CI's short view of a long log shows it, and name the slowest files.
 */
export type SummaryLine = { kind: 'failed'; file?: string; line?: number; name: string; error: string } | { kind: 'duration'; file: string; ms: number };

interface TestEvent {
  type: string;
  data: {
    file?: string;
    line?: number;
    name: string;
    nesting: number;
    details: { duration_ms?: number; error?: unknown };
  };
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // node:test wraps what the test threw in an ERR_TEST_FAILURE whose cause is the real error.
  const cause = (error as Error & { cause?: unknown }).cause;
  const shown = cause instanceof Error ? cause : error;
  return (shown.stack ?? shown.message).split('\n').slice(0, 12).join('\n');
}

export default async function* testSummary(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  for await (const { type, data } of source) {
    const lines: SummaryLine[] = [];
    if (type === 'test:fail') lines.push({ kind: 'failed', file: data.file, line: data.line, name: data.name, error: describeError(data.details.error) });
    if ((type === 'test:pass' || type === 'test:fail') && data.nesting === 0 && data.file !== undefined) {
      lines.push({ kind: 'duration', file: data.file, ms: data.details.duration_ms ?? 0 });
    }
    for (const line of lines) yield `${JSON.stringify(line)}\n`;
  }
}

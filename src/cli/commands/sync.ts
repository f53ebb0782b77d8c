import pino, { type Logger } from 'pino';
import { loadConfig, type Config } from '../../config.ts';
import { openRuntime } from '../../runtime.ts';
import { UnknownSourceError } from '../../ingest/sync/catalogue.ts';
import type { RunOutcome } from '../../ingest/sync/runner.ts';
import { SyncService } from '../../ingest/sync/sync.service.ts';
import { shownStatus, type SourceStatus } from '../../ingest/sync/source-status.ts';
import { boundedText } from '../../ingest/sync/failure-reason.ts';
import { printable } from '../../kernel/printable.ts';
import { loadSourcesFile } from '../../ingest/sync/sources-file.ts';
import { storeCoverage } from '../../coverage/sources-coverage.ts';
import { createLogger } from '../../kernel/logger.ts';
import { coverageMarkdown, coverageTable } from '../../coverage/coverage.ts';
import { parse, UsageError } from '../args.ts';
import { usageOf } from '../usage.ts';

const USAGE = usageOf('sync');

/** One line per outcome; publisher text (a failure reason) and the sources file's bounded and escaped. */
function outcomeLine(outcome: RunOutcome): string {
  return printable(outcomeText(outcome));
}

function outcomeText(outcome: RunOutcome): string {
  switch (outcome.status) {
    case 'succeeded':
      return outcome.payloads === 0
        ? `${outcome.sourceId}: ok, nothing new (not modified)`
        : `${outcome.sourceId}: ok, ${outcome.rowsAdded} rows added in ${outcome.releaseIds.length} new release(s)${outcome.releaseIds.length > 0 ? ` ${outcome.releaseIds.join(', ')}` : ''}${outcome.notes === undefined ? '' : `; ${outcome.notes.map((note) => printable(note)).join('; ')}`}`;
    case 'failed':
      return outcome.interrupted === true
        ? `${outcome.sourceId}: INTERRUPTED, ${boundedText(outcome.error)}`
        : `${outcome.sourceId}: FAILED, nothing imported: ${boundedText(outcome.error)}`;
    case 'busy':
      return `${outcome.sourceId}: not run, a run is under way in ${outcome.runningBy}`;
    case 'skipped':
      return `${outcome.sourceId}: ${outcome.reason}`;
  }
}

/** The last line of `fdh sync run`: how many of the sources it went through ended each way. */
function summaryLine(outcomes: readonly RunOutcome[]): string {
  const count = (status: RunOutcome['status']) => outcomes.filter((outcome) => outcome.status === status).length;
  const busy = count('busy');
  const counts = [
    `${count('succeeded')} ok`,
    `${count('failed')} failed`,
    `${count('skipped')} skipped`,
    ...(busy > 0 ? [`${busy} running in another process`] : []),
  ];
  return `Sync run: ${outcomes.length} source${outcomes.length === 1 ? '' : 's'}, ${counts.join(', ')}.`;
}

/** One source's block of `fdh sync status`: every value escaped (`printable`), the last error bounded too (`shownStatus`). */
function statusBlock(shown: SourceStatus): string {
  const status = shownStatus(shown);
  const lines = [
    `${status.id} (${status.publisher}) — ${status.skipped ?? 'enabled'}`,
    `  schedule       ${status.schedule} (${status.timeZone})`,
    `  last attempt   ${status.lastAttemptAt ?? 'never'}${status.running ? ' (running now)' : status.interrupted ? ' (interrupted)' : ''}`,
    `  last success   ${status.lastSuccessAt ?? 'never'}`,
    `  rows added     ${status.lastRowsAdded ?? '—'}${status.lastReleaseIds.length > 0 ? ` (${status.lastReleaseIds.join(', ')})` : ''}`,
    `  last error     ${status.lastError ?? '—'}`,
    `  failures       ${status.consecutiveFailures} in a row`,
    `  next run       ${status.nextRunAt ?? '—'}`,
  ];
  if (status.warning !== null) lines.push(`  WARNING        ${status.warning}`);
  for (const fact of status.staleFacts) lines.push(`  STALE          ${fact.fact}: latest ${fact.lastPeriod ?? '—'}, next was due ${fact.dueAt}`);
  return lines.map(printable).join('\n');
}

/**
 * `fdh sync coverage`: which endpoint fields the store of the configuration serves, asked of the
 * hub's own answers (in process; nothing is listened on), and for those it leaves empty, whether
 * an enabled source of the sources file declares them.
 */
async function coverageCommand(values: { json?: boolean; markdown?: boolean; 'data-dir'?: string }): Promise<number> {
  if (values.json === true && values.markdown === true) throw new UsageError(`--json and --markdown exclude each other; usage: ${USAGE}`);
  const config = loadConfig({ overrides: { FDH_DATA_DIR: values['data-dir'] } });
  // Standard output is the report's: the app's own log lines (warnings and worse) go to standard error.
  const runtime = await openRuntime(config, { create: false, logger: createLogger('warn', process.stderr) });
  try {
    const report = await storeCoverage(runtime, loadSourcesFile(config.sourcesFile));
    // Answers' messages and module sources' ids are shown with their controls escaped, line by line.
    const shown = (text: string) => text.split('\n').map(printable).join('\n');
    process.stdout.write(
      values.json === true ? `${JSON.stringify(report, null, 2)}\n` : shown(values.markdown === true ? coverageMarkdown(report) : coverageTable(report)),
    );
    return 0;
  } finally {
    await runtime.close();
  }
}

/**
 * The log of `fdh sync`: its progress and outcomes are lines for a person on standard error, so
 * the JSON log is written only when asked for, at `--log-level` (or FDH_LOG_LEVEL) on standard
 * output, or to `--log-file`; otherwise only errors, on standard error.
 */
function syncLogger(values: { 'log-level'?: string; 'log-file'?: string }, config: Config): Logger {
  const asked = values['log-level'] !== undefined || (process.env.FDH_LOG_LEVEL ?? '') !== '';
  if (values['log-file'] !== undefined)
    return createLogger(config.logLevel, pino.destination({ dest: values['log-file'], append: true, mkdir: true, sync: true }));
  return asked ? createLogger(config.logLevel) : createLogger('error', process.stderr);
}

/**
 * `fdh sync run`: each source's outcome, and what a run waits for, as lines on standard error.
 * Ctrl-C (SIGINT) stops the run under way at once (nothing of it imported) and starts no other;
 * a second Ctrl-C ends the process as Node does.
 */
async function runCommand(sync: SyncService, names: string[]): Promise<number> {
  const interrupt = new AbortController();
  const onSigint = (): void => interrupt.abort('Ctrl-C (SIGINT)');
  process.once('SIGINT', onSigint);
  let outcomes: RunOutcome[];
  try {
    outcomes = await sync.run(names, (outcome) => process.stderr.write(`${outcomeLine(outcome)}\n`), interrupt.signal);
  } catch (error) {
    if (error instanceof UnknownSourceError) throw new UsageError(error.message);
    throw error;
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
  if (interrupt.signal.aborted) {
    const left = (await sync.resolved()).length - outcomes.length;
    process.stderr.write(`Interrupted (Ctrl-C)${left > 0 && names.length === 0 ? `: ${left} source(s) not run` : ''}.\n${summaryLine(outcomes)}\n`);
    return 130;
  }
  process.stderr.write(outcomes.length === 0 ? 'No sources are defined.\n' : `${summaryLine(outcomes)}\n`);
  // A source skipped (disabled, a credential missing) fails the run only when named by its own id.
  return outcomes.every((outcome) => outcome.status === 'succeeded' || (outcome.status === 'skipped' && !names.includes(outcome.sourceId))) ? 0 : 1;
}

/**
 * `fdh sync run [ID…]`, `fdh sync status` and `fdh sync coverage`: on the store of the
 * configuration, which `run` creates if need be.
 */
export async function syncCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(
    args,
    {
      json: { type: 'boolean' },
      markdown: { type: 'boolean' },
      'data-dir': { type: 'string' },
      'log-level': { type: 'string' },
      'log-file': { type: 'string' },
    },
    USAGE,
  );
  const [action, ...names] = positionals;
  if (action !== 'run' && action !== 'status' && action !== 'coverage') throw new UsageError(`usage: ${USAGE}`);
  if (action !== 'run' && names.length > 0) throw new UsageError(`fdh sync ${action} takes no source; usage: ${USAGE}`);
  if (action === 'coverage') return coverageCommand(values);
  if (values.markdown === true) throw new UsageError(`--markdown is an option of fdh sync coverage; usage: ${USAGE}`);
  if (action !== 'run' && (values['log-level'] !== undefined || values['log-file'] !== undefined))
    throw new UsageError(`--log-level and --log-file are options of fdh sync run; usage: ${USAGE}`);
  const config = loadConfig({ overrides: { FDH_DATA_DIR: values['data-dir'], FDH_LOG_LEVEL: values['log-level'] } });
  const runtime = await openRuntime(config, action === 'run' ? { logger: syncLogger(values, config) } : {});
  let sync: SyncService | undefined;
  try {
    sync = await SyncService.open({ ...runtime, onProgress: (sourceId, message) => process.stderr.write(`${printable(`${sourceId}: ${message}`)}\n`) });
    if (action === 'status') {
      const statuses = (await sync.statuses()).map(shownStatus);
      process.stdout.write(
        values.json === true
          ? `${JSON.stringify(statuses, null, 2)}\n`
          : statuses.length === 0
            ? 'No sources are defined.\n'
            : `${statuses.map(statusBlock).join('\n\n')}\n`,
      );
      return 0;
    }
    return await runCommand(sync, names);
  } finally {
    sync?.close();
    await runtime.close();
  }
}

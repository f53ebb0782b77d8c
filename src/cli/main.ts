#!/usr/bin/env -S MALLOC_MMAP_THRESHOLD_=65536 node --max-semi-space-size=8
// The serving process keeps V8's young generation small (8 MiB semi-spaces) and lets glibc return
// large freed buffers at once: ADR 0017 measures both against the 512 MiB a full cache may reach.
import { UsageError } from './args.ts';
import { DomainError } from '../core/domain-errors.ts';
import { ImportError } from '../ingest/import-error.ts';
import { printable } from '../core/printable.ts';

type Command = (args: string[]) => Promise<number>;

// Each command's module is loaded when it runs: `fdh keys list` need not load the server, the
// importers and the publishers' sources (it starts in half the time).
// A map, not an object literal: a name such as `constructor` or `__proto__` must not find a
// property inherited from Object.prototype.
const COMMANDS = new Map<string, () => Promise<Command>>([
  ['serve', async () => (await import('./commands/serve.ts')).serveCommand],
  ['keys', async () => (await import('./commands/keys.ts')).keysCommand],
  ['accounts', async () => (await import('./commands/accounts.ts')).accountsCommand],
  ['seed', async () => (await import('./commands/seed.ts')).seedCommand],
  ['import', async () => (await import('./commands/import.ts')).importCommand],
  ['audit', async () => (await import('./commands/audit.ts')).auditCommand],
  ['sync', async () => (await import('./commands/sync.ts')).syncCommand],
  ['facts', async () => (await import('./commands/facts.ts')).factsCommand],
  ['releases', async () => (await import('./commands/releases.ts')).releasesCommand],
  ['demo', async () => (await import('./commands/demo.ts')).demoCommand],
]);

const HELP = `fdh — Financial Data Hub

  fdh serve [--port N] [--host H] [--data-dir D] [--workers N] [--no-demo] [--sync]
  fdh seed demo [--until YYYY-MM-DD] [--scale small|full] [--data-dir D]
  fdh keys create --account EMAIL | --plan P [--name N] [--scopes f1,f2] [--expires-at ISO] [--budget N] [--json]
  fdh keys list [--json] | disable ID | enable ID | revoke ID
  fdh accounts create --email E --plan P [--role admin|member] [--name N] [--password-stdin] [--json]
  fdh accounts list [--json] | set-plan EMAIL PLAN | disable EMAIL | enable EMAIL
  fdh accounts reset-password EMAIL [--password-stdin] [--json]
  fdh import DATASET FILE [--knowledge-at ISO]
  fdh audit [--account EMAIL] [--action A] [--limit N] [--json]
  fdh sync run [SOURCE|PUBLISHER…] | fdh sync status [--json] | fdh sync coverage [--json|--markdown]
  fdh facts [--json | --markdown]
  fdh releases [--origin demo|import|sync] [--limit N] [--json]
  fdh demo remove

Configuration: FDH_PORT, FDH_HOST, FDH_DATA_DIR, FDH_DATABASE_URL, FDH_REDIS_URL,
FDH_PLANS_FILE, FDH_SOURCES_FILE, FDH_DEMO, FDH_SYNC, FDH_LOG_LEVEL, … (environment or fdh.config.json; the README lists them all,
docs/operations.md the limits and timeouts).
`;

/**
 * An error's message on the terminal: its own line breaks kept (a usage text spans lines), any
 * other control escaped, since a message may quote a file's or the store's text.
 */
function shownMessage(message: string): string {
  return message.split('\n').map(printable).join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(HELP);
    return name === undefined ? 2 : 0;
  }
  const load = COMMANDS.get(name);
  if (load === undefined) {
    process.stderr.write(`fdh: unknown command "${printable(name)}"\n\n${HELP}`);
    return 2;
  }
  try {
    const command = await load();
    return await command(args);
  } catch (error) {
    if (error instanceof UsageError || error instanceof DomainError || error instanceof ImportError) {
      process.stderr.write(`fdh ${name}: ${shownMessage(error.message)}\n`);
      return 2;
    }
    process.stderr.write(`fdh ${name}: ${shownMessage(error instanceof Error ? error.message : String(error))}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));

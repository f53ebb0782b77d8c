#!/usr/bin/env -S MALLOC_MMAP_THRESHOLD_=65536 node --max-semi-space-size=8
// The serving process keeps V8's young generation small (8 MiB semi-spaces) and lets glibc return
// large freed buffers at once: ADR 0017 measures both against the 512 MiB a full cache may reach.
import { UsageError } from './args.ts';
import { DomainError } from '../core/domain-errors.ts';
import { ImportError } from '../ingest/source.ts';
import { serveCommand } from './commands/serve.ts';
import { keysCommand } from './commands/keys.ts';
import { accountsCommand } from './commands/accounts.ts';
import { seedCommand } from './commands/seed.ts';
import { importCommand } from './commands/import.ts';
import { auditCommand } from './commands/audit.ts';
import { syncCommand } from './commands/sync.ts';
import { releasesCommand } from './commands/releases.ts';
import { demoCommand } from './commands/demo.ts';

type Command = (args: string[]) => Promise<number>;

// A map, not an object literal: a name such as `constructor` or `__proto__` must not find a
// property inherited from Object.prototype.
const COMMANDS = new Map<string, Command>([
  ['serve', serveCommand],
  ['keys', keysCommand],
  ['accounts', accountsCommand],
  ['seed', seedCommand],
  ['import', importCommand],
  ['audit', auditCommand],
  ['sync', syncCommand],
  ['releases', releasesCommand],
  ['demo', demoCommand],
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
  fdh releases [--origin demo|import|sync] [--limit N] [--json]
  fdh demo remove

Configuration: FDH_PORT, FDH_HOST, FDH_DATA_DIR, FDH_DATABASE_URL, FDH_REDIS_URL,
FDH_PLANS_FILE, FDH_SOURCES_FILE, FDH_DEMO, FDH_SYNC, FDH_LOG_LEVEL, … (environment or fdh.config.json; the README lists them all,
docs/operations.md the limits and timeouts).
`;

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(HELP);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.get(name);
  if (command === undefined) {
    process.stderr.write(`fdh: unknown command "${name}"\n\n${HELP}`);
    return 2;
  }
  try {
    return await command(args);
  } catch (error) {
    if (error instanceof UsageError || error instanceof DomainError || error instanceof ImportError) {
      process.stderr.write(`fdh ${name}: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`fdh ${name}: ${(error as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));

#!/usr/bin/env -S MALLOC_MMAP_THRESHOLD_=65536 node --max-semi-space-size=8
// The serving process keeps V8's young generation small (8 MiB semi-spaces) and lets glibc return
// large freed buffers at once: ADR 0017 measures both against the 512 MiB a full cache may reach.
// `node` is the first on PATH: bin/fdh (the package's bin) and npm scripts put the checkout's first.
import { UsageError } from './args.ts';
import { commandHelp, COMMAND_USAGES, overallHelp } from './usage.ts';
import { DomainError } from '../kernel/domain-errors.ts';
import { ImportError } from '../ingest/import-error.ts';
import { printable } from '../kernel/printable.ts';

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
  ['mcp', async () => (await import('./commands/mcp.ts')).mcpCommand],
]);

/**
 * An error's message on the terminal: its own line breaks kept (a usage text spans lines), any
 * other control escaped, since a message may quote a file's or the store's text.
 */
function shownMessage(message: string): string {
  return message.split('\n').map(printable).join('\n');
}

function isHelpOption(arg: string): boolean {
  return arg === '--help' || arg === '-h';
}

/** `--help` or `-h` among a command's options (not after `--`, where an argument is a value). */
function asksForHelp(args: string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some(isHelpOption);
}

/** `fdh help COMMAND`. */
function help([name = '', ...extra]: string[]): number {
  if (!COMMAND_USAGES.has(name) || extra.length > 0) {
    process.stderr.write(`fdh help: ${extra.length > 0 ? 'one command at a time' : `unknown command "${printable(name)}"`}\n\n${overallHelp()}`);
    return 2;
  }
  process.stdout.write(commandHelp(name));
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === 'help' && args.length > 0) return help(args);
  if (name === undefined || name === 'help' || isHelpOption(name)) {
    process.stdout.write(overallHelp());
    return name === undefined ? 2 : 0;
  }
  const load = COMMANDS.get(name);
  if (load === undefined) {
    process.stderr.write(`fdh: unknown command "${printable(name)}"\n\n${overallHelp()}`);
    return 2;
  }
  if (asksForHelp(args)) {
    process.stdout.write(commandHelp(name));
    return 0;
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

/**
 * Each command's usage, written once: `fdh help`, `fdh help X`, `fdh X --help`, X's usage errors
 * and the README's list of commands (a test compares it) all show these lines. A module of text
 * only, so that help loads none of the commands.
 */
interface CommandUsage {
  summary: string;
  lines: readonly string[];
}

// A map, not an object literal: a name such as `constructor` must not find an inherited property.
export const COMMAND_USAGES: ReadonlyMap<string, CommandUsage> = new Map<string, CommandUsage>([
  ['serve', { summary: 'serve the API and the dashboard', lines: ['fdh serve [--port N] [--host H] [--data-dir D] [--workers N] [--no-demo] [--sync]'] }],
  ['seed', { summary: 'load the deterministic demo data', lines: ['fdh seed demo [--until YYYY-MM-DD] [--scale small|full] [--data-dir D]'] }],
  [
    'keys',
    {
      summary: 'create, list, disable, enable and revoke API keys',
      lines: [
        'fdh keys create --account EMAIL | --plan P [--name N] [--scopes f1,f2] [--expires-at ISO] [--budget N] [--json]',
        'fdh keys list [--json]',
        'fdh keys disable ID | enable ID | revoke ID',
      ],
    },
  ],
  [
    'accounts',
    {
      summary: 'create and manage accounts and their plans',
      lines: [
        'fdh accounts create --email E --plan P [--role admin|member] [--name N] [--password-stdin] [--json]',
        'fdh accounts list [--json]',
        'fdh accounts set-plan EMAIL PLAN',
        'fdh accounts disable EMAIL | enable EMAIL',
        'fdh accounts reset-password EMAIL [--password-stdin] [--json]',
      ],
    },
  ],
  [
    'import',
    {
      summary: 'load one publisher file as a release (no arguments: the datasets)',
      lines: ['fdh import DATASET FILE [--knowledge-at ISO] [--confirm-withdrawals] [--data-dir D]'],
    },
  ],
  ['audit', { summary: 'the newest audit events', lines: ['fdh audit [--account EMAIL] [--action A] [--limit N] [--json]'] }],
  [
    'sync',
    {
      summary: "fetch publishers' data now, or show the sources' state and coverage",
      lines: [
        'fdh sync run [SOURCE|PUBLISHER…] [--data-dir D] [--log-level L] [--log-file F]',
        'fdh sync status [--json] [--data-dir D]',
        'fdh sync coverage [--json | --markdown] [--data-dir D]',
      ],
    },
  ],
  ['facts', { summary: 'every figure served: unit, cadence, sources, fields', lines: ['fdh facts [--json | --markdown]'] }],
  [
    'releases',
    {
      summary: 'every release and where it came from; take one back',
      lines: ['fdh releases [--origin demo|import|sync] [--limit N] [--json] [--data-dir D]', 'fdh releases revert RELEASE [--data-dir D]'],
    },
  ],
  ['demo', { summary: 'take the demo out of the store', lines: ['fdh demo remove [--data-dir D]'] }],
  ['mcp', { summary: "serve the hub's MCP tools over stdio to a desktop assistant (FDH_URL, FDH_API_KEY)", lines: ['fdh mcp'] }],
]);

/** A command's usage lines as errors and `--help` print them after `usage: `. */
export function usageOf(command: string): string {
  const usage = COMMAND_USAGES.get(command);
  if (usage === undefined) throw new Error(`no usage for the command "${command}"`);
  return usage.lines.join('\n       ');
}

/** `fdh X --help`: the summary, then the usage. */
export function commandHelp(command: string): string {
  return `fdh ${command}: ${COMMAND_USAGES.get(command)?.summary}\n\nusage: ${usageOf(command)}\n`;
}

/** `fdh help`: every command's usage. */
export function overallHelp(): string {
  const lines = [...COMMAND_USAGES.values()].flatMap((usage) => usage.lines.map((line) => `  ${line}`));
  return `fdh — Financial Data Hub

${lines.join('\n')}

fdh help COMMAND (or fdh COMMAND --help) shows one command's usage.

Configuration: FDH_PORT, FDH_HOST, FDH_DATA_DIR, FDH_DATABASE_URL, FDH_REDIS_URL,
FDH_PLANS_FILE, FDH_SOURCES_FILE, FDH_DEMO, FDH_SYNC, FDH_LOG_LEVEL, … (environment or fdh.config.json; the README lists them all,
docs/operations.md the limits and timeouts).
`;
}

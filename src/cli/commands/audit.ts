import { loadConfig } from '../../config.ts';
import { openRuntime } from '../../runtime.ts';
import { AUDIT_ACTIONS } from '../../accounts/audit.service.ts';
import { parse, UsageError } from '../args.ts';
import { usageOf } from '../usage.ts';
import { printable } from '../../kernel/printable.ts';

const USAGE = usageOf('audit');

/** `fdh audit`: the newest audit events, one a line (or one JSON array). */
export async function auditCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(
    args,
    {
      account: { type: 'string' },
      action: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
    },
    USAGE,
  );
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"\nusage: ${USAGE}`);
  const limit = Number(values.limit ?? 50);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError(`--limit must be an integer from 1 to 10000 (got "${values.limit}")`);
  if (values.action !== undefined && !AUDIT_ACTIONS.some((a) => a === values.action)) {
    throw new UsageError(`--action must be one of ${AUDIT_ACTIONS.join(', ')} (got "${values.action}")`);
  }
  const runtime = await openRuntime(loadConfig({ overrides: { FDH_DATA_DIR: values['data-dir'] } }));
  try {
    const accountId = values.account === undefined ? undefined : (await runtime.accounts.byEmail(values.account)).id;
    const { events } = await runtime.audit.list({ accountId, action: values.action, limit });
    if (values.json) {
      process.stdout.write(`${JSON.stringify(events)}\n`);
    } else if (events.length === 0) {
      process.stdout.write('No audit events.\n');
    } else {
      for (const e of events) {
        const detail = e.detail === null ? '' : JSON.stringify(e.detail);
        // A failed sign-in records the e-mail as typed: escaped, "\n2026-… admin key.revoke" stays inside its own line.
        process.stdout.write(`${[e.at, e.action, e.actor, e.accountEmail ?? '-', e.target ?? '-', e.address ?? '-', detail].map(printable).join('\t')}\n`);
      }
    }
    return 0;
  } finally {
    await runtime.close();
  }
}

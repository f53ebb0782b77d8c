import { loadConfig } from '../../config.ts';
import { openRuntime } from '../../runtime.ts';
import { statusOf } from '../../accounts/keys.service.ts';
import { parse, UsageError } from '../args.ts';
import { usageOf } from '../usage.ts';
import { printable } from '../../kernel/printable.ts';
import { cliActor } from '../../accounts/audit.service.ts';

const USAGE = usageOf('keys');

export async function keysCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(
    args,
    {
      plan: { type: 'string' },
      account: { type: 'string' },
      name: { type: 'string' },
      scopes: { type: 'string' },
      'expires-at': { type: 'string' },
      budget: { type: 'string' },
      json: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
    },
    USAGE,
  );
  const [action, id, ...extra] = positionals;
  if (action === undefined || extra.length > 0) throw new UsageError(`usage: ${USAGE}`);
  const runtime = await openRuntime(loadConfig({ overrides: { FDH_DATA_DIR: values['data-dir'] } }), { create: false });
  const print = (line: string) => process.stdout.write(`${line}\n`);
  try {
    const keys = runtime.keys;
    switch (action) {
      case 'create': {
        if ((values.plan === undefined) === (values.account === undefined)) {
          throw new UsageError(`one of --account or --plan is required\nusage: ${USAGE}`);
        }
        const created = await keys.create({
          // --plan: a service key, on a service account of its own (its own budget and cap).
          plan: values.plan,
          accountId: values.account === undefined ? undefined : (await runtime.accounts.byEmail(values.account)).id,
          name: values.name,
          scopes: values.scopes
            ?.split(',')
            .map((s) => s.trim())
            .filter((s) => s !== ''),
          expiresAt: values['expires-at'],
          budget: values.budget === undefined ? undefined : Number(values.budget),
          by: cliActor(),
        });
        if (values.json) {
          const { id, key, plan, scopes, expiresAt } = created;
          print(JSON.stringify({ id, key, plan, scopes, expiresAt }));
        } else {
          print(printable(`Created key ${created.id} on plan ${created.plan}. It is shown once; store it now:`));
          print(created.key);
        }
        return 0;
      }
      case 'list': {
        const now = runtime.clock.now();
        const list = (await keys.list()).map((key) => ({ ...key, status: statusOf(key, now) }));
        if (values.json) {
          print(JSON.stringify(list));
        } else if (list.length === 0) {
          print('No keys. Create one with: fdh keys create --account EMAIL (or --plan pro)');
        } else {
          print(['ID', 'PREFIX', 'PLAN', 'STATUS', 'SCOPES', 'EXPIRES', 'NAME'].join('\t'));
          for (const key of list) {
            print(
              // A key's name is anyone's text: escaped, it can neither forge a line nor drive the terminal.
              [key.id, `${key.prefix}…`, key.plan, key.status, key.scopes?.join(',') ?? '-', key.expiresAt ?? '-', key.name ?? ''].map(printable).join('\t'),
            );
          }
        }
        return 0;
      }
      case 'disable':
      case 'enable':
      case 'revoke': {
        if (id === undefined) throw new UsageError(`fdh keys ${action} needs a key id\nusage: ${USAGE}`);
        const key = await keys[action](id, { by: cliActor() });
        if (values.json) print(JSON.stringify({ ...key, status: statusOf(key, runtime.clock.now()) }));
        else print(printable(`Key ${key.id} is now ${statusOf(key, runtime.clock.now())}`));
        return 0;
      }
      default:
        throw new UsageError(`unknown keys action "${action}"\nusage: ${USAGE}`);
    }
  } finally {
    await runtime.close();
  }
}

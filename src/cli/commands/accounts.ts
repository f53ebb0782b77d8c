import { text } from 'node:stream/consumers';
import { loadConfig } from '../../config.ts';
import { openRuntime } from '../../runtime.ts';
import type { Account } from '../../accounts/accounts.repo.ts';
import { ROLES } from '../../accounts/accounts.service.ts';
import { cliActor } from '../../accounts/audit.service.ts';
import { parse, UsageError } from '../args.ts';
import { usageOf } from '../usage.ts';
import { printable } from '../../kernel/printable.ts';

const USAGE = usageOf('accounts');

/** The password piped in: everything on standard input but the final line break. */
async function passwordFromStdin(): Promise<string> {
  return (await text(process.stdin)).replace(/\r?\n$/, '');
}

function describe(account: Account): string {
  return printable(`${account.email} (${account.id}, ${account.role}, plan ${account.plan}, ${account.status})`);
}

export async function accountsCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(
    args,
    {
      email: { type: 'string' },
      plan: { type: 'string' },
      role: { type: 'string' },
      name: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      'data-dir': { type: 'string' },
    },
    USAGE,
  );
  const [action, email, plan, ...extra] = positionals;
  if (action === undefined || extra.length > 0) throw new UsageError(`usage: ${USAGE}`);
  const role = values.role;
  if (role !== undefined && !ROLES.some((r) => r === role)) throw new UsageError(`--role must be admin or member (got "${role}")`);
  const password = values['password-stdin'] ? await passwordFromStdin() : undefined;
  const runtime = await openRuntime(loadConfig({ overrides: { FDH_DATA_DIR: values['data-dir'] } }), { create: false });
  const print = (line: string) => process.stdout.write(`${line}\n`);
  const needEmail = () => {
    if (email === undefined) throw new UsageError(`fdh accounts ${action} needs an email\nusage: ${USAGE}`);
    return runtime.accounts.byEmail(email);
  };
  try {
    const accounts = runtime.accounts;
    switch (action) {
      case 'create': {
        if (values.email === undefined || values.plan === undefined) throw new UsageError(`--email and --plan are required\nusage: ${USAGE}`);
        const created = await accounts.create({
          email: values.email,
          plan: values.plan,
          name: values.name,
          role: role === 'admin' ? 'admin' : 'member',
          password,
          by: cliActor(),
        });
        if (values.json) {
          print(JSON.stringify({ ...created.account, password: created.password }));
        } else {
          print(`Created account ${describe(created.account)}.`);
          if (created.password !== null) {
            print('Its one-time password is shown once; hand it over now:');
            print(created.password);
          }
        }
        return 0;
      }
      case 'list': {
        const list = await accounts.list();
        if (values.json) print(JSON.stringify(list));
        else if (list.length === 0) print('No accounts. Create one with: fdh accounts create --email E --plan pro');
        else for (const a of list) print([a.id, a.email, a.role, a.plan, a.status, `${a.keyCount} keys`, a.name ?? ''].map(printable).join('\t'));
        return 0;
      }
      case 'set-plan': {
        if (plan === undefined) throw new UsageError(`fdh accounts set-plan needs an email and a plan\nusage: ${USAGE}`);
        const account = await accounts.setPlan((await needEmail()).id, plan, cliActor());
        print(values.json ? JSON.stringify(account) : `Account ${describe(account)}: every key takes plan ${account.plan} on its next request`);
        return 0;
      }
      case 'disable':
      case 'enable': {
        const account = await accounts.setStatus((await needEmail()).id, action === 'disable' ? 'disabled' : 'active', cliActor());
        print(values.json ? JSON.stringify(account) : `Account ${describe(account)}`);
        return 0;
      }
      case 'reset-password': {
        const reset = await accounts.resetPassword((await needEmail()).id, password, cliActor());
        if (values.json) {
          print(JSON.stringify({ ...reset.account, password: reset.password }));
        } else {
          print(`Reset the password of ${describe(reset.account)}; its sessions are ended.`);
          if (reset.password !== null) {
            print('The new one-time password is shown once:');
            print(reset.password);
          }
        }
        return 0;
      }
      default:
        throw new UsageError(`unknown accounts action "${action}"\nusage: ${USAGE}`);
    }
  } finally {
    await runtime.close();
  }
}

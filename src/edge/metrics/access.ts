import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

/** Loopback only: the scrape comes from the machine itself unless the operator says otherwise. */
export const DEFAULT_METRICS_ALLOW = '127.0.0.0/8, ::1';

/**
 * The addresses allowed to scrape: `FDH_METRICS_ALLOW`, a comma-separated list of addresses and
 * CIDR ranges (IPv4 or IPv6). Throws on an entry that is neither, naming it.
 */
export function allowList(text: string): BlockList {
  const list = new BlockList();
  for (const entry of text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefix = Number(bits);
    const maxPrefix = family === 6 ? 128 : 32;
    if (family === 0 || rest.length > 0 || (bits !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxPrefix))) {
      throw new Error(`FDH_METRICS_ALLOW: "${entry}" is not an IP address or CIDR range`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, prefix, type);
  }
  return list;
}

/** Whether a socket address is in the list; an IPv4 client on a dual-stack socket counts as IPv4. */
export function isAllowed(list: BlockList, address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped?.[1] ?? address;
  const family = isIP(plain);
  return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an `Authorization` header carries the bearer token, compared in constant time. */
export function carriesToken(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

/**
 * The `Host` names `/metrics` answers to when a scrape is admitted by its address (DNS
 * rebinding: a page on evil.example whose name is re-pointed at 127.0.0.1 makes a loopback
 * browser send its requests from an allowed address, but with `Host: evil.example`).
 * `FDH_METRICS_HOSTS`: comma-separated names, each optionally with `:port`; a name without a
 * port matches it on any port; `*` turns the check off (behind a proxy that rewrites `Host`).
 * Default: the loopback names and the listen host (`FDH_HOST`, unless it is a wildcard).
 */
export interface HostAllowList {
  any: boolean;
  names: ReadonlySet<string>;
  hostPorts: ReadonlySet<string>;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/** `::1` → `[::1]`: how an IPv6 address appears in a `Host` header. */
const bracketed = (name: string): string => (isIP(name) === 6 ? `[${name}]` : name);

export function defaultMetricsHosts(listenHost: string): string {
  const names = ['localhost', '127.0.0.1', '[::1]'];
  const host = bracketed(listenHost.trim().toLowerCase());
  if (!WILDCARD_HOSTS.has(host) && !names.includes(host)) names.push(host);
  return names.join(', ');
}

export function hostAllowList(text: string): HostAllowList {
  const names = new Set<string>();
  const hostPorts = new Set<string>();
  let any = false;
  for (const raw of text
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '')) {
    if (raw === '*') {
      any = true;
      continue;
    }
    const entry = bracketed(raw);
    const parsed = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(entry);
    if (parsed === null) throw new Error(`FDH_METRICS_HOSTS: "${raw}" is not a host name, optionally with :port`);
    if (parsed[2] === undefined) names.add(parsed[1] ?? '');
    else hostPorts.add(entry);
  }
  return { any, names, hostPorts };
}

/** Whether a request's `Host` header is one `/metrics` answers to. A missing header is not. */
export function isExpectedHost(list: HostAllowList, host: string | undefined): boolean {
  if (list.any) return true;
  if (host === undefined) return false;
  const value = host
    .trim()
    .toLowerCase()
    .replace(/\.(?=(:\d+)?$)/, '');
  if (list.hostPorts.has(value)) return true;
  const name = /^(\[[0-9a-f:.]+\]|[^:]+)(?::\d{1,5})?$/.exec(value)?.[1];
  return name !== undefined && list.names.has(name);
}

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
  for (const entry of text.split(',').map((s) => s.trim()).filter((s) => s !== '')) {
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

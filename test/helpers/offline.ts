import dns from 'node:dns';

/**
 * Loaded into every test process by `npm test`: tests never reach the internet, so a look-up of
 * any name but the loopback's fails at once, naming it, instead of waiting on a network this
 * machine may not have (or reaching a publisher for real).
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1']);
const lookup = dns.lookup;

function refuse(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (tests never reach the internet: test/helpers/offline.ts)`), {
    code: 'ENOTFOUND',
    hostname,
  });
}

dns.lookup = ((hostname: string, ...rest: unknown[]) => {
  const callback = rest.at(-1) as (error: NodeJS.ErrnoException) => void;
  if (LOOPBACK.has(hostname) || hostname.endsWith('.localhost')) return (lookup as (...args: unknown[]) => void)(hostname, ...rest);
  process.nextTick(() => callback(refuse(hostname)));
}) as typeof dns.lookup;

const lookupPromise = dns.promises.lookup;
dns.promises.lookup = (async (hostname: string, ...rest: unknown[]) => {
  if (LOOPBACK.has(hostname) || hostname.endsWith('.localhost')) return (lookupPromise as (...args: unknown[]) => unknown)(hostname, ...rest);
  throw refuse(hostname);
}) as typeof dns.promises.lookup;

import { readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

/** How the hub names itself to a publisher when the operator gave no contact. */
const USER_AGENT = `financial-data-hub/${version}`;

/**
 * The User-Agent of every request: the hub's name and version, and the operator's e-mail
 * (`FDH_SYNC_CONTACT`) when set, in the `product/version (contact)` form publishers that ask
 * for one read (BLS, SEC EDGAR, Wikimedia's policy).
 */
export function userAgent(contact: string | undefined): string {
  return contact === undefined ? USER_AGENT : `${USER_AGENT} (${contact})`;
}

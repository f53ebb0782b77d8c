import { readFileSync } from 'node:fs';

const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

/** How the hub names itself to a publisher. */
export const USER_AGENT = `financial-data-hub/${version}`;

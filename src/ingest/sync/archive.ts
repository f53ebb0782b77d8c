import { createHash } from 'node:crypto';
import { chmod, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArchiveSettings } from '../../config.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../store/private-files.ts';

/** What is kept beside an archived payload (`archive/<sha256>.json`). */
export interface ArchiveSidecar {
  /** The URL asked, credentials redacted (`redactUrl`). */
  url: string;
  fetchedAt: string;
  status: number;
  headers: Record<string, string>;
}

/** Query parameters and headers that carry a credential; redacted wherever a URL or headers are kept. */
// `appId`: e-Stat's application id travels in the query.
export const CREDENTIAL_NAME = /key|token|secret|password|auth|signature|cookie|appid/i;

/**
 * Every form a credential value takes in a URL or a message masked as `***`: as written, as a
 * path segment or query value escapes it. `secrets` are the source's credential values
 * (ResolvedSource.credentials): a key may travel anywhere in a URL, the path included (ECOS).
 */
export function maskCredentials(text: string, secrets: readonly string[]): string {
  const forms = secrets
    .filter((secret) => secret !== '')
    .flatMap((secret) => [secret, encodeURIComponent(secret), new URLSearchParams([['', secret]]).toString().slice(1)]);
  // Longest first: a value inside another value's escaped form is masked whole.
  for (const form of [...new Set(forms)].sort((a, b) => b.length - a.length)) text = text.split(form).join('***');
  return text;
}

/**
 * The key a URL's validators (ETag, Last-Modified) are kept by: its credential values masked,
 * every other parameter as asked, so two pages (`pagination_key=…`) never share an entry.
 */
export const validatorKey = (url: string, secrets: readonly string[]): string => maskCredentials(url, secrets);

/**
 * A URL as it may be kept or shown: the source's credential values masked wherever they stand
 * (`maskCredentials`), then its user info and the query parameters whose name says credential.
 * A URL that does not parse comes back with the values masked.
 */
export function redactUrl(url: string, secrets: readonly string[] = []): string {
  const masked = maskCredentials(url, secrets);
  let parsed: URL;
  try {
    parsed = new URL(masked);
  } catch {
    return masked;
  }
  if (parsed.password !== '') parsed.password = '***';
  for (const name of [...parsed.searchParams.keys()]) if (CREDENTIAL_NAME.test(name)) parsed.searchParams.set(name, '***');
  // Parsing may escape a value the source wrote raw: its escaped form is masked too.
  return maskCredentials(parsed.toString(), secrets);
}

export function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Every fetched payload as it arrived, named by its sha256, in `<data dir>/archive`: a release
 * names the payloads it came from, so a figure can be traced to bytes and re-imported.
 * Owner-only like the store (src/store/private-files.ts): the directory 0700, each file 0600.
 * Payloads may be licensed data, and a sidecar names the hub's sources and its fetch times.
 */
export class Archive {
  readonly dir: string;
  #private = false;
  constructor(dir: string) {
    this.dir = dir;
  }

  /** Makes the directory owner-only, or narrows one an older hub made 0755 (which also hides its older 0644 files). */
  async #ensureDirectory(): Promise<void> {
    if (this.#private) return;
    await mkdir(this.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    if (((await stat(this.dir)).mode & 0o777 & ~PRIVATE_DIR_MODE) !== 0) await chmod(this.dir, PRIVATE_DIR_MODE);
    this.#private = true;
  }

  /** Writes the payload (once per content) and its sidecar (the latest fetch of it, `secrets` masked in its URL); returns its hash. */
  async put(content: Buffer, sidecar: ArchiveSidecar, secrets: readonly string[] = []): Promise<string> {
    const hash = sha256(content);
    await this.#ensureDirectory();
    await this.#writeAtomically(hash, content);
    const headers = Object.fromEntries(Object.entries(sidecar.headers).filter(([name]) => !CREDENTIAL_NAME.test(name)));
    await this.#writeAtomically(`${hash}.json`, `${JSON.stringify({ ...sidecar, url: redactUrl(sidecar.url, secrets), headers }, null, 2)}\n`);
    return hash;
  }

  /** Removes payloads fetched longer ago than the age limit, then the oldest until the total fits the size limit. */
  async prune(settings: ArchiveSettings, now: Date): Promise<number> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((name) => /^[0-9a-f]{64}$/.test(name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    // The sidecar is rewritten on every fetch of the same content: its time is the last fetch.
    const entries = await Promise.all(
      names.map(async (name) => {
        const [payload, sidecar] = await Promise.all([stat(join(this.dir, name)), stat(join(this.dir, `${name}.json`)).catch(() => undefined)]);
        return { name, bytes: payload.size, at: (sidecar ?? payload).mtimeMs };
      }),
    );
    entries.sort((a, b) => a.at - b.at);
    const oldestKept = now.getTime() - settings.maxAgeDays * 86_400_000;
    let total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
    let removed = 0;
    for (const entry of entries) {
      if (entry.at >= oldestKept && total <= settings.maxBytes) break;
      await rm(join(this.dir, entry.name), { force: true });
      await rm(join(this.dir, `${entry.name}.json`), { force: true });
      total -= entry.bytes;
      removed++;
    }
    return removed;
  }

  /**
   * Removes the half-written copies of processes that died while writing (kill -9 mid-run):
   * a copy is written under a name holding its writer's pid, then renamed into place.
   */
  async removeStale(): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const writer = /^\..+\.(\d+)\.tmp$/.exec(name)?.[1];
      if (writer === undefined || isAlive(Number(writer))) continue;
      await rm(join(this.dir, name), { force: true });
      removed++;
    }
    return removed;
  }

  async #writeAtomically(name: string, content: Buffer | string): Promise<void> {
    const temporary = join(this.dir, `.${name}.${process.pid}.tmp`);
    // The umask can only narrow this further.
    await writeFile(temporary, content, { mode: PRIVATE_FILE_MODE });
    await rename(temporary, join(this.dir, name));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

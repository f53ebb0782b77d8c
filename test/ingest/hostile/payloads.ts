import assert from 'node:assert/strict';
import { crc32, deflateRawSync } from 'node:zlib';
import { ImportError } from '../../../src/ingest/import-error.ts';

/** One entry of a zip built by a test: its bytes as stored, and what the directory declares. */
export interface BuiltEntry {
  name: string;
  /** The bytes written after the local header (deflated unless `method` is 0). */
  data: Buffer;
  method?: 0 | 8;
  /** The uncompressed size the directory declares (a lie, in a hostile archive). */
  size: number;
  crc: number;
}

/** An entry deflated honestly. */
export function deflated(name: string, content: Buffer | string): BuiltEntry {
  const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return { name, data: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
}

/** A zip archive (PKWARE APPNOTE: local headers and data, the central directory, its end record) of `entries` as given. */
export function buildZip(entries: readonly BuiltEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method ?? 8, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method ?? 8, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Asserts that `run` throws (or rejects with) an ImportError whose message matches `message`. */
export async function refusedWith(run: () => unknown, message: RegExp): Promise<void> {
  await assert.rejects(
    async () => run(),
    (error: unknown) => {
      assert.ok(error instanceof ImportError, `not an ImportError: ${String(error)}`);
      assert.match(error.message, message);
      return true;
    },
  );
}

const GIB = 1024 ** 3;

/** The process's resident memory stayed under 1 GiB: a regression would have grown it by gigabytes. */
export function assertMemoryBounded(): void {
  const rss = process.memoryUsage().rss;
  assert.ok(rss < GIB, `resident memory is ${Math.round(rss / 1024 / 1024)} MiB`);
}

/** Sets environment variables for one test, restoring them after. */
export function withEnv(t: { after: (fn: () => void) => void }, values: Record<string, string>): void {
  const before = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  Object.assign(process.env, values);
  t.after(() => {
    for (const [key, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
}

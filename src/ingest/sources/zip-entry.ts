import { crc32, inflateRawSync } from 'node:zlib';
import { ImportError } from '../import-error.ts';
import { byteSize, LIMIT_SETTINGS, payloadLimits, RATIO_EXEMPT_BYTES } from '../limits.ts';

/** A zip a publisher serves (the ECB's history, MLIT's boundaries) that cannot be read whole: truncated, corrupt, or not the layout expected. */
export class ZipError extends ImportError {}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/** One entry of a zip's central directory. */
export interface ZipDirectoryEntry {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  /** The uncompressed size the directory declares. */
  size: number;
  localHeader: number;
}

/**
 * The central directory of a zip archive (PKWARE APPNOTE: the end-of-central-directory record,
 * then one central header per entry). Nothing is inflated.
 */
export function zipDirectory(zip: Buffer): ZipDirectoryEntry[] {
  // The end record is 22 bytes plus a comment of at most 65535.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError('not a zip archive, or truncated: no end-of-central-directory record');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ZipDirectoryEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new ZipError('the central directory is damaged');
    const nameLength = zip.readUInt16LE(at + 28);
    entries.push({
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localHeader: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * Refuses an entry that would cost more to inflate than allowed, from what the directory
 * declares, before anything is inflated: a declared size above FDH_SYNC_MAX_INFLATED_MB, or (for
 * an entry over 1 MB) a ratio of declared to compressed size above FDH_SYNC_MAX_COMPRESSION_RATIO
 * (a publisher's CSV or XML deflates 5 to 20 times; a bomb of zeros a thousand times).
 */
export function checkZipEntry(entry: ZipDirectoryEntry, limits = payloadLimits()): void {
  if (entry.size > limits.maxInflatedBytes) {
    throw new ZipError(
      `zip entry ${entry.name} declares ${byteSize(entry.size)}, more than the ${byteSize(limits.maxInflatedBytes)} allowed (${LIMIT_SETTINGS.maxInflatedBytes.name})`,
    );
  }
  const ratio = entry.size / Math.max(1, entry.compressedSize);
  if (entry.method !== STORED && entry.size > RATIO_EXEMPT_BYTES && ratio > limits.maxCompressionRatio) {
    throw new ZipError(
      `zip entry ${entry.name} declares ${byteSize(entry.size)} from ${byteSize(entry.compressedSize)}, a compression ratio of ${Math.round(ratio)}:1, more than the ${limits.maxCompressionRatio}:1 allowed (${LIMIT_SETTINGS.maxCompressionRatio.name})`,
    );
  }
}

/**
 * The bytes of one entry of `zip`, stored or deflated, checked first (`checkZipEntry`) and
 * inflated with no more output than the directory declares: an entry that inflates to more or
 * less than declared, or whose CRC-32 differs, is refused, so a truncated, damaged or lying
 * archive is never read short or long.
 */
export function readZipEntry(zip: Buffer, entry: ZipDirectoryEntry, limits = payloadLimits()): Buffer {
  const { name, size } = entry;
  checkZipEntry(entry, limits);
  const { localHeader, compressedSize } = entry;
  if (localHeader + 30 > zip.length || zip.readUInt32LE(localHeader) !== LOCAL_FILE_HEADER) throw new ZipError(`${name}: its local header is damaged`);
  const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
  if (dataStart + compressedSize > zip.length) throw new ZipError(`${name}: the archive is truncated`);
  const raw = zip.subarray(dataStart, dataStart + compressedSize);
  let data: Buffer;
  if (entry.method === STORED) data = raw;
  else if (entry.method === DEFLATED) {
    // One byte more than declared, so an entry that inflates longer than it says is caught.
    const allowed = Math.min(size, limits.maxInflatedBytes) + 1;
    try {
      data = inflateRawSync(raw, { maxOutputLength: allowed });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ZipError(`zip entry ${name} inflates to more than the ${byteSize(size)} it declares (damaged or hostile archive)`);
      }
      throw new ZipError(`${name}: ${(error as Error).message}`);
    }
  } else throw new ZipError(`${name}: compression method ${entry.method} is neither stored nor deflated`);
  if (data.length !== size)
    throw new ZipError(`zip entry ${name} holds ${byteSize(data.length)}, not the ${byteSize(size)} its directory declares (damaged download)`);
  if (crc32(data) !== entry.crc) throw new ZipError(`${name}: size or CRC-32 does not match the directory (damaged download)`);
  return data;
}

/** The bytes of the one entry named `name` in a zip archive (`readZipEntry`). */
export function zipEntry(zip: Buffer, name: string): Buffer {
  const entries = zipDirectory(zip);
  const entry = entries.find((e) => e.name === name);
  if (entry === undefined) throw new ZipError(`no entry "${name}" in the archive (it holds ${entries.map((e) => `"${e.name}"`).join(', ') || 'nothing'})`);
  return readZipEntry(zip, entry);
}

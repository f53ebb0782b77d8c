import { crc32, inflateRawSync } from 'node:zlib';
import { ImportError } from '../import-error.ts';

/** A zip a publisher serves (the ECB's history, MLIT's boundaries) that cannot be read whole: truncated, corrupt, or not the layout expected. */
export class ZipError extends ImportError {}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * The bytes of the one entry named `name` in a zip archive (PKWARE APPNOTE: the end-of-central-
 * directory record, the central directory's entry, its local header, then the data stored or
 * deflated). Sizes and the CRC-32 are checked, so a truncated or damaged download is refused
 * rather than read short.
 */
export function zipEntry(zip: Buffer, name: string): Buffer {
  // The end record is 22 bytes plus a comment of at most 65535.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ZipError('not a zip archive, or truncated: no end-of-central-directory record');
  const entries = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < entries; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new ZipError('the central directory is damaged');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const entryName = zip.toString('utf8', at + 46, at + 46 + nameLength);
    names.push(entryName);
    at += 46 + nameLength + extraLength + commentLength;
    if (entryName !== name) continue;
    if (localHeader + 30 > zip.length || zip.readUInt32LE(localHeader) !== LOCAL_FILE_HEADER) throw new ZipError(`${name}: its local header is damaged`);
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    if (dataStart + compressedSize > zip.length) throw new ZipError(`${name}: the archive is truncated`);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    let data: Buffer;
    if (method === STORED) data = raw;
    else if (method === DEFLATED) {
      try {
        data = inflateRawSync(raw);
      } catch (error) {
        throw new ZipError(`${name}: ${(error as Error).message}`);
      }
    } else throw new ZipError(`${name}: compression method ${method} is neither stored nor deflated`);
    if (data.length !== size || crc32(data) !== crc) throw new ZipError(`${name}: size or CRC-32 does not match the directory (damaged download)`);
    return data;
  }
  throw new ZipError(`no entry "${name}" in the archive (it holds ${names.map((n) => `"${n}"`).join(', ') || 'nothing'})`);
}

import { brotliCompress, constants, crc32, deflateRaw, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import { promisify } from 'node:util';

/**
 * Compressed answers whose last few bytes change with every response (`meta.timestamp`). The
 * fixed head is compressed once and ends on a byte boundary (a sync flush); each response appends
 * its tail as an uncompressed final block, which every gzip and brotli decoder reads like any
 * other. A response then costs a copy, not a compression.
 */
export type Encoding = 'gzip' | 'br';

const deflateRawAsync = promisify<Buffer, ZlibOptions, Buffer>(deflateRaw);
const brotliAsync = promisify<Buffer, BrotliOptions, Buffer>(brotliCompress);

/** ID1 ID2, deflate, no flags, no mtime, no extra flags, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
// Quality 4 keeps brotli near gzip's speed with better ratios; 11 (the default) is far slower.
const BROTLI_QUALITY = 4;

export interface CompressedHead {
  encoding: Encoding;
  bytes: Buffer;
  /** gzip: CRC-32 of the uncompressed head, continued over each tail. */
  crc: number;
  headLength: number;
}

export async function compressHead(head: Buffer, encoding: Encoding): Promise<CompressedHead> {
  if (encoding === 'gzip') {
    const deflated = await deflateRawAsync(head, { finishFlush: constants.Z_SYNC_FLUSH });
    return { encoding, bytes: Buffer.concat([GZIP_HEADER, deflated]), crc: crc32(head), headLength: head.length };
  }
  const compressed = await brotliAsync(head, {
    flush: constants.BROTLI_OPERATION_FLUSH,
    finishFlush: constants.BROTLI_OPERATION_FLUSH,
    params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: head.length },
  });
  return { encoding, bytes: compressed, crc: 0, headLength: head.length };
}

/** The whole compressed answer: the head, then `tail` stored as the final block. */
export function withTail(head: CompressedHead, tail: Buffer): [Buffer, Buffer] {
  return head.encoding === 'gzip' ? gzipWithTail(head, tail) : brotliWithTail(head, tail);
}

/** A final stored deflate block (BFINAL=1, BTYPE=00; LEN, NLEN), then CRC-32 and ISIZE. */
function gzipWithTail(head: CompressedHead, tail: Buffer): [Buffer, Buffer] {
  const block = Buffer.allocUnsafe(5);
  block[0] = 0x01;
  block.writeUInt16LE(tail.length, 1);
  block.writeUInt16LE(~tail.length & 0xffff, 3);
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc32(tail, head.crc), 0);
  trailer.writeUInt32LE((head.headLength + tail.length) >>> 0, 4);
  return [head.bytes, Buffer.concat([block, tail, trailer])];
}

/**
 * An uncompressed meta-block (ISLAST=0, four nibbles of MLEN-1, ISUNCOMPRESSED=1, padded to a
 * byte), then an empty last meta-block (ISLAST=1, ISLASTEMPTY=1) (RFC 7932, 9.2).
 */
function brotliWithTail(head: CompressedHead, tail: Buffer): [Buffer, Buffer] {
  const header = ((tail.length - 1) << 3) | (1 << 19);
  const block = Buffer.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]);
  return [head.bytes, Buffer.concat([block, tail, LAST_EMPTY_META_BLOCK])];
}

const LAST_EMPTY_META_BLOCK = Buffer.from([0x03]);

/** The most bytes a tail may have: one stored block, four nibbles of brotli length. */
export const MAX_TAIL_BYTES = 0xffff;

import { hash } from 'node:crypto';
import type { MaybePromise } from '../../kernel/maybe-promise.ts';
import { compressHead, MAX_TAIL_BYTES, withTail, type CompressedHead, type Encoding } from './stamped-encodings.ts';

/** Below this many bytes, compressing costs more than it saves. */
const COMPRESS_FROM_BYTES = 1024;
/** How every serialised success envelope ends when its `meta.timestamp` is empty (`MetaSchema` puts it last). */
const EMPTY_TIMESTAMP_END = '""}}';

/**
 * One answer's bytes, made once per data version: everything up to the value of
 * `meta.timestamp` (the head), its weak ETag, and its compressed heads when first asked for.
 * Each response adds its own timestamp.
 */
export class PreparedAnswer {
  readonly head: Buffer;
  /** Names the data: the head, which is all of the answer but the time it was sent. */
  readonly etag: string;
  readonly #compressing = new Map<Encoding, Promise<CompressedHead>>();
  /** The compressed heads made so far, handed out at once. */
  readonly #compressed = new Map<Encoding, CompressedHead>();
  /** The bytes of the compressed heads made so far. */
  #compressedBytes = 0;

  /** `serialised`: the envelope serialised with an empty `meta.timestamp`. */
  constructor(serialised: string) {
    if (!serialised.endsWith(EMPTY_TIMESTAMP_END)) throw new Error('a success envelope must end with its meta.timestamp');
    this.head = Buffer.from(serialised.slice(0, -EMPTY_TIMESTAMP_END.length));
    this.etag = `W/"${hash('sha1', this.head, 'base64url')}"`;
  }

  /** The bytes it holds: the head and each compressed head made so far (the cache reads this to stay in its bound). */
  get bytes(): number {
    return this.head.length + this.#compressedBytes;
  }

  /** Whether the answer is worth compressing at all. */
  get compressible(): boolean {
    return this.head.length >= COMPRESS_FROM_BYTES;
  }

  /**
   * The answer as sent at `timestamp` (ISO 8601), in `encoding` or as is: the kept head, then
   * this response's own tail (written one after the other, so no response copies the head).
   * Only an encoding's first response waits, for its head to be compressed.
   */
  body(timestamp: string, encoding: Encoding | undefined): MaybePromise<[Buffer, Buffer]> {
    const tail = Buffer.from(`"${timestamp}"}}`);
    if (encoding === undefined || !this.compressible || tail.length > MAX_TAIL_BYTES) return [this.head, tail];
    const compressed = this.#compressed.get(encoding);
    if (compressed !== undefined) return withTail(compressed, tail);
    return this.#compress(encoding).then((made) => withTail(made, tail));
  }

  #compress(encoding: Encoding): Promise<CompressedHead> {
    let compressing = this.#compressing.get(encoding);
    if (compressing === undefined) {
      compressing = compressHead(this.head, encoding);
      this.#compressing.set(encoding, compressing);
      void compressing.then(
        (made) => {
          this.#compressed.set(encoding, made);
          this.#compressedBytes += made.bytes.length;
        },
        () => this.#compressing.delete(encoding),
      );
    }
    return compressing;
  }
}

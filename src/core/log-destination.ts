import pino from 'pino';

/** A batch is written once it is this full, or when its first line is this old. */
const BATCH_BYTES = 64 * 1024;
const BATCH_MAX_AGE_MS = 250;
/** The most bytes one UTF-16 code unit takes in UTF-8. */
const MAX_BYTES_PER_UNIT = 3;

/**
 * Log lines written in batches: a busy service writes once per 64 KiB, a quiet one within a
 * quarter of a second. Each line is encoded straight into the batch while its pieces are still
 * in the CPU's cache, and a full batch is written at once (sonic-boom in its synchronous mode,
 * which retries a full pipe), so no line costs a Buffer of its own, a queued write or a wake-up
 * of the thread pool. What is pending is written when the process exits.
 */
class BatchedLines {
  #batch = Buffer.allocUnsafe(BATCH_BYTES);
  #used = 0;
  #timer: NodeJS.Timeout | undefined;
  readonly #sink: ReturnType<typeof pino.destination>;

  constructor(fd: number) {
    this.#sink = pino.destination({ dest: fd, sync: true, minLength: 0, contentMode: 'buffer' });
    process.once('exit', () => this.flush());
  }

  write(line: string): void {
    const mostBytes = line.length * MAX_BYTES_PER_UNIT;
    if (this.#used + mostBytes > BATCH_BYTES) {
      this.flush();
      if (mostBytes > BATCH_BYTES) {
        this.#writeNow(Buffer.from(line));
        return;
      }
    }
    this.#used += this.#batch.write(line, this.#used);
    this.#timer ??= setTimeout(() => this.flush(), BATCH_MAX_AGE_MS).unref();
  }

  flush(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#used === 0) return;
    const lines = this.#batch.subarray(0, this.#used);
    this.#batch = Buffer.allocUnsafe(BATCH_BYTES);
    this.#used = 0;
    this.#writeNow(lines);
  }

  #writeNow(bytes: Buffer): void {
    // In buffer mode sonic-boom takes Buffers; its types only know strings.
    this.#sink.write(bytes as unknown as string);
  }
}

let stdoutLines: BatchedLines | undefined;

/** The process's standard output as a log destination: one per process, whoever asks. */
export function batchedStdout(): BatchedLines {
  stdoutLines ??= new BatchedLines(1);
  return stdoutLines;
}

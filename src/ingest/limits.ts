/**
 * The bounds on what a publisher's bytes may cost to read (ARCHITECTURE.md, "Data from
 * publishers": every decompression and every parser is bounded). They are read from the
 * environment each time they are asked for, with defaults, so a worker process parsing a payload
 * applies the same ones as the process that fetched it, and a test may change one for a while.
 * A value that is not a positive whole number (or out of range) is refused naming its setting.
 */
export interface PayloadLimits {
  /** Bytes any one decompression may produce (a zip entry, a gzip body, an .xlsx's parts together). */
  maxInflatedBytes: number;
  /** Uncompressed to compressed size above which a large zip entry is refused as a bomb. */
  maxCompressionRatio: number;
  /** Lines of a line-based payload, and records a whole-file importer builds from one. */
  maxRows: number;
  /** Characters of one line (and of one text cell or title read from a line-free format). */
  maxLineChars: number;
  /** Cells of one worksheet: those written in its XML, and the rows × columns its values span. */
  maxSheetCells: number;
}

interface Setting {
  name: string;
  fallback: number;
  min: number;
  max: number;
}

export const LIMIT_SETTINGS = {
  maxInflatedBytes: { name: 'FDH_SYNC_MAX_INFLATED_MB', fallback: 256, min: 1, max: 4096 },
  maxCompressionRatio: { name: 'FDH_SYNC_MAX_COMPRESSION_RATIO', fallback: 200, min: 2, max: 100_000 },
  maxRows: { name: 'FDH_SYNC_MAX_ROWS', fallback: 2_000_000, min: 1, max: 1_000_000_000 },
  maxLineChars: { name: 'FDH_SYNC_MAX_LINE_KB', fallback: 1024, min: 1, max: 256 * 1024 },
  maxSheetCells: { name: 'FDH_SYNC_MAX_SHEET_CELLS', fallback: 2_000_000, min: 1, max: 1_000_000_000 },
} as const satisfies Record<keyof PayloadLimits, Setting>;

/** A zip entry (or gzip body) smaller than this is never refused for its ratio: it cannot be a bomb. */
export const RATIO_EXEMPT_BYTES = 1024 * 1024;

function read(setting: Setting, env: NodeJS.ProcessEnv): number {
  const raw = env[setting.name]?.trim();
  if (raw === undefined || raw === '') return setting.fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < setting.min || value > setting.max) {
    throw new Error(`${setting.name} must be a whole number from ${setting.min} to ${setting.max} (got "${raw}")`);
  }
  return value;
}

/** The limits in force, from `env` (the process's environment unless given). */
export function payloadLimits(env: NodeJS.ProcessEnv = process.env): PayloadLimits {
  return {
    maxInflatedBytes: read(LIMIT_SETTINGS.maxInflatedBytes, env) * 1024 * 1024,
    maxCompressionRatio: read(LIMIT_SETTINGS.maxCompressionRatio, env),
    maxRows: read(LIMIT_SETTINGS.maxRows, env),
    maxLineChars: read(LIMIT_SETTINGS.maxLineChars, env) * 1024,
    maxSheetCells: read(LIMIT_SETTINGS.maxSheetCells, env),
  };
}

/** A byte count as people read it: `3.1 GB`, `256 MB`, `12 KB`, `80 bytes` (powers of 1024). */
export function byteSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} bytes`;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** `2,000,000`: a count as people read it. */
export const count = (n: number): string => n.toLocaleString('en-US');

/**
 * The response-cache port: finished response bodies kept until the data behind them can
 * change. Values are JSON-serialisable and the interface is async so a shared adapter
 * (Redis, keyed the same way, `SET key value PXAT expiresAt`) can replace the in-process one.
 */
export interface CachedResponse<Value> {
  value: Value;
  expiresAt: Date;
}

export interface ResponseCache {
  get<Value>(key: string): Promise<CachedResponse<Value> | undefined>;
  /** Keeps `value` until `expiresAt`; an expiry already past stores nothing. */
  set<Value>(key: string, value: Value, expiresAt: Date): Promise<void>;
  close(): Promise<void>;
}

/**
 * Where an emitter whose file is a list of independent parts (mcp.ts: one tool per operation) gets
 * each part: made, or from the per-part cache (generator/cache/cached-parts.ts).
 */

/** Where an emitter's parts come from: the cache, or `make`. */
export interface PartStore {
  /**
   * The part `kind` for `reads` (the text of all the part depends on beyond the store's shared
   * key): from the cache when it holds one that `valid` accepts, else made by `make` (a value
   * JSON carries unchanged: strings, arrays, plain objects) and cached.
   */
  part<T>(kind: string, reads: string, make: () => T, valid: (value: unknown) => value is T): T;
}

/** Makes every part (no cache). */
export const UNCACHED_PARTS: PartStore = { part: (_kind, _reads, make) => make() };

/**
 * Where an emitter whose file is a list of independent parts (mcp.ts: one tool per operation) gets
 * each part: made, or from the per-part cache (generator/cache/cached-parts.ts).
 */

/** Where an emitter's parts come from: the cache, or `make`. */
export interface PartStore {
  /**
   * The text of part `kind` for `reads` (the text of all the part depends on beyond the store's
   * shared key): from the cache when it holds one that `valid` accepts, else made by `make` and
   * cached. Texts are kept as they are (a pack stores them unescaped: cache-pack.ts).
   */
  part(kind: string, reads: string, make: () => string, valid?: (text: string) => boolean): string;
}

/** Makes every part (no cache). */
export const UNCACHED_PARTS: PartStore = { part: (_kind, _reads, make) => make() };

/** A store an emitter that makes its missing parts together reads and fills (cached-parts.ts). */
export interface BatchPartStore {
  /** The cached text of part `kind` for `reads`, if any. */
  lookup(kind: string, reads: string): string | undefined;
  /** Caches `text`, made in this run, as part `kind` for `reads`. */
  store(kind: string, reads: string, text: string): void;
  /** Keeps part `kind` for `reads` for the next run, unread (false when there is none); a store without it keeps only what is looked up. */
  keep?(kind: string, reads: string): boolean;
}

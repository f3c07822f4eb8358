/**
 * Per-part cache entries: an emitter whose file is a list of independent parts (mcp.ts: one tool
 * per operation) caches each part under a key that covers what that part reads, so that an edit
 * of one operation makes only that operation's part again (the emitter's whole file is cached
 * under one key over the whole model by traced-emit.ts: any structural edit misses it).
 *
 * A part's key is the store's shared key (the emitter's context and the hash of each top-level
 * value of the model the parts may read: for mcp.ts's tools the component schemas, the ref
 * targets and the OpenAPI version, the only values the schema converter is given) plus what the
 * emitter says the part reads on top (one operation, its tool name). The shared values are
 * hashed whole, deliberately wide: an edit of any component schema misses every part (any tool
 * may reach it through a `$ref` or a discriminator's mapping), never the other way round.
 * Entries live in a {@link CachePack} (the generator's hash salts it, each text checked on read,
 * only the entries of the last run kept), so the pack holds one output's parts at most.
 */
import type { PartStore } from "../emit/part-store.js";
import type { CachePack } from "./cache-pack.js";
import type { RunCaches } from "./run-caches.js";
import { valueHash } from "./traced-emit.js";

export class PartCache implements PartStore {
  /** Parts taken from the cache, and parts made, in this run (for tests and `--debug`). */
  hits = 0;
  made = 0;

  constructor(
    private readonly pack: CachePack,
    private readonly shared: string,
  ) {}

  part(kind: string, reads: string, make: () => string, valid = (_text: string) => true): string {
    // hashed once for the lookup and the store
    const key = this.pack.key(`${this.shared}\n${kind}\n${reads}`);
    const cached = this.pack.getKey(key);
    if (cached !== undefined && valid(cached)) {
      this.hits++;
      return cached;
    }
    this.made++;
    const text = make();
    this.pack.setKey(key, text);
    return text;
  }

  /**
   * The text of part `kind` for `reads` when the cache holds one (for an emitter that makes its
   * missing parts together: {@link store} them after); counted as a hit, a miss is counted by `store`.
   */
  lookup(kind: string, reads: string): string | undefined {
    const text = this.pack.get(`${this.shared}\n${kind}\n${reads}`);
    if (text !== undefined) this.hits++;
    return text;
  }

  /** Keeps part `kind` for `reads` for the next run without reading it; false when there is none. */
  keep(kind: string, reads: string): boolean {
    return this.pack.keep(`${this.shared}\n${kind}\n${reads}`);
  }

  /** Caches `text` as part `kind` for `reads`, made in this run. */
  store(kind: string, reads: string, text: string): void {
    this.made++;
    this.pack.set(`${this.shared}\n${kind}\n${reads}`, text);
  }

  /** Writes the parts this run used (dropping the others). */
  save(): void {
    this.pack.save();
  }
}

/**
 * The shared key of parts that read `model`'s values `keys` (besides what each part's own key
 * covers): `fixed` (the emitter's context, as text) and the hash of each of those values (hashes
 * the run shares with traced-emit.ts's keys).
 */
export function sharedPartKey(
  caches: RunCaches,
  model: object,
  keys: readonly string[],
  fixed: string,
): string {
  const values = model as Record<string, unknown>;
  const hashes = [...keys]
    .sort()
    .map((key) => `${JSON.stringify(key)}=${valueHash(caches, values, key)}`);
  return [fixed, ...hashes].join("\n");
}

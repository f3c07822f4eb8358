/**
 * What an operation's part of operations.ts read of the model's component schemas and other
 * `$ref` targets, recorded while it is made and kept with it: each value read with its hash, the
 * part used again only while every one is unchanged (emit-operations.ts). A part reads them only
 * to resolve a response header's `$ref` (header-kinds.ts), so its key no longer holds a
 * fingerprint of all its operation reaches (model/schema-reach.ts): on Stripe every operation
 * reaches `account` through its error body, and after an edit of it every part was made again on
 * the next operation edit (client.ts had come whole from the cache on the schema edit's run).
 * Reads are recorded through proxies (schema/recording-proxy.ts), as the mocks' bodies record theirs:
 * a part that lists the keys, or reads a symbol, depends on all of both tables.
 */
import type { ApiModel } from "../../model/types.js";
import { sha256Hex } from "../../cache/text-hash.js";
import { recordingProxy } from "../../schema/recording-proxy.js";

/** The read that stands for both tables whole. */
const ALL = "*";

export class SchemaReads {
  readonly #model: ApiModel;
  readonly #hashes = new Map<string, string>();

  /** @param model the model the parts are made from (the hashes are of its values) */
  constructor(model: ApiModel) {
    this.#model = model;
  }

  /**
   * `make`'s text, made from the model with its `schemas` and `refTargets` recording what is read
   * of them, after a line of those reads, each with its hash.
   */
  recorded(make: (model: ApiModel) => string): string {
    const reads = new Set<string>();
    const recording = <T extends object>(target: T, prefix: string): T =>
      recordingProxy(
        target,
        (key) => reads.add(typeof key === "string" ? `${prefix}${key}` : ALL),
        () => reads.add(ALL),
      );
    let schemas: ApiModel["schemas"] | undefined;
    let refTargets: ApiModel["refTargets"] | undefined;
    const model = new Proxy(this.#model, {
      get: (object, key, receiver) => {
        if (key === "schemas") return (schemas ??= recording(object.schemas, "schema:"));
        if (key === "refTargets") return (refTargets ??= recording(object.refTargets, "ref:"));
        return Reflect.get(object, key, receiver) as unknown;
      },
    });
    const text = make(model);
    const list = reads.has(ALL) ? [ALL] : [...reads].sort();
    return `${JSON.stringify(list.map((read) => [read, this.#hash(read)]))}\n${text}`;
  }

  /** The text of a {@link recorded} part when every value it read is unchanged; undefined otherwise. */
  current(part: string): string | undefined {
    const end = part.indexOf("\n");
    if (end < 0) return undefined;
    let reads: unknown;
    try {
      reads = JSON.parse(part.slice(0, end));
    } catch {
      return undefined;
    }
    const unchanged =
      Array.isArray(reads) &&
      reads.every(
        (read: unknown) =>
          Array.isArray(read) &&
          read.length === 2 &&
          typeof read[0] === "string" &&
          read[1] === this.#hash(read[0]),
      );
    return unchanged ? part.slice(end + 1) : undefined;
  }

  /** The hash of a read value (`schema:<name>`, `ref:<ref>`, or {@link ALL}), `-` when absent. */
  #hash(read: string): string {
    let hash = this.#hashes.get(read);
    if (hash === undefined) {
      const { schemas, refTargets } = this.#model;
      const colon = read.indexOf(":");
      const table: Readonly<Record<string, unknown>> =
        read.slice(0, colon) === "schema" ? schemas : refTargets;
      const key = read.slice(colon + 1);
      const value =
        read === ALL ? [schemas, refTargets] : Object.hasOwn(table, key) ? table[key] : undefined;
      hash = value === undefined ? "-" : sha256Hex(JSON.stringify(value) ?? "undefined");
      this.#hashes.set(read, hash);
    }
    return hash;
  }
}

/**
 * What one generation run computes once and shares between its emitters: prose-free copies of
 * the document and the model, JSON texts and hashes of their top-level values, and the key text
 * of the prose-free emitters. The run creates it (generate.ts) and drops it at its end, so
 * nothing outlives a run: a `--watch` session's later runs start from nothing, as a process does.
 * Entries are keyed by object identity (an edited spec is a new document object).
 */
import { withoutProse } from "./without-prose.js";

export class RunCaches {
  readonly #proseFree = new WeakMap<object, unknown>();
  readonly #texts = new WeakMap<object, string>();
  readonly #hashes = new WeakMap<object, Map<string, string>>();
  readonly #keys = new Map<string, string>();
  readonly #derived = new WeakMap<object, Map<string, unknown>>();

  /** `value` without prose (without-prose.ts), made once per object. */
  proseFree<T extends object>(value: T): T {
    let copy = this.#proseFree.get(value);
    if (copy === undefined) {
      copy = withoutProse(value, false);
      this.#proseFree.set(value, copy);
    }
    return copy as T;
  }

  /** `value` as JSON (`undefined` for what JSON has no text for); objects serialized once. */
  jsonText(value: unknown): string {
    if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "undefined";
    let text = this.#texts.get(value);
    if (text === undefined) this.#texts.set(value, (text = JSON.stringify(value)));
    return text;
  }

  /** The hash of `input[key]`, made once per object and key (`hash` computes it). */
  valueHash(input: object, key: string, hash: () => string): string {
    let known = this.#hashes.get(input);
    if (known === undefined) this.#hashes.set(input, (known = new Map()));
    let value = known.get(key);
    if (value === undefined) known.set(key, (value = hash()));
    return value;
  }

  /**
   * What `make` derives from `value` (an index over it, say), made once per object and `kind`: on
   * Stripe two emitters' part keys each hashed the schemas' reach (model/schema-reach.ts) afresh.
   */
  derived<T>(value: object, kind: string, make: () => T): T {
    let known = this.#derived.get(value);
    if (known === undefined) this.#derived.set(value, (known = new Map()));
    if (!known.has(kind)) known.set(kind, make());
    return known.get(kind) as T;
  }

  /** A text computed once per run under `name` (`make` computes it). */
  once(name: string, make: () => string): string {
    let text = this.#keys.get(name);
    if (text === undefined) this.#keys.set(name, (text = make()));
    return text;
  }
}

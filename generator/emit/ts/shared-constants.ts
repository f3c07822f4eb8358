/**
 * Literals a data module repeats, written once as `const <prefix>N: <type>` and referred to by
 * name (server-api.ts: response descriptors, header tables, parameter lists, security
 * requirements, the error responses operations declare alike). Every use is counted first, then
 * each is written: a literal used once stays inline, and the constants of every kind go to one
 * list in first-use order, so a constant always follows the ones it names.
 */
import { reference, type DataConstant, type DataValue } from "./data-layout.js";

export interface SharedKind {
  /** The constants' names: `<prefix>1`, `<prefix>2`, … in first-use order. */
  readonly prefix: string;
  /** Their declared type (`ResponseDescriptor`). */
  readonly type: string;
  /** The one-line comment above the first of them. */
  readonly doc: string;
}

export class SharedConstants {
  readonly #uses = new Map<string, number>();
  readonly #names = new Map<string, string>();

  constructor(
    readonly kind: SharedKind,
    /** The module's constants, shared by every kind (see the module comment). */
    readonly into: DataConstant[],
  ) {}

  /** Counts `uses` uses of the literal that `key` stands for. */
  count(key: string, uses = 1): void {
    this.#uses.set(key, (this.#uses.get(key) ?? 0) + uses);
  }

  /** Whether the literal of `key` is written once as a constant (it is used twice or more). */
  shared(key: string): boolean {
    return (this.#uses.get(key) ?? 0) >= 2;
  }

  /** Whether any literal of this kind was written as a constant. */
  get used(): boolean {
    return this.#names.size > 0;
  }

  /**
   * The literal of `key`: `value()` itself when it is used once, else a reference to its constant
   * (written from `value()` at the first use).
   */
  write(key: string, value: () => DataValue): DataValue {
    if (!this.shared(key)) return value();
    const known = this.#names.get(key);
    if (known !== undefined) return reference(known);
    const written = value(); // first: the constants it names go before it
    const name = `${this.kind.prefix}${this.#names.size + 1}`;
    this.#names.set(key, name);
    this.into.push({
      ...(this.#names.size === 1 ? { doc: this.kind.doc } : {}),
      name,
      type: this.kind.type,
      value: written,
    });
    return reference(name);
  }
}

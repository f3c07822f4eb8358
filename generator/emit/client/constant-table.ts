/**
 * Values several operations of client.ts share, each written once as `const <PREFIX><n> = …`
 * (numbered in first-use order) and named by every operation that has it: the descriptors'
 * response header maps, the XML bodies' node trees.
 */
import type { StatementStructures } from "ts-morph";
import { StructureKind, VariableDeclarationKind } from "../ts/ts-morph-values.js";

export class ConstantTable {
  readonly #names = new Map<string, string>();

  /**
   * @param prefix the constants' name before their number (`RESPONSE_HEADERS_`)
   * @param doc the comment above the first constant
   * @param type the constants' declared type, if any
   */
  constructor(
    private readonly prefix: string,
    private readonly doc: string,
    private readonly type?: string,
  ) {}

  /** The constant's name for an initializer (created on first use). */
  reference(initializer: string): string {
    let name = this.#names.get(initializer);
    if (name === undefined) {
      name = `${this.prefix}${this.#names.size}`;
      this.#names.set(initializer, name);
    }
    return name;
  }

  /** The initializers referenced, in first-use order. */
  initializers(): string[] {
    return [...this.#names.keys()];
  }

  statements(): StatementStructures[] {
    return [...this.#names].map(([initializer, name], index) => ({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      ...(index === 0 ? { docs: [{ description: this.doc }] } : {}),
      declarations: [
        { name, initializer, ...(this.type === undefined ? {} : { type: this.type }) },
      ],
    }));
  }
}

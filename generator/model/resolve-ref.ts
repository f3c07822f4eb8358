/**
 * The schema model's JSON pointers (generator/schema/json-pointer.ts), with a pointer that leads
 * nowhere reported as a spec error (GeneratorError `invalidSpec`, exit 3).
 */
import { GeneratorError } from "../errors.js";
import {
  PointerError,
  readPointer as readSchemaPointer,
  resolveObject as resolveSchemaObject,
} from "../schema/json-pointer.js";

export { escapePointer, isObject } from "../schema/json-pointer.js";

function asSpecError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof PointerError)) throw error;
    throw new GeneratorError("invalidSpec", error.message, {
      where: error.where,
      hint: error.hint,
    });
  }
}

/** Reads a JSON pointer (`#/components/schemas/Pet`) in the bundled document. */
export function readPointer(document: unknown, ref: string): unknown {
  return asSpecError(() => readSchemaPointer(document, ref));
}

/** Follows `$ref` chains until a non-ref object; fails clearly on a cycle. */
export function resolveObject(
  document: unknown,
  value: unknown,
): Record<string, unknown> | undefined {
  return asSpecError(() => resolveSchemaObject(document, value));
}

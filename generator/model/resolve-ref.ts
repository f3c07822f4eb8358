/**
 * The schema model's JSON pointers (generator/schema/json-pointer.ts), with a pointer that leads
 * nowhere reported as a spec error (GeneratorError `invalidSpec`, exit 3).
 */
import { GeneratorError } from "../errors.js";
import {
  PointerError,
  followRefs,
  readPointer as readSchemaPointer,
  resolveObject as resolveSchemaObject,
} from "../schema/json-pointer.js";
import { readSchemaRef, type SchemaRefs } from "../schema/schema-refs.js";

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

/** How a `$ref` is read: in the document (while the model is built), or in the model (after). */
export type ReadRef = (ref: string) => unknown;

/** `$ref`s read in `document` (building the model). */
export function documentRefs(document: unknown): ReadRef {
  return (ref) => readSchemaPointer(document, ref);
}

/** `$ref`s read in the model's schemas and ref targets (generator/schema/schema-refs.ts). */
export function modelRefs(refs: SchemaRefs): ReadRef {
  return (ref) => readSchemaRef(refs, ref);
}

/** Follows `$ref` chains with `read` until a non-ref object; fails clearly on a cycle. */
export function resolveWith(read: ReadRef, value: unknown): Record<string, unknown> | undefined {
  return asSpecError(() => followRefs(read, value));
}

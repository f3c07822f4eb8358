/**
 * JSON pointers (RFC 6901) into a bundled OpenAPI document: reading one, following `$ref` chains,
 * escaping a segment. Part of the schema model (generator/schema/), which the generator and the
 * conformance runner both read and which imports neither of them: a pointer that leads nowhere is
 * a {@link PointerError} (what, where, what to do), which the generator reports as a spec error.
 */

/** A `$ref` that cannot be followed: its message, the ref, and what to do. */
export class PointerError extends Error {
  constructor(
    message: string,
    readonly where: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = "PointerError";
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** One JSON pointer segment (RFC 6901): `~` → `~0`, `/` → `~1`. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** A JSON pointer token of a URI fragment, unescaped (`%7B` → `{`, `~1` → `/`, `~0` → `~`). */
export function pointerToken(token: string): string {
  // most tokens hold neither escape: read as they are (the model reads every `$ref` so)
  if (!token.includes("%") && !token.includes("~")) return token;
  let decoded = token;
  try {
    decoded = decodeURIComponent(token);
  } catch {
    // a malformed escape stays as written
  }
  return decoded.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** Reads a JSON pointer (`#/components/schemas/Pet`) in the bundled document. */
export function readPointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) {
    throw new PointerError(
      `Unresolved external reference ${JSON.stringify(ref)}`,
      ref,
      "Check that the referenced file exists next to the spec.",
    );
  }
  let node: unknown = document;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    const key = pointerToken(raw);
    if (node === null || typeof node !== "object" || !(key in node)) {
      throw new PointerError(
        `The $ref target ${JSON.stringify(ref)} does not exist`,
        ref,
        "Fix the $ref or add the missing component.",
      );
    }
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Follows `$ref` chains until a non-ref object; fails clearly on a cycle. */
export function resolveObject(
  document: unknown,
  value: unknown,
): Record<string, unknown> | undefined {
  return followRefs((ref) => readPointer(document, ref), value);
}

/** Follows `$ref` chains with `read` until a non-ref object; fails clearly on a cycle. */
export function followRefs(
  read: (ref: string) => unknown,
  value: unknown,
): Record<string, unknown> | undefined {
  const seen = new Set<string>();
  let node = value;
  while (isObject(node) && typeof node.$ref === "string") {
    if (seen.has(node.$ref))
      throw new PointerError(
        `The $ref ${JSON.stringify(node.$ref)} refers to itself`,
        node.$ref,
        "Break the reference cycle.",
      );
    seen.add(node.$ref);
    node = read(node.$ref);
  }
  return isObject(node) ? node : undefined;
}

import { GeneratorError } from "../errors.js";

/** Reads a JSON pointer (`#/components/schemas/Pet`) in the bundled document. */
export function readPointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith("#")) {
    throw new GeneratorError(
      "invalidSpec",
      `Unresolved external reference ${JSON.stringify(ref)}`,
      {
        where: ref,
        hint: "Check that the referenced file exists next to the spec.",
      },
    );
  }
  let node: unknown = document;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !(key in node)) {
      throw new GeneratorError(
        "invalidSpec",
        `The $ref target ${JSON.stringify(ref)} does not exist`,
        {
          where: ref,
          hint: "Fix the $ref or add the missing component.",
        },
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
  const seen = new Set<string>();
  let node = value;
  while (isObject(node) && typeof node.$ref === "string") {
    if (seen.has(node.$ref)) {
      throw new GeneratorError(
        "invalidSpec",
        `The $ref ${JSON.stringify(node.$ref)} refers to itself`,
        {
          where: node.$ref,
          hint: "Break the reference cycle.",
        },
      );
    }
    seen.add(node.$ref);
    node = readPointer(document, node.$ref);
  }
  return isObject(node) ? node : undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** One JSON pointer segment (RFC 6901): `~` → `~0`, `/` → `~1`. */
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

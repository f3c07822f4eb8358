/**
 * A document as JSON text that keeps which objects it shares (an object standing at two places
 * stands at both again when read back), for the split spec's recorded bundle (split-bundle.ts):
 * reading DigitalOcean's bundle back this way takes about a quarter of what V8's deserialization
 * of it takes. A document JSON cannot carry as it is (a non-finite number, -0, an `undefined`, an
 * object other than a plain one or an array, a hole in an array, a `__proto__` key, a cycle) is
 * kept with V8's serialization instead. The first byte says which.
 */
import { deserialize, serialize } from "node:v8";

type Path = (string | number)[];

/** `document` as bytes (see the module comment). */
export function encodeShared(document: unknown): Buffer {
  const links: [Path, Path][] = [];
  // where each object was first seen: its parent and key (a path is made only for a link)
  const first = new Map<object, readonly [object | undefined, string | number]>();
  const pathOf = (node: object | undefined): Path => {
    const path: Path = [];
    for (let at = node && first.get(node); at?.[0] !== undefined; at = first.get(at[0]))
      path.unshift(at[1]);
    return path;
  };
  let plain = true;
  const visit = (node: unknown, parent: object | undefined, key: string | number): void => {
    if (!plain) return;
    if (typeof node === "number") plain = Number.isFinite(node) && !Object.is(node, -0);
    else if (node === null || typeof node === "string" || typeof node === "boolean") return;
    else if (typeof node !== "object") plain = false;
    else {
      if (first.has(node)) {
        links.push([[...pathOf(parent), key], pathOf(node)]);
        return;
      }
      first.set(node, [parent, key]);
      const keys = Object.keys(node);
      if (Array.isArray(node)) plain = keys.length === node.length;
      else plain = Object.getPrototypeOf(node) === Object.prototype && !keys.includes("__proto__");
      const array = Array.isArray(node);
      for (const name of keys)
        visit((node as Record<string, unknown>)[name], node, array ? Number(name) : name);
    }
  };
  visit(document, undefined, "");
  if (plain) {
    try {
      return Buffer.from(`J${JSON.stringify(document)}\0${JSON.stringify(links)}`);
    } catch {
      // a cycle: V8 keeps it
    }
  }
  return Buffer.concat([Buffer.from("V"), serialize(document)]);
}

/** The document `encodeShared` gave `bytes` for. */
export function decodeShared(bytes: Buffer): unknown {
  if (bytes[0] !== 0x4a /* J */) {
    if (bytes[0] !== 0x56 /* V */) throw new Error("not an encoded document");
    return deserialize(bytes.subarray(1));
  }
  const text = bytes.toString("utf8", 1);
  const cut = text.lastIndexOf("\0");
  const document = JSON.parse(text.slice(0, cut)) as unknown;
  const links = JSON.parse(text.slice(cut + 1)) as [Path, Path][];
  const at = (path: Path): unknown => {
    let node = document;
    for (const key of path) node = (node as Record<string | number, unknown>)[key];
    return node;
  };
  for (const [path, target] of links) {
    const parent = at(path.slice(0, -1)) as Record<string | number, unknown>;
    parent[path[path.length - 1] as string | number] = at(target);
  }
  return document;
}

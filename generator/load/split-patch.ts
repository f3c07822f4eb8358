/**
 * A structural edit of files of a split spec, patched into the recorded bundle
 * (split-bundle.ts) instead of bundling every file again (DigitalOcean's 2,850 files: about a
 * quarter of a schema or operation edit's run).
 *
 * What Redocly's bundle does to a file's content (openapi-core's bundle visitor): it rewrites the
 * file's `$ref`s (to `#/components/...`, or replaces each by the content it names) and its
 * discriminator mapping values, fills `externalValue` examples, and puts the file's root object
 * where it is referenced: as a component (the object itself) or in place of the `$ref` (a shallow
 * copy of the root: the same nested objects). Nothing else of the file changes. So for an edit that
 * keeps the file's references (the same values in the same places, list positions aside), the
 * file's new bundled content is its new parse with each reference replaced by what the bundle made
 * of the same reference before, and it goes where the old content was.
 *
 * A file is patchable only where nothing else depends on its content:
 * - every reference to it names the whole file (no `#/...` into it), and none of its own names it;
 * - if the bundle made it a component (a component has its name, or `<name>-<n>`), no other
 *   reference and no component of the root would take that name: Redocly compares same-named
 *   components by content (to share one name or rename one `-2`);
 * - the bundle copies it only in place of a `$ref` to it (not through a file that is a `$ref`, or
 *   a `$ref` to a part of a file that is one), and no object of it stands anywhere else;
 * - its root is a plain object, not a `$ref`, and it has no `externalValue`, no `$ref` with
 *   siblings and no shared (aliased) object;
 * - it is not pinned (its prose is part of its shape: see split-bundle.ts);
 * - the bundle holds it somewhere.
 * What the record keeps for such a file: its references' paths, their signature and its places in
 * the bundle (a path to each object that is its root or a copy of it).
 */
import { createHash } from "node:crypto";
import { dirname, resolve } from "node:path";

export type Path = readonly (string | number)[];

/** Where a file's references stand (`fileRefs`). */
export interface FileRefs {
  /** Each reference's path in the file, in document order. */
  readonly paths: readonly Path[];
  /** Each reference's value ($ref, mapping value, externalValue), in the same order. */
  readonly values: readonly string[];
  /** Each reference's kind: `$ref` (its path names the object), or the key of the string. */
  readonly kinds: readonly string[];
  /** A hash of the values and their paths without list positions. */
  readonly signature: string;
  /** Whether the file's own shape allows a patch (see the module comment). */
  readonly patchable: boolean;
}

/** What the record keeps of a patchable file (see the module comment). */
export interface PatchRecord {
  readonly signature: string;
  readonly paths: readonly Path[];
  readonly places: readonly Path[];
}

/** The references of a parsed file, and whether its shape allows a patch. */
export function fileRefs(document: unknown): FileRefs {
  const paths: Path[] = [];
  const values: string[] = [];
  const kinds: string[] = [];
  const wild: unknown[] = [];
  const seen = new Set<object>();
  let patchable = isPlainObject(document) && typeof document["$ref"] !== "string";
  const path: (string | number)[] = [];
  const note = (kind: string, value: string) => {
    paths.push([...path]);
    values.push(value);
    kinds.push(kind);
    wild.push([kind, path.map((step) => (typeof step === "number" ? null : step)), value]);
  };
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object") return;
    if (seen.has(node)) {
      patchable = false; // a YAML alias: one object at two places
      return;
    }
    seen.add(node);
    if (Array.isArray(node)) return eachItem(node, path, visit);
    const record = node as Record<string, unknown>;
    if (typeof record["$ref"] === "string") {
      note("$ref", record["$ref"]);
      if (Object.keys(record).length > 1) patchable = false; // siblings: merged into the target
      return;
    }
    for (const key of Object.keys(record)) {
      const value = record[key];
      path.push(key);
      if (key === "externalValue" && typeof value === "string") {
        note(key, value);
        patchable = false;
      } else if (key === "defaultMapping" && typeof value === "string") note(key, value);
      else if (key === "mapping" && isPlainObject(value))
        for (const name of Object.keys(value)) {
          const target = value[name];
          path.push(name);
          if (typeof target === "string") note(key, target);
          else visit(target);
          path.pop();
        }
      else visit(value);
      path.pop();
    }
  };
  visit(document);
  const signature = createHash("sha256").update(JSON.stringify(wild)).digest("hex");
  return { paths, values, kinds, signature, patchable };
}

/** What `patchRecords` reads of the files a bundle read (the root first). */
export interface ReadFiles {
  /** Each file's absolute path. */
  readonly paths: readonly string[];
  /** Each file's references, as parsed (before the bundle rewrote them). */
  readonly refs: readonly FileRefs[];
  /** Each file's parsed document (the objects the bundle holds). */
  readonly documents: readonly unknown[];
  /** The files left unmarked. */
  readonly pinned: ReadonlySet<string>;
  /** The root's component names before the bundle added any, each with its `$ref` if one. */
  readonly rootNames: ReadonlyMap<string, string | undefined>;
  /** The file a parsed object comes from, by number. */
  ownerIndex(node: object): number | undefined;
}

/** For each file (by number), what a later run needs to patch it, or null when it cannot be. */
export function patchRecords(files: ReadFiles, bundled: unknown): (PatchRecord | null)[] {
  const paths = files.paths; // read once: a reader may make it on each read (ProseMarks)
  const byPath = new Map(paths.map((path, index) => [path, index]));
  const blocked = new Set<number>([0]); // the root is never patched
  // the targets each candidate component name stands for, and the names of the root's components
  const named = new Map<string, Set<string>>();
  const name = (name: string, target: string) => {
    const targets = named.get(name);
    if (targets === undefined) named.set(name, new Set([target]));
    else targets.add(target);
  };
  /** The file `value` (a reference in file `from`) names, and the rest of it after `#`. */
  const targetOf = (from: number, value: string) => {
    const hash = value.indexOf("#");
    const uri = hash === -1 ? value : value.slice(0, hash);
    const pointer = hash === -1 ? "" : value.slice(hash + 1);
    if (/^(?:https?|file|data):/.test(uri)) return undefined;
    const target = uri === "" ? from : byPath.get(resolve(dirname(paths[from] as string), uri));
    // a file the bundle did not read is not one of ours; the root's own stays as it is
    if (target === undefined || (target === 0 && uri === "")) return undefined;
    return { target, pointer, whole: pointer === "" || pointer === "/" };
  };
  // a component of the root that is a `$ref` to a whole file takes that file's name by reference
  for (const [key, value] of files.rootNames) {
    const ref = value === undefined ? undefined : targetOf(0, value);
    name(key, ref?.whole === true ? `${ref.target}#` : "root component");
  }
  // each `$ref` object that names a whole file, and each place a `$ref` names a part of
  const whole: { readonly from: number; readonly path: Path; readonly target: number }[] = [];
  const parts = new Set<string>();
  files.refs.forEach((refs, from) => {
    refs.values.forEach((value, at) => {
      const kind = refs.kinds[at];
      if (kind === "mapping" && !isMappingRef(value)) return;
      const ref = targetOf(from, value);
      if (ref === undefined) return;
      const { target, pointer } = ref;
      if (!ref.whole || target === from) blocked.add(target);
      if (ref.whole) name(baseName(paths[target] as string), `${target}#`);
      else {
        name(pointer.split("/").pop() ?? "", `${target}#${pointer}`);
        parts.add(`${target}#${pointerSteps(pointer).join("\0")}`);
      }
      if (ref.whole && kind === "$ref") whole.push({ from, path: refs.paths[at] ?? [], target });
    });
  });
  // where the bundle put each whole file in place of a `$ref` to it: that object, now a copy of
  // the file's root; a `$ref` the bundle followed through another (a file that is a `$ref`, or a
  // `$ref` a part of a file names) copies the file where no `$ref` to it stands: not patched
  const copies = new Map<object, number>();
  for (const { from, path, target } of whole) {
    const pointer = `${from}#${path.join("\0")}`;
    const node = valueIn(files.documents[from], path);
    const root = files.documents[target];
    if (path.length === 0 || parts.has(pointer) || !isPlainObject(node) || !isPlainObject(root))
      blocked.add(target);
    else if (typeof node["$ref"] === "string")
      continue; // a component's name, or left as it was
    else if (sameEntries(node, root)) copies.set(node, target);
    else blocked.add(target); // siblings of the `$ref` merged in
  }
  const clashing = new Set<number>();
  for (const targets of named.values())
    if (targets.size > 1)
      for (const target of targets) {
        const index = /^(\d+)#$/.exec(target)?.[1];
        if (index !== undefined) clashing.add(Number(index));
      }
  const { places, strays } = placesOf(files, bundled, blocked, copies);
  return paths.map((path, index) => {
    const refs = files.refs[index];
    const found = places.get(index);
    if (blocked.has(index) || strays.has(index) || !refs?.patchable || found === undefined)
      return null;
    if (files.pinned.has(path)) return null;
    // a file whose name no component has (nor `name-<n>`) was never one, nor compared with one:
    // it only stands where it is referenced (an operation, a path item, a code sample)
    const name = componentNamed(bundled, baseName(path));
    if (name !== "none" && (name === "renamed" || clashing.has(index))) return null;
    return { signature: refs.signature, paths: refs.paths, places: found };
  });
}

/**
 * Where each file's root stands in the bundle: a path to every object that is the root, or a
 * shallow copy of it (the bundle's `$ref` replaced by the file's content); and the files an object
 * of which stands anywhere else (`strays`: held by an object of another file that is not a copy
 * of the root, such as a copy made before the bundle changed the root again). A patch would miss
 * such a place, so those files are not patched.
 */
function placesOf(
  files: ReadFiles,
  bundled: unknown,
  blocked: ReadonlySet<number>,
  copies: ReadonlyMap<object, number>,
): { places: Map<number, Path[]>; strays: Set<number> } {
  const roots = new Map<object, number>();
  files.documents.forEach((document, index) => {
    if (!blocked.has(index) && isPlainObject(document)) roots.set(document, index);
  });
  const places = new Map<number, Path[]>();
  const add = (index: number, path: Path) => {
    const list = places.get(index);
    if (list === undefined) places.set(index, [path]);
    else list.push(path);
  };
  const strays = new Set<number>();
  /** Notes the files whose objects `node` (a copy of file `copied`'s root, if so) holds astray. */
  const holds = (node: object, copied: number | undefined) => {
    const own = files.ownerIndex(node);
    for (const value of Object.values(node)) {
      if (value === null || typeof value !== "object") continue;
      const owner = files.ownerIndex(value as object);
      if (owner === undefined || owner === own || owner === copied) continue;
      if (value !== files.documents[owner]) strays.add(owner);
    }
  };
  const seen = new Set<object>();
  const path: (string | number)[] = [];
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      holds(node, undefined);
      return eachItem(node, path, visit);
    }
    const record = node as Record<string, unknown>;
    const root = roots.get(record);
    const copied =
      root === undefined ? (copies.get(record) ?? copyOf(record, files, roots)) : undefined;
    if (root !== undefined) add(root, [...path]);
    else if (copied !== undefined) add(copied, [...path]);
    holds(record, copied);
    for (const key of Object.keys(record)) {
      path.push(key);
      visit(record[key]);
      path.pop();
    }
  };
  visit(bundled);
  return { places, strays };
}

/** The file whose root `record` is a shallow copy of, if any (same keys, each the same value). */
function copyOf(
  record: Record<string, unknown>,
  files: ReadFiles,
  roots: ReadonlyMap<object, number>,
): number | undefined {
  const keys = Object.keys(record);
  const first = keys.find((key) => record[key] !== null && typeof record[key] === "object");
  if (first === undefined) return undefined;
  const owner = files.ownerIndex(record[first] as object);
  const root = owner === undefined ? undefined : files.documents[owner];
  if (owner === undefined || !isPlainObject(root) || roots.get(root) !== owner) return undefined;
  return sameEntries(record, root) ? owner : undefined;
}

/** Whether `copy` has the keys of `root` in the same order, each with the same value. */
function sameEntries(copy: Record<string, unknown>, root: Record<string, unknown>): boolean {
  const keys = Object.keys(copy);
  const rootKeys = Object.keys(root);
  return (
    rootKeys.length === keys.length &&
    rootKeys.every((key, at) => keys[at] === key && Object.is(copy[key], root[key]))
  );
}

/** The value at `path` in `node`, or undefined. */
function valueIn(node: unknown, path: Path): unknown {
  try {
    return valueAt(node, path);
  } catch {
    return undefined;
  }
}

/** A JSON pointer's keys, as Redocly reads them (unescaped, then URI-decoded). */
function pointerSteps(pointer: string): string[] {
  return pointer
    .split("/")
    .filter((step) => step !== "")
    .map((step) => {
      const key = step.replaceAll("~1", "/").replaceAll("~0", "~");
      try {
        return decodeURIComponent(key);
      } catch {
        return key;
      }
    });
}

/**
 * Whether a component group of the bundle holds `name-<n>` (Redocly renamed one `name`: "renamed"),
 * else `name` ("named"), else "none".
 */
function componentNamed(bundled: unknown, name: string): "renamed" | "named" | "none" {
  const components = isPlainObject(bundled) ? bundled["components"] : undefined;
  const groups = isPlainObject(components) ? Object.values(components).filter(isPlainObject) : [];
  const renamed = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}-\\d+$`);
  if (groups.some((group) => Object.keys(group).some((key) => renamed.test(key)))) return "renamed";
  return groups.some((group) => Object.hasOwn(group, name)) ? "named" : "none";
}

/** A file is patched: its new parse (prose marked) and its references' paths in it. */
export interface Patch {
  readonly record: PatchRecord;
  readonly document: Record<string, unknown>;
  readonly paths: readonly Path[];
}

/**
 * Puts each patched file's new content where its old content stands in `bundle` (in place), its
 * references replaced by what the bundle made of them. Every place and reference is found before
 * anything changes (a file's places may lie in another patched file). Throws when the bundle does
 * not hold what the record says (a damaged record).
 */
export function applyPatches(bundle: unknown, patches: readonly Patch[]): void {
  const found = patches.map(({ record, document, paths }) => {
    const places = record.places.map((path) => valueAt(bundle, path));
    const [first] = places;
    if (!places.every(isPlainObject) || first === undefined || paths.length !== record.paths.length)
      throw new Error("the record does not match its bundle");
    return { document, paths, places, made: record.paths.map((path) => valueAt(first, path)) };
  });
  for (const { document, paths, places, made } of found) {
    paths.forEach((path, at) => setAt(document, path, made[at]));
    for (const place of places) {
      for (const key of Object.keys(place)) delete place[key];
      Object.assign(place, document);
    }
  }
}

/** Calls `visit` on each item of `list`, its index on `path` meanwhile. */
function eachItem(
  list: readonly unknown[],
  path: (string | number)[],
  visit: (item: unknown) => void,
): void {
  list.forEach((item, index) => {
    path.push(index);
    visit(item);
    path.pop();
  });
}

function valueAt(node: unknown, path: Path): unknown {
  let value = node;
  for (const step of path) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, step))
      throw new Error(`the record names no value at /${path.join("/")}`);
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}

function setAt(node: unknown, path: Path, value: unknown): void {
  const parent = valueAt(node, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1] as string | number] = value;
}

/** A component's name from a file's path, as Redocly's `refBaseName` makes it. */
function baseName(path: string): string {
  return (path.split(/[/\\]/).pop() ?? "").replace(/\.[^.]+$/, "");
}

/** Whether a mapping value is a reference, as Redocly's `isMappingRef` tells it. */
function isMappingRef(value: string): boolean {
  return (
    value.startsWith("#") ||
    /^(?:https?|file|data):/.test(value) ||
    value.includes("/") ||
    /\.(ya?ml|json)$/i.test(value)
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.getPrototypeOf(value) === Object.prototype
  );
}

/**
 * Where a JSON pointer is in the spec's text: `file:line:column`, as lint reports it, so an editor
 * or a CI annotation can jump to it (spec:diff's findings, generate's refusals). Only the root file
 * is mapped (what a bundle pulled in from other files has no place in it).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import { GeneratorError } from "../errors.js";

/** Maps a JSON pointer (`#/paths/~1pets/get`) to `label:line:column`, or `undefined`. */
export type Locator = (pointer: string) => string | undefined;

export interface LocatorOptions {
  /** The absolute path of `text`: with it, a `$ref` to another file is followed into that file. */
  readonly file?: string;
  /** Reads a referenced file (default: from the disk); undefined when it cannot be read. */
  readonly read?: (file: string) => string | undefined;
}

/**
 * A locator over `text` (shown as `label`). With `options.file`, a pointer that passes through a
 * `$ref` to another file (`Pet: { $ref: './schemas/pet.yaml' }`) is located inside that file
 * (`spec/schemas/pet.yaml:4:5`), not on the root file's `$ref` line.
 */
export function createLocator(text: string, label: string, options: LocatorOptions = {}): Locator {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, keepSourceTokens: false, uniqueKeys: false });
  const others = new Map<string, Locator | undefined>();
  const read =
    options.read ?? ((file: string) => (existsSync(file) ? readFileSync(file, "utf8") : undefined));
  /** The locator of a file a `$ref` names, relative to this one (cached). */
  const locatorOf = (reference: string): Locator | undefined => {
    if (options.file === undefined || /^[a-z][a-z0-9+.-]*:/i.test(reference)) return undefined;
    const file = path.resolve(path.dirname(options.file), reference);
    if (!others.has(file)) {
      const content = read(file);
      const shown = path.posix.normalize(
        path.posix.join(path.posix.dirname(label), reference.split(path.sep).join("/")),
      );
      others.set(
        file,
        content === undefined ? undefined : createLocator(content, shown, { file, read }),
      );
    }
    return others.get(file);
  };
  /**
   * Bundling moves the content of other files into components named after them
   * (`./schemas/pet.yaml` → `#/components/schemas/pet`), a pointer the root file does not have:
   * such a pointer is looked up in the referenced file of that name (reached through any file).
   */
  const bundledName = (pointer: string, seen: Set<string>): string | undefined => {
    const match = /^#\/components\/[^/]+\/([^/]+)(\/.*)?$/.exec(pointer);
    if (match === null || options.file === undefined) return undefined;
    for (const reference of externalReferences(document.contents)) {
      const file = path.resolve(path.dirname(options.file), reference);
      if (seen.has(file)) continue;
      seen.add(file);
      const locate = locatorOf(reference);
      const name = path.basename(reference).replace(/\.(ya?ml|json)$/i, "");
      const found =
        (name === match[1] ? locate?.(`#${match[2] ?? ""}`) : undefined) ??
        (locate as InternalLocator | undefined)?.bundled?.(pointer, seen);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const locator: InternalLocator = (pointer) =>
    locateIn(pointer) ?? bundledName(pointer, new Set());
  locator.bundled = bundledName;
  return locator;

  function locateIn(pointer: string): string | undefined {
    let node: unknown = document.contents;
    // The position of the last step: a map entry's key (as lint reports it), else the node.
    let at: Node | null | undefined = node as Node | null;
    const parts = pointer
      .replace(/^#\/?/, "")
      .split("/")
      .filter((segment) => segment !== "");
    for (const [index, part] of parts.entries()) {
      const external = isMap(node) ? node.get("$ref") : undefined;
      if (typeof external === "string" && !external.startsWith("#")) {
        const [reference = "", fragment = ""] = external.split("#");
        const inside = locatorOf(reference)?.(`#${fragment}/${parts.slice(index).join("/")}`);
        if (inside !== undefined) return inside;
      }
      const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => (isScalar(item.key) ? String(item.key.value) : item.key) === key,
        );
        if (pair === undefined) return undefined;
        node = pair.value;
        at = isScalar(pair.key) ? pair.key : (pair.value as Node | null);
      } else if (isSeq(node) && /^\d+$/.test(key)) {
        node = node.get(Number(key), true);
        at = node as Node | null;
      } else return undefined;
      if (node === undefined) return undefined;
    }
    // the pointer ends on a `$ref` to another file: the finding is that file's content
    const external = isMap(node) ? node.get("$ref") : undefined;
    if (typeof external === "string" && !external.startsWith("#")) {
      const [reference = "", fragment = ""] = external.split("#");
      const inside = locatorOf(reference)?.(`#${fragment}`);
      if (inside !== undefined) return inside;
    }
    const range = at?.range;
    if (range === undefined || range === null) return undefined;
    const { line, col } = lineCounter.linePos(range[0]);
    return `${label}:${line}:${col}`;
  }
}

type InternalLocator = Locator & {
  bundled?: (pointer: string, seen: Set<string>) => string | undefined;
};

/** The other files a parsed YAML node `$ref`s (file part only, in document order, once each). */
function externalReferences(node: unknown, found: Set<string> = new Set()): Set<string> {
  if (isMap(node)) {
    for (const item of node.items) {
      const key = isScalar(item.key) ? String(item.key.value) : undefined;
      if (key === "$ref" && isScalar(item.value) && typeof item.value.value === "string") {
        const [reference = ""] = item.value.value.split("#");
        if (reference !== "" && !/^[a-z][a-z0-9+.-]*:/i.test(reference)) found.add(reference);
      } else externalReferences(item.value, found);
    }
  } else if (isSeq(node)) {
    for (const item of node.items) externalReferences(item, found);
  }
  return found;
}

/**
 * `where` with each JSON pointer in it (`#/paths/~1pets/get and #/paths/~1a/get`) followed by its
 * `file:line:column`, when the locator finds it: `spec.yaml:12:5 (#/paths/~1pets/get)`.
 */
export function locateWhere(where: string, locate: Locator): string {
  return where.replace(/#\/[^\s()]*/g, (pointer) => {
    const at = locate(pointer);
    return at === undefined ? pointer : `${at} (${pointer})`;
  });
}

/**
 * `error` with the JSON pointers of its `where` given their `file:line:column` in `specFile` (the
 * root spec, shown as `label`); anything else is returned as it is.
 */
export function withSourceLocation(error: unknown, specFile: string, label: string): unknown {
  if (
    !(error instanceof GeneratorError) ||
    error.where === undefined ||
    !error.where.includes("#/")
  )
    return error;
  let text: string;
  try {
    text = readFileSync(specFile, "utf8");
  } catch {
    return error;
  }
  const where = locateWhere(error.where, createLocator(text, label));
  return new GeneratorError(error.kind, error.message, {
    where,
    ...(error.hint === undefined ? {} : { hint: error.hint }),
    cause: error.cause,
  });
}

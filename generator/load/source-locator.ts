/**
 * Where a JSON pointer is in the spec's text: `file:line:column`, as lint reports it, so an editor
 * or a CI annotation can jump to it (spec:diff's findings, generate's refusals). Only the root file
 * is mapped (what a bundle pulled in from other files has no place in it).
 */
import { readFileSync } from "node:fs";
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";
import { GeneratorError } from "../errors.js";

/** Maps a JSON pointer (`#/paths/~1pets/get`) to `label:line:column`, or `undefined`. */
export type Locator = (pointer: string) => string | undefined;

export function createLocator(text: string, label: string): Locator {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, keepSourceTokens: false, uniqueKeys: false });
  return (pointer) => {
    let node: unknown = document.contents;
    // The position of the last step: a map entry's key (as lint reports it), else the node.
    let at: Node | null | undefined = node as Node | null;
    for (const part of pointer
      .replace(/^#\/?/, "")
      .split("/")
      .filter((segment) => segment !== "")) {
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
    const range = at?.range;
    if (range === undefined || range === null) return undefined;
    const { line, col } = lineCounter.linePos(range[0]);
    return `${label}:${line}:${col}`;
  };
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

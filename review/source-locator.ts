/**
 * Where a finding is in the spec's text: `file:line:column` for a JSON pointer, as lint reports
 * it, so an editor or a CI annotation can jump to it. Only the root file of a side is mapped
 * (what a bundle pulled in from other files has no place in it).
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from "yaml";

/** Maps a JSON pointer (`#/paths/~1pets/get`) to `label:line:column`, or `undefined`. */
export type Locator = (pointer: string) => string | undefined;

export function createLocator(text: string, label: string): Locator {
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, keepSourceTokens: false, uniqueKeys: false });
  return (pointer) => {
    let node: unknown = document.contents;
    // The position of the last step: a map entry's key (as lint reports it), else the node.
    let at: Node | null | undefined = node as Node | null;
    for (const part of pointer.replace(/^#\/?/, "").split("/").filter((segment) => segment !== "")) {
      const key = part.replace(/~1/g, "/").replace(/~0/g, "~");
      if (isMap(node)) {
        const pair = node.items.find((item) => (isScalar(item.key) ? String(item.key.value) : item.key) === key);
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

/** The JSON pointer of a report location: an operation (`GET /pets/{id}`) or already a pointer. */
export function locationPointer(location: string): string | undefined {
  if (location.startsWith("#")) return location;
  const match = /^([A-Z]+) (\/.*)$/.exec(location);
  if (match === null) return undefined;
  const path = match[2]!.replace(/~/g, "~0").replace(/\//g, "~1");
  return `#/paths/${path}/${match[1]!.toLowerCase()}`;
}

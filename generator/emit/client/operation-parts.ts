/**
 * Per-operation parts of the client's files (operations.ts): each operation's statements printed
 * apart, cached under a key that covers what they read (cache/cached-parts.ts), and put in the
 * file in spec order. The constants operations share (response header maps, XML node trees) are
 * numbered in first-use order over the whole file, so a part cannot know their names: it is made
 * with tables whose names are tokens (`\uE000RESPONSE_HEADERS_<k>`, k in the part's own
 * first-use order) and carries the initializers it referenced; the file's tables then number
 * them in spec order, as a run without parts numbers them (test/generator/operation-parts.test.ts
 * compares both ways). A spec whose text holds the token character is printed without parts.
 */
import { HeaderTables } from "./emit-client.js";
import { XmlShapeTable } from "./xml-entry.js";

/** The token character: a private-use code point, which no spec is expected to hold (checked). */
export const PART_TOKEN = "\uE000";

const TOKENS = /\uE000(?:(RESPONSE_HEADERS_|XML_SHAPE_)(\d+)|XML_CLIENT)/g;

/** The shared constants a part names: its own, or the file's. */
export interface PartTables {
  readonly headers: HeaderTables;
  readonly shapes: XmlShapeTable;
}

/** A part made by `make` with token-named tables: the initializers it referenced (a JSON line), then its text. */
export function tokenPart(make: (tables: PartTables) => string): string {
  const tables = { headers: new HeaderTables(PART_TOKEN), shapes: new XmlShapeTable(PART_TOKEN) };
  const text = make(tables);
  const referenced = [tables.headers.table.initializers(), tables.shapes.table.initializers()];
  return `${JSON.stringify(referenced)}\n${text}`;
}

/** The part's initializers and text; undefined when it is not one (a cache entry forged to pass its check). */
function readPart(
  part: string,
): { readonly referenced: string[][]; readonly text: string } | undefined {
  const end = part.indexOf("\n");
  if (end < 0) return undefined;
  try {
    const referenced = JSON.parse(part.slice(0, end)) as unknown;
    const lists =
      Array.isArray(referenced) &&
      referenced.length === 2 &&
      referenced.every(
        (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === "string"),
      );
    return lists ? { referenced: referenced as string[][], text: part.slice(end + 1) } : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `part` reads back as a part whose tokens all name a constant it referenced. */
export function isTokenPart(part: string): boolean {
  const read = readPart(part);
  if (read === undefined) return false;
  const [headers = [], shapes = []] = read.referenced;
  for (const [, kind, digits] of read.text.matchAll(TOKENS))
    if (kind !== undefined && !(Number(digits) < (kind === "XML_SHAPE_" ? shapes : headers).length))
      return false;
  return true;
}

/**
 * The part's text with its tokens named by the file's `tables` (which number the constants the
 * part referenced, in its first-use order, after those of the parts before it); `prefix` is the
 * file's before the imported codec's name.
 */
export function numberPart(part: string, tables: PartTables, prefix: string): string {
  const read = readPart(part);
  if (read === undefined || !isTokenPart(part))
    throw new Error("client: an operation's part does not read back");
  const [headers = [], shapes = []] = read.referenced;
  const names = {
    RESPONSE_HEADERS_: headers.map((initializer) => tables.headers.table.reference(initializer)),
    XML_SHAPE_: shapes.map((initializer) => tables.shapes.table.reference(initializer)),
  };
  return read.text.replace(TOKENS, (_all, kind: keyof typeof names | undefined, digits: string) =>
    kind === undefined ? `${prefix}XML_CLIENT` : (names[kind][Number(digits)] as string),
  );
}

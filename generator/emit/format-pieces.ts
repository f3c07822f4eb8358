/**
 * Formats a generated TypeScript file piece by piece (see split-pieces.ts), each piece looked up
 * in the cache first, so a one-line spec change re-formats only the pieces whose text changed.
 * A piece our printers know (ts/print-piece-prettier.ts) is printed by them, in prettier's layout.
 * Pieces not in the cache are formatted together, one prettier call per enclosing block (a
 * call costs milliseconds of set-up, and a large file has thousands of pieces): the block's
 * heads, then each piece after a marker comment, then its closers; the output is cut at the
 * markers. Returns `undefined` when that does not work out (prettier refuses a piece, or a
 * marker or a block head is not printed where expected): the caller then formats the whole file.
 */
import type { CachePack } from "../cache/cache-pack.js";
import { leafSource, leavesOf, splitPieces, type Leaf, type Piece } from "./split-pieces.js";

const CLOSER = /^\s*\};?$/;
const MARKER = "// @@petstore-generator-piece ";

/** `format(text)` is prettier with the pinned options and a TypeScript parser. */
export async function formatPieces(
  source: string,
  format: (text: string) => Promise<string>,
  cache: CachePack | undefined,
): Promise<string | undefined> {
  const pieces = splitPieces(source);
  const printed = new Map<Leaf, string[]>();
  const missing = new Map<string, { leaf: Leaf; wrapper: string }[]>();
  for (const leaf of leavesOf(pieces)) {
    const wrapper = leafSource(leaf);
    const output = cache?.get(wrapper);
    const lines = output === undefined ? undefined : checkedLines(output, leaf.heads.length);
    if (lines !== undefined) {
      printed.set(leaf, lines);
      continue;
    }
    const group = `${leaf.heads.join("\n")}\0${leaf.closers.join("\n")}`;
    const list = missing.get(group) ?? [];
    list.push({ leaf, wrapper });
    missing.set(group, list);
  }
  // what our printers know is printed without prettier (loaded with TypeScript only on a miss)
  const printPiece = missing.size > 0 ? (await import("./ts/print-piece-prettier.js")).printPiecePrettier : undefined;
  for (const [group, list] of missing) {
    const rest = list.filter((item) => {
      const output = printPiece?.(item.wrapper);
      const lines = output === undefined ? undefined : checkedLines(output, item.leaf.heads.length);
      if (lines === undefined) return true;
      printed.set(item.leaf, lines);
      cache?.set(item.wrapper, output!);
      return false;
    });
    if (rest.length === 0) missing.delete(group);
    else missing.set(group, rest);
  }
  for (const list of missing.values()) {
    const formatted = await formatGroup(list.map((item) => item.leaf), format);
    if (formatted === undefined) return undefined;
    list.forEach((item, index) => {
      const lines = formatted[index]!;
      printed.set(item.leaf, lines);
      cache?.set(item.wrapper, `${lines.join("\n")}\n`);
    });
  }
  return joinPieces(pieces, printed);
}

/**
 * Leaves sharing their heads and closers, formatted in one call: for each, the lines prettier
 * prints for it alone inside those heads and closers (heads, the piece, closers).
 */
async function formatGroup(leaves: readonly Leaf[], format: (text: string) => Promise<string>): Promise<string[][] | undefined> {
  const { heads, closers } = leaves[0]!;
  let text = heads.map((head) => `${head}\n`).join("");
  leaves.forEach((leaf, index) => {
    text += `${MARKER}${index}\n${leaf.text}`;
  });
  text += closers.map((closer) => `${closer}\n`).join("");
  let output: string;
  try {
    output = await format(text);
  } catch {
    return undefined;
  }
  const lines = checkedLines(output, heads.length);
  if (lines === undefined) return undefined;
  const depth = heads.length;
  const head = lines.slice(0, depth);
  const tail = lines.slice(lines.length - depth);
  const results: string[][] = [];
  let current: string[] | undefined;
  for (const line of lines.slice(depth, lines.length - depth)) {
    const trimmed = line.trimStart();
    if (trimmed.startsWith(MARKER)) {
      if (trimmed !== `${MARKER}${results.length}`) return undefined;
      current = [];
      results.push(current);
    } else if (current === undefined) {
      return undefined;
    } else {
      current.push(line);
    }
  }
  if (results.length !== leaves.length || results.some((piece) => piece.length === 0)) return undefined;
  return results.map((piece) => [...head, ...piece, ...tail]);
}

/** The lines of a formatted wrapper, when its `depth` heads and closers are one line each. */
function checkedLines(output: string, depth: number): string[] | undefined {
  const lines = output.split("\n");
  if (lines.pop() !== "" || lines.length < 2 * depth) return undefined;
  for (let i = 0; i < depth; i++) {
    if (!lines[i]!.endsWith("{") || !CLOSER.test(lines[lines.length - 1 - i]!)) return undefined;
  }
  return lines;
}

function joinPieces(pieces: readonly Piece[], printed: ReadonlyMap<Leaf, string[]>): string {
  let text = "";
  pieces.forEach((piece, index) => {
    if (index > 0 && piece.blankBefore) text += "\n";
    text += printPiece(piece, printed);
  });
  return text;
}

function printPiece(piece: Piece, printed: ReadonlyMap<Leaf, string[]>): string {
  if (piece.kind === "leaf") {
    const lines = printed.get(piece)!;
    const depth = piece.heads.length;
    return lines.slice(depth, lines.length - depth).map((line) => `${line}\n`).join("");
  }
  // the block's head and closer as prettier printed them around its first leaf
  const leaf = leavesOf([piece])[0]!;
  const lines = printed.get(leaf)!;
  const head = lines[piece.depth]!;
  const closer = lines[lines.length - 1 - piece.depth]!;
  return `${head}\n${joinPieces(piece.children, printed)}${closer}\n`;
}

/**
 * Splitting generated TypeScript into pieces that prettier formats independently, so a one-line
 * change re-formats one piece (the others come from the cache) instead of a file of megabytes.
 * A piece is a top-level statement (with its leading comments) or, inside a large
 * `interface X {` / `key: {` block (openapi-typescript's `paths`, `components.schemas`,
 * `operations`), one member. A member is formatted inside its real enclosing block heads with its
 * siblings left out: prettier prints a member the same whatever its siblings are (keys are
 * unquoted one by one with `quoteProps: "as-needed"`, and blocks written across lines stay
 * expanded), which test/generator/format-pieces.test.ts checks against whole-file formatting
 * on corpus specs.
 *
 * Boundaries come from the layout the emitters print (statements start in column 0, members at
 * one indentation deeper than their block's head): text that does not look like that stays one
 * piece, and a piece prettier refuses makes the caller format the whole file instead.
 */

/** A statement or member, formatted alone inside `heads` … `closers`. */
export interface Leaf {
  readonly kind: "leaf";
  /** Heads of the enclosing blocks, outermost first (`export interface paths {`), one line each. */
  readonly heads: readonly string[];
  /** Closers of those blocks, innermost first (`    };`, `}`). */
  readonly closers: readonly string[];
  /** The piece's lines, each ending with `\n`. */
  readonly text: string;
  /** Whether blank lines preceded it (prettier keeps one between statements or members). */
  readonly blankBefore: boolean;
}

/** A large block split into its members; its head and closer are printed around them. */
export interface Block {
  readonly kind: "block";
  /** How many blocks enclose this one (0: a top-level statement). */
  readonly depth: number;
  readonly children: readonly Piece[];
  readonly blankBefore: boolean;
}

export type Piece = Leaf | Block;

/** Blocks with more lines than this are split into members. */
const SPLIT_BLOCK_LINES = 200;
/** A block head that is one line wherever it is: `export interface name {` or `key: {` / `"key"?: {`. */
const BLOCK_HEAD = /^(?:export )?interface [A-Za-z_$][\w$]* \{$|^(?:[A-Za-z_$][\w$]*|"(?:[^"\\]|\\.)*"|\d+)\??: \{$/;
const CLOSER = /^\};?$/;

interface Line {
  readonly text: string;
  readonly indent: number;
  readonly blank: boolean;
}

interface Group {
  readonly start: number;
  /** One past the last non-blank line. */
  readonly end: number;
  readonly blankBefore: boolean;
}

/** Splits `source` into top-level pieces; their formatted texts joined in order make the formatted file. */
export function splitPieces(source: string): Piece[] {
  const lines = toLines(source);
  return groupMembers(lines, 0, lines.length, 0).map((group) => toPiece(lines, group, [], [], 0));
}

/** A leaf as formatted alone: inside its enclosing block heads and closers, one per line. */
export function leafSource(leaf: Leaf): string {
  return leaf.heads.map((head) => `${head}\n`).join("") + leaf.text + leaf.closers.map((closer) => `${closer}\n`).join("");
}

/** Every leaf under `pieces`, in order. */
export function leavesOf(pieces: readonly Piece[]): Leaf[] {
  const leaves: Leaf[] = [];
  const visit = (piece: Piece) => {
    if (piece.kind === "leaf") leaves.push(piece);
    else piece.children.forEach(visit);
  };
  pieces.forEach(visit);
  return leaves;
}

function toLines(source: string): Line[] {
  const raw = source.split("\n");
  if (raw[raw.length - 1] === "") raw.pop();
  return raw.map((text) => ({ text, indent: text.length - text.trimStart().length, blank: text.trim() === "" }));
}

/**
 * The members of lines [start, end) that start at `indent`: a member starts on a line at exactly
 * that indentation that is not a closer, once the previous member is complete (its last line is
 * at that indentation and ends with `;` or `}`, or is a deeper closer ending with `;`); comments
 * belong to the member after them.
 */
function groupMembers(lines: readonly Line[], start: number, end: number, indent: number): Group[] {
  const groups: Group[] = [];
  let current = -1;
  let currentBlank = false;
  let lastContent = -1;
  let blankSeen = false;
  let complete = true;
  for (let i = start; i < end; i++) {
    const line = lines[i]!;
    if (line.blank) {
      blankSeen = true;
      continue;
    }
    const trimmed = line.text.trimStart();
    if (complete && line.indent === indent && !/^[}\])]/.test(trimmed)) {
      if (current >= 0) groups.push({ start: current, end: lastContent + 1, blankBefore: currentBlank });
      current = i;
      currentBlank = blankSeen;
    }
    blankSeen = false;
    lastContent = i;
    // a member ends on a line at its indentation ending with `;` or `}`, or on a deeper closer
    // ending with `;` (ts-morph indents the closer of an initializer a writer wrote: `    } as const;`)
    complete = (line.indent === indent ? /[;}]$/.test(trimmed) : /^[}\])].*;$/.test(trimmed)) && !/^(\/\/|\/\*|\*)/.test(trimmed);
  }
  if (current >= 0) groups.push({ start: current, end: lastContent + 1, blankBefore: currentBlank });
  return groups;
}

function toPiece(lines: readonly Line[], group: Group, heads: readonly string[], closers: readonly string[], depth: number): Piece {
  const first = lines[group.start]!;
  const last = lines[group.end - 1]!;
  const inner = lines[group.start + 1];
  const splittable =
    group.end - group.start > SPLIT_BLOCK_LINES &&
    inner !== undefined &&
    inner.indent > first.indent &&
    last.indent === first.indent &&
    BLOCK_HEAD.test(first.text.trimStart()) &&
    CLOSER.test(last.text.trimStart());
  const members = splittable ? groupMembers(lines, group.start + 1, group.end - 1, inner.indent) : [];
  if (members.length < 2 || !coversBody(lines, members, group.start + 1, group.end - 1)) {
    let text = "";
    for (let i = group.start; i < group.end; i++) text += `${lines[i]!.text}\n`;
    return { kind: "leaf", heads, closers, text, blankBefore: group.blankBefore };
  }
  const innerHeads = [...heads, first.text];
  const innerClosers = [last.text, ...closers];
  return {
    kind: "block",
    depth,
    blankBefore: group.blankBefore,
    children: members.map((member) => toPiece(lines, member, innerHeads, innerClosers, depth + 1)),
  };
}

/** Whether the members hold every non-blank line of the body. */
function coversBody(lines: readonly Line[], members: readonly Group[], start: number, end: number): boolean {
  for (let i = start; i < members[0]!.start; i++) if (!lines[i]!.blank) return false;
  return members[members.length - 1]!.end === end || lines.slice(members[members.length - 1]!.end, end).every((line) => line.blank);
}

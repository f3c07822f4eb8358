/**
 * A small layout language and its printer, modelled on the one prettier formats with (Wadler's
 * "prettier printer"): a document is text, `line`s that print as a space (or nothing, when
 * soft) or break, `group`s that print flat when they fit in the remaining width and broken
 * otherwise, `indent`/`align` for the indentation after a break, and `ifBreak` for text that
 * depends on a group's mode. print-types-prettier.ts builds, for each construct, the document
 * prettier builds for it, so printing it gives the same bytes.
 *
 * A group containing a hard line (or a group that must break) breaks, and so does every group
 * around it (up to a conditional group): that is computed once, when the group is made.
 *
 * A group of plain text is that text (see {@link group}): after a hard line printed flat (in a
 * conditional group's state), prettier measures the next group again, and such a text group
 * would stop that. The printers never print a hard line flat (each is in a group that breaks),
 * so this never applies; test/generator/layout-doc.test.ts compares this printer with prettier's
 * on random documents written so.
 */
import { textWidth, UnsupportedLayout } from "./prettier-text.js";

export type Doc = string | readonly Doc[] | Group | Indent | Align | Line | IfBreak | IndentIfBreak | Fill | BreakParent | LineSuffix;

export interface Group {
  readonly kind: "group";
  readonly contents: Doc;
  /** The group breaks whatever the width (it holds a hard line, or was made to break). */
  readonly broken: boolean;
  /** The mode this group was printed in is recorded under this id (for `ifBreak`/`indentIfBreak`). */
  readonly id: symbol | undefined;
  /**
   * prettier's `conditionalGroup`: when `contents` (the first state) does not fit flat, the first
   * of the states between it and the last that fits (measured up to its first forced break),
   * else the last, broken.
   * What breaks inside a state does not break the group, nor the groups around it.
   */
  readonly states?: readonly Doc[];
  /** A layout only known flat: printing it broken throws UnsupportedLayout (see {@link flatOnly}). */
  readonly flatOnly?: boolean;
}

interface Indent {
  readonly kind: "indent";
  readonly contents: Doc;
}

interface Align {
  readonly kind: "align";
  readonly width: number;
  readonly contents: Doc;
}

interface Line {
  readonly kind: "line";
  /** Prints as nothing (instead of a space) when flat. */
  readonly soft: boolean;
  /** Always breaks. */
  readonly hard: boolean;
}

interface IfBreak {
  readonly kind: "ifBreak";
  readonly breakContents: Doc;
  readonly flatContents: Doc;
  readonly groupId: symbol | undefined;
}

interface IndentIfBreak {
  readonly kind: "indentIfBreak";
  readonly contents: Doc;
  readonly groupId: symbol;
}

/**
 * prettier's `fill`: `parts` alternate content and separator (a line); each separator breaks only
 * when the content after it does not fit on the line (as many contents per line as fit).
 */
interface Fill {
  readonly kind: "fill";
  readonly parts: readonly Doc[];
  /** The parts before this index are printed (the printer's own continuation of a fill). */
  readonly offset: number;
}

export const line: Line = { kind: "line", soft: false, hard: false };
export const softline: Line = { kind: "line", soft: true, hard: false };
export const hardline: Line = { kind: "line", soft: false, hard: true };

/**
 * A group of `contents`. A group of plain text prints as that text, so it is that text (fewer
 * commands to print; most members of a large types.ts are one line of text).
 */
export function group(contents: Doc, { shouldBreak = false, id }: { readonly shouldBreak?: boolean; readonly id?: symbol } = {}): Doc {
  const flat = concat(contents);
  if (typeof flat === "string" && !shouldBreak && id === undefined) return flat;
  return { kind: "group", contents: flat, broken: shouldBreak || hasForcedBreak(flat), id };
}

/** `parts` with nested lists flattened and adjacent texts joined: the text itself when all parts are text. */
export function concat(parts: Doc): Doc {
  if (!isDocArray(parts)) return parts;
  const joined: Doc[] = [];
  appendFlattened(joined, parts);
  return joined.length === 1 ? joined[0]! : joined;
}

function appendFlattened(joined: Doc[], parts: readonly Doc[]): void {
  for (const part of parts) {
    if (isDocArray(part)) {
      appendFlattened(joined, part);
      continue;
    }
    const last = joined[joined.length - 1];
    if (typeof part === "string" && typeof last === "string") joined[joined.length - 1] = last + part;
    else if (part !== "") joined.push(part);
  }
}

/** prettier's `conditionalGroup(states)` (see {@link Group.states}). */
export function conditionalGroup(states: readonly Doc[]): Group {
  const contents = concat(states[0]!);
  return { kind: "group", contents, broken: false, id: undefined, states: states.map((state) => concat(state)) };
}

/**
 * A group printed flat where it fits, as prettier prints it; where it would break, printing
 * throws UnsupportedLayout (the caller leaves the text to prettier): for constructs whose broken
 * layout the printers do not model. `contents` must break where prettier's document first can,
 * as the groups before it measure up to there.
 */
export function flatOnly(contents: Doc): Group {
  const flat = concat(contents);
  return { kind: "group", contents: flat, broken: hasForcedBreak(flat), id: undefined, flatOnly: true };
}

interface BreakParent {
  readonly kind: "breakParent";
}

interface LineSuffix {
  readonly kind: "lineSuffix";
  readonly text: string;
}

/**
 * prettier's `lineSuffix`: text printed at the end of the line (a trailing `//` comment), which
 * no layout measures. Written here only just before a line break, so it is printed in place.
 */
export function lineSuffix(text: string): LineSuffix {
  return { kind: "lineSuffix", text };
}

/** prettier's `breakParent`: breaks every group around it (up to a conditional group), prints nothing. */
export const breakParent: BreakParent = { kind: "breakParent" };

export function indent(contents: Doc): Indent {
  return { kind: "indent", contents };
}

export function align(width: number, contents: Doc): Align {
  return { kind: "align", width, contents };
}

export function ifBreak(breakContents: Doc, flatContents: Doc = "", groupId?: symbol): IfBreak {
  return { kind: "ifBreak", breakContents, flatContents, groupId };
}

export function indentIfBreak(contents: Doc, groupId: symbol): IndentIfBreak {
  return { kind: "indentIfBreak", contents, groupId };
}

export function fill(parts: readonly Doc[]): Fill {
  return { kind: "fill", parts, offset: 0 };
}

export function join(separator: Doc, docs: readonly Doc[]): Doc[] {
  const parts: Doc[] = [];
  docs.forEach((doc, index) => {
    if (index > 0) parts.push(separator);
    parts.push(doc);
  });
  return parts;
}

/** Whether `doc` holds a hard line or a broken group (which breaks every group around it): prettier's `willBreak`. */
export function hasForcedBreak(doc: Doc): boolean {
  if (typeof doc === "string") return false;
  if (isDocArray(doc)) return doc.some(hasForcedBreak);
  switch (doc.kind) {
    case "group":
      return doc.broken;
    case "breakParent":
      return true;
    case "lineSuffix":
      return false;
    case "line":
      return doc.hard;
    case "ifBreak":
      return hasForcedBreak(doc.breakContents) || hasForcedBreak(doc.flatContents);
    case "fill":
      return doc.parts.some(hasForcedBreak);
    default:
      return hasForcedBreak(doc.contents);
  }
}

/** Whether `doc` holds a line, so it could print over more than one line (prettier's `canBreak`). */
export function canBreak(doc: Doc): boolean {
  if (typeof doc === "string") return false;
  if (isDocArray(doc)) return doc.some(canBreak);
  switch (doc.kind) {
    case "breakParent":
    case "lineSuffix":
      return false;
    case "line":
      return true;
    case "ifBreak":
      return canBreak(doc.breakContents) || canBreak(doc.flatContents);
    case "fill":
      return doc.parts.some(canBreak);
    default:
      return canBreak(doc.contents);
  }
}

function isDocArray(doc: Doc): doc is readonly Doc[] {
  return Array.isArray(doc);
}

type Mode = "break" | "flat";

interface Command {
  readonly indentation: number;
  readonly mode: Mode;
  readonly doc: Doc;
}

/** `doc` laid out in `width` columns, indented with spaces (prettier's `useTabs: false`). */
export function printDoc(doc: Doc, width: number): string {
  const groupModes = new Map<symbol, Mode>();
  const out: string[] = [];
  let position = 0;
  let remeasure = false;
  const commands: Command[] = [{ indentation: 0, mode: "break", doc }];
  while (commands.length > 0) {
    const { indentation, mode, doc: current } = commands.pop()!;
    if (typeof current === "string") {
      if (current !== "") {
        out.push(current);
        position += textWidth(current);
      }
      continue;
    }
    if (isDocArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) commands.push({ indentation, mode, doc: current[index]! });
      continue;
    }
    switch (current.kind) {
      case "indent":
        commands.push({ indentation: indentation + 2, mode, doc: current.contents });
        break;
      case "align":
        commands.push({ indentation: indentation + current.width, mode, doc: current.contents });
        break;
      case "group": {
        let groupMode: Mode;
        let contents = current.contents;
        if (mode === "flat" && !remeasure) groupMode = current.broken ? "break" : "flat";
        else {
          // (after a hard line printed flat, the next group is measured again, as in break mode)
          remeasure = false;
          if (!current.broken && fits({ indentation, mode: "flat", doc: current.contents }, commands, width - position, groupModes)) groupMode = "flat";
          else if (current.states !== undefined) {
            // the first state between the contents and the last that fits, tried flat (its own broken groups break), else the last broken
            const state = current.broken ? undefined : current.states.slice(1, -1).find((doc) => fits({ indentation, mode: "flat", doc }, commands, width - position, groupModes));
            groupMode = state === undefined ? "break" : "flat";
            contents = state ?? current.states[current.states.length - 1]!;
          } else groupMode = "break";
        }
        if (groupMode === "break" && current.flatOnly === true) throw new UnsupportedLayout("a layout only known flat would break");
        commands.push({ indentation, mode: groupMode, doc: contents });
        if (current.id !== undefined) groupModes.set(current.id, groupMode);
        break;
      }
      case "ifBreak": {
        const groupMode = current.groupId === undefined ? mode : (groupModes.get(current.groupId) ?? "flat");
        commands.push({ indentation, mode, doc: groupMode === "break" ? current.breakContents : current.flatContents });
        break;
      }
      case "indentIfBreak":
        commands.push({ indentation: groupModes.get(current.groupId) === "break" ? indentation + 2 : indentation, mode, doc: current.contents });
        break;
      case "fill":
        printFill(current, indentation, mode, commands, width - position, groupModes);
        break;
      case "breakParent":
        break;
      case "lineSuffix":
        out.push(current.text);
        break;
      case "line":
        if (mode === "flat" && !current.hard) {
          if (!current.soft) {
            out.push(" ");
            position += 1;
          }
          break;
        }
        // a hard line inside a conditional group's state printed flat
        if (mode === "flat") remeasure = true;
        trimTrailingSpaces(out);
        out.push(`\n${" ".repeat(indentation)}`);
        position = indentation;
        break;
    }
  }
  return out.join("");
}

/**
 * Pushes the commands that print the next content of `doc` and the separator after it (flat when
 * the content after it fits too), then the rest of the fill (prettier's algorithm).
 */
function printFill(doc: Fill, indentation: number, mode: Mode, commands: Command[], remaining: number, groupModes: ReadonlyMap<symbol, Mode>): void {
  const left = doc.parts.length - doc.offset;
  if (left === 0) return;
  const content = doc.parts[doc.offset]!;
  const contentFits = fits({ indentation, mode: "flat", doc: content }, [], remaining, groupModes, true);
  const contentCommand: Command = { indentation, mode: contentFits ? "flat" : "break", doc: content };
  if (left === 1) {
    commands.push(contentCommand);
    return;
  }
  const separator = doc.parts[doc.offset + 1]!;
  if (left === 2) {
    commands.push({ indentation, mode: contentCommand.mode, doc: separator }, contentCommand);
    return;
  }
  const pairFits = fits({ indentation, mode: "flat", doc: [content, separator, doc.parts[doc.offset + 2]!] }, [], remaining, groupModes, true);
  commands.push({ indentation, mode, doc: { ...doc, offset: doc.offset + 2 } }, { indentation, mode: pairFits ? "flat" : "break", doc: separator }, contentCommand);
}

/**
 * Whether `next`, printed flat, and what follows it up to the next possible break fit in `remaining`
 * columns; with `mustBeFlat`, a group that must break does not fit.
 */
function fits(next: Command, rest: readonly Command[], remaining: number, groupModes: ReadonlyMap<symbol, Mode>, mustBeFlat = false): boolean {
  let restIndex = rest.length;
  // a line's space counts only once text follows it (a space before a break is trimmed)
  let pendingSpace = false;
  const stack: { mode: Mode; doc: Doc }[] = [{ mode: next.mode, doc: next.doc }];
  while (remaining >= 0) {
    if (stack.length === 0) {
      if (restIndex === 0) return true;
      const command = rest[--restIndex]!;
      stack.push({ mode: command.mode, doc: command.doc });
      continue;
    }
    const { mode, doc } = stack.pop()!;
    if (typeof doc === "string") {
      if (doc === "") continue;
      if (pendingSpace) {
        remaining -= 1;
        pendingSpace = false;
      }
      remaining -= textWidth(doc);
      continue;
    }
    if (isDocArray(doc)) {
      for (let index = doc.length - 1; index >= 0; index--) stack.push({ mode, doc: doc[index]! });
      continue;
    }
    switch (doc.kind) {
      case "indent":
      case "align":
      case "indentIfBreak":
        stack.push({ mode, doc: doc.contents });
        break;
      case "group": {
        if (mustBeFlat && doc.broken) return false;
        const groupMode = doc.broken ? "break" : mode;
        stack.push({ mode: groupMode, doc: doc.states !== undefined && groupMode === "break" ? doc.states[doc.states.length - 1]! : doc.contents });
        break;
      }
      case "fill":
        for (let index = doc.parts.length - 1; index >= doc.offset; index--) stack.push({ mode, doc: doc.parts[index]! });
        break;
      case "breakParent":
      case "lineSuffix":
        break;
      case "ifBreak": {
        const groupMode = doc.groupId === undefined ? mode : (groupModes.get(doc.groupId) ?? "flat");
        stack.push({ mode, doc: groupMode === "break" ? doc.breakContents : doc.flatContents });
        break;
      }
      case "line":
        if (mode === "break" || doc.hard) return true;
        if (!doc.soft) pendingSpace = true;
        break;
    }
  }
  return false;
}

/** Drops the spaces at the end of the output so far (prettier trims them before every line break). */
function trimTrailingSpaces(out: string[]): void {
  while (out.length > 0) {
    const last = out[out.length - 1]!;
    const trimmed = last.replace(/[ \t]+$/, "");
    if (trimmed.length > 0) {
      out[out.length - 1] = trimmed;
      return;
    }
    out.pop();
  }
}

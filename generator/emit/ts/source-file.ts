/**
 * Rendering ts-morph structures to text: each file's statements printed in one batch by
 * ts-morph's structure printer (through generator/internal/ts-morph.ts) at 2 spaces and double
 * quotes, with imports laid out by import-layout.ts and function signatures by
 * signature-layout.ts. A project is made per file (about 0.1 ms):
 * nothing is kept between calls, so nothing outlives a run. Nothing touches the disk.
 *
 * A long statement given as text (the emitters' per-operation parts joined, a table printed as
 * text), or a top-level constant's long initializer text, is not passed through the writer, which costs about 0.1 s per megabyte (it tracks strings
 * and comments character by character, and at the top level, indentation 0, writes each line as
 * it is): the printer is given a slot in its place (part-slots.ts) that starts and ends with the
 * same whitespace and the same last character, so the printer lays out what comes around it
 * exactly as around the text, and the slot is then replaced by the text. A text is slotted only
 * when the writer would write it unchanged: it holds no carriage return (which the writer turns
 * into the file's newline) and ends with a character that leaves the writer outside any string,
 * comment or regex (the emitters' texts are whole statements, which close what they open).
 */
import type {
  OptionalKind,
  SourceFileStructure,
  StatementStructures,
  WriterFunction,
} from "ts-morph";
import { IndentationText, Project, QuoteKind, StructureKind } from "./ts-morph-values.js";
import { printSourceStructure } from "../../internal/ts-morph.js";
import { laidOutImport } from "./import-layout.js";
import { fillPartSlots, TEXT_SLOTS } from "./part-slots.js";
import { laidOutSignature } from "./signature-layout.js";

/** A statement: a structure, a text, or a writer function (ts/structure-text.ts's blank line). */
export type PrintedStatement = string | WriterFunction | StatementStructures;

/** Texts shorter than this go through the writer (a slot saves nothing on them). */
const SLOTTED_LENGTH = 4096;

/**
 * Last characters after which the writer is outside any string, comment or regex (`>` closes a
 * type argument: client.ts's `OPERATIONS` ends in `satisfies Readonly<Record<...>>`).
 */
const CLOSING = /[;})\]>\w]/;

/**
 * The file of `statements`. `options.textSlots: false` passes every text through the writer (what
 * test/generator/source-file.test.ts compares the slots with).
 */
export function printStatements(
  fileName: string,
  statements: readonly PrintedStatement[],
  options: { readonly textSlots?: boolean } = {},
): string {
  const slotted: string[] = [];
  /** `text` with its body in a slot, or as it is when it is short or the writer might change it. */
  const slotOf = (text: string): string => {
    if (text.length < SLOTTED_LENGTH || options.textSlots === false) return text;
    const start = text.length - text.trimStart().length;
    const end = text.trimEnd().length;
    const last = text.charAt(end - 1);
    if (text.includes("\r") || !CLOSING.test(last)) return text;
    slotted.push(text.slice(start, end - 1));
    const slot = TEXT_SLOTS.slot(slotted.length - 1);
    return `${text.slice(0, start)}${slot}${last}${text.slice(end)}`;
  };
  const laidOut = statements.map((statement) => {
    if (typeof statement === "string") return slotOf(statement);
    // a top-level constant's initializer text is written at indentation 0 too (no hanging indent)
    if (typeof statement === "object" && statement.kind === StructureKind.VariableStatement)
      return {
        ...statement,
        declarations: statement.declarations.map((declaration) =>
          typeof declaration.initializer === "string"
            ? { ...declaration, initializer: slotOf(declaration.initializer) }
            : declaration,
        ),
      };
    return laidOutStatement(statement);
  });
  const printed = printWhole(fileName, laidOut);
  if (slotted.length === 0) return printed;
  // spec text that looks like a slot: printed whole instead
  return (
    fillPartSlots(printed, slotted, TEXT_SLOTS.pattern) ??
    printWhole(fileName, statements.map(laidOutStatement))
  );
}

function laidOutStatement(statement: PrintedStatement): PrintedStatement {
  return typeof statement === "function" ? statement : laidOutSignature(laidOutImport(statement));
}

function printWhole(fileName: string, statements: readonly PrintedStatement[]) {
  const project = new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      quoteKind: QuoteKind.Double,
      useTrailingCommas: true,
    },
  });
  const structure: OptionalKind<SourceFileStructure> = { statements: [...statements] };
  return printSourceStructure(project, structure, fileName.endsWith(".d.ts"));
}

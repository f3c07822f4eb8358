/**
 * Rendering ts-morph structures to text: one in-memory project per run, every file's statements
 * printed in one batch by ts-morph's structure printer. ts-morph's `createSourceFile` prints the
 * same text and then parses it into a TypeScript syntax tree, which the emitters never read (on
 * large specs, parsing what was just printed cost more than printing it): the printer is reached
 * through ts-morph's project internals when they are there (ts-morph is pinned), and through
 * `createSourceFile` otherwise. Nothing touches the disk.
 *
 * code-block-writer (ts-morph's writer) follows strings to know where not to indent, but it takes
 * a quote after `\\` (an escaped backslash: `"C:\\"`) for an escaped quote: it then believes it
 * is still in the string, and after a later backtick in a template literal up to the file's end,
 * so it stops indenting (DigitalOcean's mocks.ts, whose generated strings end in backslashes).
 * `readEscapesWhole` shows the writer each `\\` pair as two plain characters.
 */
import { laidOutImport } from "./import-layout.js";
import {
  IndentationText,
  Project,
  QuoteKind,
  type OptionalKind,
  type SourceFileStructure,
  type StatementStructures,
} from "ts-morph";

let project: Project | undefined;

/** What ts-morph's pinned version keeps behind `project._context`. */
interface ProjectInternals {
  readonly _context?: {
    readonly structurePrinterFactory?: {
      forSourceFile?(options: { isAmbient: boolean }): {
        printText(
          writer: ReturnType<Project["createWriter"]>,
          structure: OptionalKind<SourceFileStructure>,
        ): void;
      };
    };
  };
}

export function printStatements(
  fileName: string,
  statements: readonly (string | StatementStructures)[],
): string {
  project ??= new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      quoteKind: QuoteKind.Double,
      useTrailingCommas: true,
    },
  });
  const structure: OptionalKind<SourceFileStructure> = {
    statements: statements.map(laidOutImport),
  };
  const factory = (project as unknown as ProjectInternals)._context?.structurePrinterFactory;
  if (typeof factory?.forSourceFile === "function") {
    const writer = project.createWriter();
    readEscapesWhole(writer);
    withoutHangingIndent(writer);
    factory.forSourceFile({ isAmbient: fileName.endsWith(".d.ts") }).printText(writer, structure);
    return writer.toString();
  }
  const file = project.createSourceFile(fileName, structure, { overwrite: true });
  const text = file.getFullText();
  project.removeSourceFile(file);
  return text;
}

/** What code-block-writer 13 keeps behind `_updateInternalState`: its string and comment tracking. */
interface WriterInternals {
  _updateInternalState?(text: string): void;
}

/**
 * Makes the writer's string tracking read an escaped backslash as one escape: every `\\` pair
 * is shown to it as `__`, so the quote after the pair ends the string. Only the tracking sees
 * that text; the writer writes the real one.
 */
function readEscapesWhole(writer: object): void {
  const internals = writer as WriterInternals;
  const track = internals._updateInternalState;
  if (typeof track !== "function") return;
  internals._updateInternalState = function (this: unknown, text: string): void {
    track.call(this, text.includes("\\\\") ? text.replaceAll("\\\\", "__") : text);
  };
}

/**
 * ts-morph's structure printer wraps a declaration in the writer's hanging indentation (a line
 * break inside `const x = …` would be indented one more level). Our emitters break lines only
 * inside blocks they open themselves (`{`, `[`, `(` with `writer.indent`), so hanging
 * indentation would only push those blocks' contents one level too far: it is turned off, and a
 * block's contents are indented exactly one level below the line that opens it.
 */
function withoutHangingIndent(writer: ReturnType<Project["createWriter"]>): void {
  writer.hangingIndent = (action) => {
    action();
    return writer;
  };
  writer.hangingIndentUnlessBlock = writer.hangingIndent;
}

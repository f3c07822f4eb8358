/**
 * The private parts of ts-morph (28) and its code-block-writer (13) the generator relies on,
 * reached from here only (test/generator/internal.test.ts fails loudly when an update moves them):
 *
 * - the structure printer behind `project._context.structurePrinterFactory`: it prints a file's
 *   structures without creating (and parsing) a source file, which the emitters never read;
 * - the writer's string tracking (`_updateInternalState`), fixed to read an escaped backslash as
 *   one escape: it takes a quote after `\\` (`"C:\\"`) for an escaped quote, believes it is still
 *   in the string, and stops indenting up to the file's end (DigitalOcean's mocks.ts);
 * - the writer's hanging indentation, turned off (see {@link structureWriter}).
 *
 * Should any of them be missing, printing fails with a message naming this file: the output
 * never silently depends on which path was taken.
 */
import type { CodeBlockWriter, OptionalKind, Project, SourceFileStructure } from "ts-morph";

/** What ts-morph's pinned version keeps behind `project._context`. */
interface ProjectInternals {
  readonly _context?: {
    readonly structurePrinterFactory?: {
      forSourceFile?(options: { isAmbient: boolean }): {
        printText(writer: CodeBlockWriter, structure: OptionalKind<SourceFileStructure>): void;
      };
    };
  };
}

/** What code-block-writer 13 keeps behind `_updateInternalState`: its string and comment tracking. */
interface WriterInternals {
  _updateInternalState?(text: string): void;
}

/** Thrown when a dependency update removed an internal this folder relies on. */
export class MissingInternal extends Error {
  constructor(what: string) {
    super(`${what} is gone (a dependency update?): generator/internal/ needs updating for it`);
    this.name = "MissingInternal";
  }
}

/** `structure` printed by ts-morph's structure printer with a writer of {@link structureWriter}. */
export function printSourceStructure(
  project: Project,
  structure: OptionalKind<SourceFileStructure>,
  ambient: boolean,
): string {
  const factory = (project as unknown as ProjectInternals)._context?.structurePrinterFactory;
  if (typeof factory?.forSourceFile !== "function")
    throw new MissingInternal("ts-morph's project._context.structurePrinterFactory.forSourceFile");
  const writer = structureWriter(project);
  factory.forSourceFile({ isAmbient: ambient }).printText(writer, structure);
  return writer.toString();
}

/**
 * A writer of `project`'s settings whose string tracking reads `\\` whole, and without hanging
 * indentation: ts-morph's printer wraps a declaration in it (a line break inside `const x = …`
 * would be indented one more level), but our emitters break lines only inside blocks they open
 * themselves, so a block's contents are indented exactly one level below the line that opens it.
 */
export function structureWriter(project: Project): CodeBlockWriter {
  const writer = project.createWriter();
  const internals = writer as unknown as WriterInternals;
  const track = internals._updateInternalState;
  if (typeof track !== "function")
    throw new MissingInternal("code-block-writer's _updateInternalState");
  internals._updateInternalState = function (this: unknown, text: string): void {
    track.call(this, text.includes("\\\\") ? text.replaceAll("\\\\", "__") : text);
  };
  writer.hangingIndent = (action) => {
    action();
    return writer;
  };
  writer.hangingIndentUnlessBlock = writer.hangingIndent;
  return writer;
}

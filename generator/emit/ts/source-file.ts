/**
 * Rendering ts-morph structures to text: each file's statements printed in one batch by
 * ts-morph's structure printer (through generator/internal/ts-morph.ts) at 2 spaces and double
 * quotes, with imports laid out by import-layout.ts and function signatures by
 * signature-layout.ts. A project is made per file (about 0.1 ms):
 * nothing is kept between calls, so nothing outlives a run. Nothing touches the disk.
 */
import {
  IndentationText,
  Project,
  QuoteKind,
  type OptionalKind,
  type SourceFileStructure,
  type StatementStructures,
} from "ts-morph";
import { printSourceStructure } from "../../internal/ts-morph.js";
import { laidOutImport } from "./import-layout.js";
import { laidOutSignature } from "./signature-layout.js";

export function printStatements(
  fileName: string,
  statements: readonly (string | StatementStructures)[],
): string {
  const project = new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      quoteKind: QuoteKind.Double,
      useTrailingCommas: true,
    },
  });
  const structure: OptionalKind<SourceFileStructure> = {
    statements: statements.map((statement) => laidOutSignature(laidOutImport(statement))),
  };
  return printSourceStructure(project, structure, fileName.endsWith(".d.ts"));
}

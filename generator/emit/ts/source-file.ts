/**
 * Rendering ts-morph structures to text: one in-memory project per run, every file's statements
 * printed in one batch by ts-morph's structure printer. ts-morph's `createSourceFile` prints the
 * same text and then parses it into a TypeScript syntax tree, which the emitters never read (on
 * large specs, parsing what was just printed cost more than printing it): the printer is reached
 * through ts-morph's project internals when they are there (ts-morph is pinned), and through
 * `createSourceFile` otherwise. Nothing touches the disk.
 */
import { Project, type OptionalKind, type SourceFileStructure, type StatementStructures } from "ts-morph";

let project: Project | undefined;

/** What ts-morph's pinned version keeps behind `project._context`. */
interface ProjectInternals {
  readonly _context?: {
    readonly structurePrinterFactory?: {
      forSourceFile?(options: { isAmbient: boolean }): { printText(writer: ReturnType<Project["createWriter"]>, structure: OptionalKind<SourceFileStructure>): void };
    };
  };
}

export function printStatements(fileName: string, statements: readonly (string | StatementStructures)[]): string {
  project ??= new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
  const structure: OptionalKind<SourceFileStructure> = { statements: [...statements] };
  const factory = (project as unknown as ProjectInternals)._context?.structurePrinterFactory;
  if (typeof factory?.forSourceFile === "function") {
    const writer = project.createWriter();
    factory.forSourceFile({ isAmbient: fileName.endsWith(".d.ts") }).printText(writer, structure);
    return writer.toString();
  }
  const file = project.createSourceFile(fileName, structure, { overwrite: true });
  const text = file.getFullText();
  project.removeSourceFile(file);
  return text;
}

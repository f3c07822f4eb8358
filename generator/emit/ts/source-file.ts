/**
 * Rendering ts-morph structures to text: one in-memory project per run, statements added in
 * one batch (each manipulation would re-parse), then printed. Nothing touches the disk.
 */
import { Project, type StatementStructures } from "ts-morph";

let project: Project | undefined;

export function printStatements(fileName: string, statements: readonly (string | StatementStructures)[]): string {
  project ??= new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
  const file = project.createSourceFile(fileName, { statements: [...statements] }, { overwrite: true });
  const text = file.getFullText();
  project.removeSourceFile(file);
  return text;
}

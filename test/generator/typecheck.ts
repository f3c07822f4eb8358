/** Type-checks generated folders with the project's compiler options, in one program. */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { ROOT } from "./cli-helper.js";

export function typecheckFolders(folders: readonly string[]): string[] {
  const config = ts.readConfigFile(join(ROOT, "tsconfig.json"), (path) => ts.sys.readFile(path));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const files = folders.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts"))
      .map((file) => join(folder, file)),
  );
  const program = ts.createProgram(files, { ...parsed.options, noEmit: true });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${diagnostic.file.fileName}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
      : "";
    return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
  });
}

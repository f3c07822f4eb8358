/**
 * ts-morph's values reach the generator through one module
 * (generator/emit/ts/ts-morph-values.ts): the bundle wraps the CommonJS package once for each
 * module that imports values from it, copying its exports each time. Type-only imports cost
 * nothing at run time and may name "ts-morph" anywhere.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "./cli-helper.js";

const THE_ONE_MODULE = "generator/emit/ts/ts-morph-values.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)).replaceAll("\\", "/"))
    .filter((path) => !path.split("/").some((part) => part.startsWith(".")))
    .sort();
}

/** Whether `text` imports or re-exports a value (not only types) from "ts-morph". */
function importsTsMorphValues(text: string): boolean {
  const file = ts.createSourceFile("file.ts", text, ts.ScriptTarget.Latest);
  return file.statements.some((statement) => {
    if (ts.isImportDeclaration(statement)) {
      if (!ts.isStringLiteral(statement.moduleSpecifier)) return false;
      if (statement.moduleSpecifier.text !== "ts-morph") return false;
      const clause = statement.importClause;
      if (clause === undefined) return true; // for its side effects: loads it
      if (clause.isTypeOnly) return false;
      if (clause.name !== undefined) return true;
      const bindings = clause.namedBindings;
      if (bindings === undefined) return false;
      if (ts.isNamespaceImport(bindings)) return true;
      return bindings.elements.some((element) => !element.isTypeOnly);
    }
    if (ts.isExportDeclaration(statement)) {
      const from = statement.moduleSpecifier;
      return (
        from !== undefined &&
        ts.isStringLiteral(from) &&
        from.text === "ts-morph" &&
        !statement.isTypeOnly &&
        (statement.exportClause === undefined ||
          !ts.isNamedExports(statement.exportClause) ||
          statement.exportClause.elements.some((element) => !element.isTypeOnly))
      );
    }
    return false;
  });
}

describe("ts-morph's values through one module", () => {
  it("tells value imports from type-only ones", () => {
    expect(importsTsMorphValues('import { StructureKind } from "ts-morph";')).toBe(true);
    expect(importsTsMorphValues('import { type Project, QuoteKind } from "ts-morph";')).toBe(true);
    expect(importsTsMorphValues('import * as morph from "ts-morph";')).toBe(true);
    expect(importsTsMorphValues('export { Project } from "ts-morph";')).toBe(true);
    expect(importsTsMorphValues('import type { Project } from "ts-morph";')).toBe(false);
    expect(importsTsMorphValues('import { type Project } from "ts-morph";')).toBe(false);
    expect(importsTsMorphValues('import { StructureKind } from "./ts-morph.js";')).toBe(false);
  });

  it("imports them only in generator/emit/ts/ts-morph-values.ts", () => {
    const importers = [...sourceFiles("generator"), ...sourceFiles("conformance")].filter((file) =>
      importsTsMorphValues(readFileSync(join(ROOT, file), "utf8")),
    );
    expect(importers).toEqual([THE_ONE_MODULE]);
  });
});

/**
 * `import` and `export … from` declarations in prettier's layout (print/module.js), for
 * print-piece-prettier.ts: `import [type] { a, type B, c as d } from "m";` on one line when it
 * fits, else one specifier per line with a trailing comma (a sole specifier never breaks);
 * `import [type] * as ns from "m";`. Default and side-effect imports, `export *`, import
 * attributes and comments inside the braces return `undefined` (prettier formats them).
 */
import ts from "typescript";
import { group, ifBreak, indent, join, line, printDoc, type Doc } from "./layout-doc.js";
import { assertMeasurable, prettierString, UnsupportedLayout } from "./prettier-text.js";

const PRINT_WIDTH = 100;

/** The declaration in prettier's layout (ending with a newline), or `undefined` when not known for certain. */
export function printModuleDeclaration(file: ts.SourceFile, statement: ts.ImportDeclaration | ts.ExportDeclaration): string | undefined {
  try {
    return printDoc([statementDoc(file, statement), "\n"], PRINT_WIDTH);
  } catch (error) {
    if (error instanceof UnsupportedLayout) return undefined;
    throw error;
  }
}

function unsupported(what: string): never {
  throw new UnsupportedLayout(what);
}

function statementDoc(file: ts.SourceFile, statement: ts.ImportDeclaration | ts.ExportDeclaration): Doc {
  if ((statement.modifiers ?? []).length > 0 || statement.attributes !== undefined) unsupported("modifiers or attributes");
  const source = statement.moduleSpecifier;
  if (source === undefined || !ts.isStringLiteral(source)) return unsupported("module specifier");
  const raw = source.getText(file);
  if (!raw.startsWith('"')) unsupported("single-quoted module specifier");
  const from = prettierString(raw);
  assertMeasurable(from);
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (clause === undefined || clause.name !== undefined || clause.namedBindings === undefined) return unsupported("default or side-effect import");
    const keyword = clause.isTypeOnly ? "import type " : "import ";
    if (ts.isNamespaceImport(clause.namedBindings)) return [keyword, "* as ", identifier(clause.namedBindings.name), " from ", from, ";"];
    return [keyword, specifiersDoc(clause.namedBindings.elements), " from ", from, ";"];
  }
  const clause = statement.exportClause;
  if (clause === undefined || !ts.isNamedExports(clause)) return unsupported("export * or namespace export");
  return [statement.isTypeOnly ? "export type " : "export ", specifiersDoc(clause.elements), " from ", from, ";"];
}

function specifiersDoc(elements: readonly (ts.ImportSpecifier | ts.ExportSpecifier)[]): Doc {
  if (elements.length === 0) return "{}";
  const printed = elements.map((element) => {
    const name = ts.isIdentifier(element.name) ? identifier(element.name) : unsupported("string specifier");
    const type = element.isTypeOnly ? "type " : "";
    if (element.propertyName === undefined) return `${type}${name}`;
    if (!ts.isIdentifier(element.propertyName)) return unsupported("string specifier");
    return `${type}${identifier(element.propertyName)} as ${name}`;
  });
  if (printed.length === 1) return ["{ ", printed[0]!, " }"];
  return group(["{", indent([line, join([",", line], printed)]), ifBreak(","), line, "}"]);
}

function identifier(node: ts.Identifier): string {
  const text = ts.idText(node);
  if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(text)) unsupported(`identifier ${text}`);
  return text;
}

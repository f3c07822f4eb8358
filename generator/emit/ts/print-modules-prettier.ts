/**
 * `import` and `export … from` declarations in prettier's layout (print/module.js), for
 * print-piece-prettier.ts: `import [type] { a, type B, c as d } from "m";` on one line when it
 * fits, else one specifier per line with a trailing comma (a sole specifier never breaks), after
 * a default import if any; `import [type] * as ns from "m";`; `export * from "m";`. Side-effect
 * imports, `export * as ns`, import attributes and comments inside the braces return `undefined`
 * (prettier formats them).
 */
import ts from "typescript";
import { group, ifBreak, indent, join, line, printDoc, type Doc } from "./layout-doc.js";
import { asciiIdentifier, doubleQuotedString, UnsupportedLayout } from "./prettier-text.js";

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
  const from = doubleQuotedString(source.getText(file));
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (clause === undefined) return unsupported("side-effect import");
    const keyword = clause.isTypeOnly ? "import type " : "import ";
    const defaultName = clause.name === undefined ? [] : [identifier(clause.name)];
    const bindings = clause.namedBindings;
    if (bindings === undefined) return [keyword, ...defaultName, " from ", from, ";"];
    const named = ts.isNamespaceImport(bindings) ? `* as ${identifier(bindings.name)}` : specifiersDoc(bindings.elements);
    return [keyword, ...defaultName.map((name) => `${name}, `), named, " from ", from, ";"];
  }
  const clause = statement.exportClause;
  if (clause === undefined) return [statement.isTypeOnly ? "export type * from " : "export * from ", from, ";"];
  if (!ts.isNamedExports(clause)) return unsupported("namespace export");
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
  return asciiIdentifier(ts.idText(node));
}

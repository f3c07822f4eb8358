/**
 * Prints a piece of generated TypeScript in prettier's layout without prettier, when one of our
 * printers knows every construct in it for certain. A piece is what emit/split-pieces.ts cuts a
 * file into: a top-level statement with its comments, or a member of a large block wrapped in
 * its block's heads and closers. The emitters print with ts-morph; the piece is parsed back with
 * TypeScript (loaded by every cold run for openapi-typescript), its comments are attached to the
 * statement and members they lead (as openapi-typescript attaches JSDoc: synthetic comments), and
 * - interfaces and type aliases go to the types printer (print-types-prettier.ts);
 * - anything else, a comment it would not place, or a syntax error, returns `undefined`: the
 *   caller formats the piece with prettier, as before. The output never depends on which path
 *   was taken: test/generator/print-piece-prettier.test.ts compares both on every piece of the
 *   pet store's, the fixtures' and the corpus subset's files.
 */
import ts from "typescript";
import { printDataStatement } from "./print-data-statement.js";
import { printTypesPrettier } from "./print-types-prettier.js";

/** `text` (a whole piece: statements end with a newline) in prettier's layout, or `undefined` when not known for certain. */
export function printPiecePrettier(text: string): string | undefined {
  const file = ts.createSourceFile("piece.ts", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  if (((file as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics ?? []).length > 0) return undefined;
  const [statement, ...others] = file.statements;
  if (statement === undefined || others.length > 0) return undefined;
  if (!attachComments(file, statement)) return undefined;
  if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) return printTypesPrettier([statement]);
  if (ts.isVariableStatement(statement)) return printDataStatement(file, statement);
  return undefined;
}

/**
 * Attaches each comment before the statement or before a member of an interface or object type
 * to that node, as a synthetic leading comment; `false` when the text holds any other comment
 * (after code on its line, inside a type): the printers would not place it.
 */
function attachComments(file: ts.SourceFile, statement: ts.Statement): boolean {
  const text = file.text;
  let attached = 0;
  const attach = (node: ts.Node): void => {
    const ranges = ts.getLeadingCommentRanges(text, node.pos) ?? [];
    if (ranges.length === 0) return;
    ts.setSyntheticLeadingComments(
      node,
      ranges.map((range) => ({
        kind: range.kind,
        text: range.kind === ts.SyntaxKind.MultiLineCommentTrivia ? text.slice(range.pos + 2, range.end - 2) : text.slice(range.pos + 2, range.end),
        hasTrailingNewLine: range.hasTrailingNewLine === true,
        pos: -1,
        end: -1,
      })),
    );
    attached += ranges.length;
  };
  attach(statement);
  const visit = (node: ts.Node): void => {
    if (ts.isTypeElement(node)) attach(node);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(statement, visit);
  return attached === countComments(text);
}

function countComments(text: string): number {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  let count = 0;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia) count++;
  }
  return count;
}

/**
 * Prints a piece of generated TypeScript in prettier's layout without prettier, when one of our
 * printers knows every construct in it for certain. A piece is what emit/split-pieces.ts cuts a
 * file into: a top-level statement with its comments, or a member of a large block wrapped in
 * its block's heads and closers. The emitters print with ts-morph; the piece is parsed back with
 * TypeScript (loaded by every cold run for openapi-typescript), its comments are attached to the
 * statement and members they lead (as openapi-typescript attaches JSDoc: synthetic comments), and
 * - interfaces and type aliases go to the types printer (print-types-prettier.ts);
 * - imports and `export … from` to print-modules-prettier.ts;
 * - functions (the factories of query.ts, client.ts, server.ts, mocks.ts, the entry files) to
 *   print-functions-prettier.ts, their bodies to print-code-prettier.ts;
 * - `const` statements of data (tables, mocked bodies, `declare const` in .d.ts files) to
 *   print-data-statement.ts, other `const` statements (query.ts's `*Keys` objects, validate.ts's
 *   validator) to print-code-prettier.ts;
 * - anything else, a comment it would not place, or a syntax error, returns `undefined`: the
 *   caller formats the piece with prettier, as before. The output never depends on which path
 *   was taken: test/generator/print-piece-prettier.test.ts compares both on every piece of the
 *   pet store's, the fixtures' and the corpus subset's files, and
 *   test/corpus/check-types-layout.ts --only pieces on the whole corpus.
 */
import ts from "typescript";
import { printCodeStatement } from "./print-code-prettier.js";
import { printDataStatement } from "./print-data-statement.js";
import { printFunctionDeclaration } from "./print-functions-prettier.js";
import { printModuleDeclaration } from "./print-modules-prettier.js";
import { printLeadingComments, printTypesPrettier } from "./print-types-prettier.js";

/** `text` (a whole piece: statements end with a newline) in prettier's layout, or `undefined` when not known for certain. */
export function printPiecePrettier(text: string): string | undefined {
  // (JSDoc is not parsed into nodes: comments are read as text, see attachComments)
  const file = ts.createSourceFile("piece.ts", text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, true, ts.ScriptKind.TS);
  if (((file as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics ?? []).length > 0 || file.statements.length === 0) return undefined;
  let printed = "";
  let attached = 0;
  let previous: ts.Statement | undefined;
  for (const statement of file.statements) {
    const comments = attachComments(file, statement);
    if (comments === undefined) return undefined;
    attached += comments;
    const own = printStatement(statement);
    if (own === undefined) return undefined;
    // prettier keeps one blank line where the source has one after a statement (and its comment on its line)
    if (previous !== undefined && /^[ \t]*(\r?\n)[ \t]*\r?\n/.test(text.slice(lineEnd(text, previous.end)))) printed += "\n";
    printed += own;
    previous = statement;
  }
  // a comment attached nowhere (after code on its line, inside a type, after the last statement)
  return allAttached(text, attached) ? printed : undefined;
}

/** Where the comments after `position` on its line end. */
function lineEnd(text: string, position: number): number {
  return (ts.getTrailingCommentRanges(text, position) ?? []).reduce((end, range) => Math.max(end, range.end), position);
}

function printStatement(statement: ts.Statement): string | undefined {
  // (only the code printer writes a comment after a statement)
  if (ts.getSyntheticTrailingComments(statement) !== undefined) return printCodeStatement(statement);
  if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) return printTypesPrettier([statement]);
  if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) return withComments(statement, printModuleDeclaration(statement.getSourceFile(), statement));
  if (ts.isFunctionDeclaration(statement)) return withComments(statement, printFunctionDeclaration(statement));
  if (ts.isVariableStatement(statement)) return printDataStatement(statement.getSourceFile(), statement) ?? printCodeStatement(statement);
  return printCodeStatement(statement);
}

/** `printed` under the statement's leading comments. */
function withComments(statement: ts.Statement, printed: string | undefined): string | undefined {
  const comments = printLeadingComments(statement);
  return comments === undefined || printed === undefined ? undefined : comments + printed;
}

/**
 * Attaches each comment before the statement, before a member of an interface or object type,
 * or before a statement of a function body to that node, as a synthetic leading comment, and returns how many; `undefined` when the
 * statement (from its first comment) holds a blank line, which prettier would keep and the
 * printers do not write.
 */
function attachComments(file: ts.SourceFile, statement: ts.Statement): number | undefined {
  const text = file.text;
  const first = ts.getLeadingCommentRanges(text, statement.pos)?.[0]?.pos ?? statement.getStart(file);
  if (/\n[ \t]*\r?\n/.test(text.slice(first, statement.end))) return undefined;
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
  const attachTrailing = (node: ts.Statement): void => {
    const ranges = ts.getTrailingCommentRanges(text, node.end) ?? [];
    if (ranges.length === 0) return;
    ts.setSyntheticTrailingComments(
      node,
      ranges.map((range) => ({ kind: range.kind, text: range.kind === ts.SyntaxKind.MultiLineCommentTrivia ? text.slice(range.pos + 2, range.end - 2) : text.slice(range.pos + 2, range.end), hasTrailingNewLine: range.hasTrailingNewLine === true, pos: -1, end: -1 })),
    );
    attached += ranges.length;
  };
  attach(statement);
  attachTrailing(statement);
  const visit = (node: ts.Node): void => {
    // (a comment on its own line before a statement of a block or an object's member leads it; one after a statement of a block, on its line, trails it)
    if (ts.isTypeElement(node) || ts.isObjectLiteralElementLike(node) || (ts.isStatement(node) && ts.isBlock(node.parent))) attach(node);
    if (ts.isStatement(node) && ts.isBlock(node.parent)) attachTrailing(node);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(statement, visit);
  return attached;
}

/**
 * Whether the text holds `attached` comments and no more. Every comment holds a `//` or `/*`, so
 * when the text holds exactly `attached` of them, each is one of those comments (most pieces: no
 * scan); otherwise TypeScript's scanner counts them (a URL in a string holds `//` too).
 */
function allAttached(text: string, attached: number): boolean {
  return (text.match(/\/[/*]/g)?.length ?? 0) === attached || countComments(text) === attached;
}

function countComments(text: string): number {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  let count = 0;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia) count++;
  }
  return count;
}

/**
 * The comparison behind the piece printer's proofs (print-piece-prettier.test.ts,
 * test/corpus/check-types-layout.ts): for a spec, every piece (emit/split-pieces.ts) of every
 * TypeScript file the emitters make, before formatting, printed by generator/emit/ts/
 * print-piece-prettier.ts and by prettier with our options.
 */
import ts from "typescript";
import { generatedHeader } from "../../generator/emit/header.js";
import { leafSource, leavesOf, splitPieces } from "../../generator/emit/split-pieces.js";
import { printPiecePrettier } from "../../generator/emit/ts/print-piece-prettier.js";
import type { GeneratedFile } from "../../generator/emit/file.js";
import { readmeExamples } from "../../generator/emit/package/readme-code.js";
import { emitSources } from "../../generator/generate.js";
import { layoutDifference, prettierTypes, type LayoutOutcome } from "./types-layout.js";

/**
 * The statements no piece of the pet store or a fixture may leave to prettier: types, imports,
 * exports, every function (the factories), every `const` (data tables and code constants) and the
 * README examples' statements.
 */
const ALWAYS_PRINTED_KINDS = new Set([
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.ExportDeclaration,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.VariableStatement,
  ts.SyntaxKind.ExpressionStatement,
  ts.SyntaxKind.IfStatement,
  ts.SyntaxKind.TryStatement,
  ts.SyntaxKind.ExportAssignment,
]);
const alwaysPrinted = (statement: ts.Statement): boolean => ALWAYS_PRINTED_KINDS.has(statement.kind);

/** The data tables the emitters write (client.ts, mocks.ts, validate.ts, query.ts, entry files) and the validators' `declare const`s: never left to prettier. */
export function isDataTable(statement: ts.Statement): boolean {
  if (!ts.isVariableStatement(statement)) return false;
  const name = statement.declarationList.declarations[0]?.name;
  const declared = (statement.modifiers ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.DeclareKeyword);
  return declared || (name !== undefined && ts.isIdentifier(name) && /^(RESPONSE_HEADERS_\d+|API_KEY|SECURITY|OPERATIONS|BODY_[0-9a-f]+|HEADERS_[0-9a-f]+|MOCK_OPERATIONS|RESPONSE_VALIDATORS|INVALIDATES|EXPERIMENTAL_OPERATIONS)$/.test(name.text));
}

/** Statements that declare and hold no code. */
const DECLARATIONS = new Set([ts.SyntaxKind.InterfaceDeclaration, ts.SyntaxKind.TypeAliasDeclaration, ts.SyntaxKind.ImportDeclaration, ts.SyntaxKind.ExportDeclaration]);
const holdsCode = (node: ts.Node): boolean => ts.isCallExpression(node) || ts.isArrowFunction(node) || ts.forEachChild(node, holdsCode) === true;

/**
 * The pieces of the spec's TypeScript files and README examples that hold code (a function, a
 * `const` whose value calls or holds a function, another statement), and the API name the
 * emitters wrote into them.
 */
export async function codePieces(specPath: string, cwd: string): Promise<{ readonly pieces: readonly string[]; readonly apiName: string }> {
  const { pieces, apiName } = await sourcePieces(specPath, cwd);
  const code = pieces.filter(({ piece }) => {
    const source = ts.createSourceFile("piece.ts", piece, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    return source.statements.some((statement) => !DECLARATIONS.has(statement.kind) && (!ts.isVariableStatement(statement) || holdsCode(statement)));
  });
  return { pieces: code.map(({ piece }) => piece), apiName };
}

/**
 * Every piece the formatter formats for the spec, with the file it is from: each emitted `.ts`
 * file's (after the header) and each README example's. Without the cache nothing is read from or
 * written to the output folder.
 */
async function sourcePieces(specPath: string, cwd: string): Promise<{ readonly pieces: readonly { readonly path: string; readonly piece: string }[]; readonly apiName: string }> {
  const { emitted, context } = await emitSources({ specPath, outDir: "generated", cwd, cache: false, allowDuplicateOperationIds: true, allowUndeclaredPathParameters: true });
  const header = generatedHeader(context.specPath);
  const sources = (file: GeneratedFile): { readonly path: string; readonly text: string }[] => {
    if (file.path === "README.md") return readmeExamples(file.content).map((example, index) => ({ path: `README.md example ${index + 1}`, text: `${example}\n` }));
    return file.formatted === true || !file.path.endsWith(".ts") ? [] : [{ path: file.path, text: header + file.content }];
  };
  const pieces = emitted.flatMap(sources).flatMap(({ path, text }) => leavesOf(splitPieces(text)).map((leaf) => ({ path, piece: leafSource(leaf) })));
  return { pieces, apiName: context.apiName };
}

export interface PiecesOutcome {
  readonly printed: number;
  readonly declined: number;
  /** Statements of a kind always printed that were left to prettier (file and first line). */
  readonly declinedKinds: readonly string[];
  /** Pieces printed otherwise than prettier prints them (bugs). */
  readonly differences: readonly { readonly file: string; readonly piece: string; readonly ours: string; readonly prettier: string }[];
}

/** Every piece of the spec's TypeScript files: printed and compared with prettier, or declined. */
export async function comparePieces(specPath: string, cwd: string): Promise<PiecesOutcome> {
  let printed = 0;
  let declined = 0;
  const declinedKinds: string[] = [];
  const differences: PiecesOutcome["differences"][number][] = [];
  for (const { path, piece } of (await sourcePieces(specPath, cwd)).pieces) {
    const ours = printPiecePrettier(piece);
    if (ours === undefined) {
      declined++;
      declinedKinds.push(...alwaysPrintedDeclined(piece).map((line) => `${path}: ${line}`));
      continue;
    }
    printed++;
    const expected = await prettierTypes(piece);
    if (ours !== expected) differences.push({ file: path, piece, ours, prettier: expected });
  }
  return { printed, declined, declinedKinds, differences };
}

/**
 * The first lines of the statements of a declined piece that are of a kind always printed and
 * decline alone too (a piece of several statements declines for any of them). Text beyond ASCII
 * may decline: prettier measures it in ways prettier-text.ts does not.
 */
function alwaysPrintedDeclined(piece: string): string[] {
  const file = ts.createSourceFile("piece.ts", piece, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return file.statements
    .filter((statement) => alwaysPrinted(statement) && /^[\x00-\x7f]*$/.test(statement.getText(file)))
    .filter((statement) => printPiecePrettier(`${piece.slice(statement.pos, statement.end).replace(/^\s*\n/, "")}\n`) === undefined)
    .map((statement) => statement.getText(file).split("\n")[0]!);
}

/** {@link comparePieces} as a layout outcome for check-types-layout.ts: the first difference, if any. */
export async function comparePiecesLayout(specPath: string, cwd: string): Promise<LayoutOutcome> {
  const outcome = await comparePieces(specPath, cwd);
  const first = outcome.differences[0];
  if (first === undefined) return { kind: "same" };
  return layoutDifference(`${first.file}\n${first.ours}`, `${first.file}\n${first.prettier}`) ?? { kind: "same" };
}

/**
 * The pieces of generated TypeScript our printers print without prettier (generator/emit/ts/
 * print-piece-prettier.ts: interfaces, type aliases, imports and exports, data constants) are
 * byte for byte what prettier prints for them with our options: on every piece of every
 * TypeScript file the emitters make for the pet store, every fixture spec and the corpus subset
 * (with ../shared), before formatting. On the pet store and the fixtures no interface or type
 * alias is left to prettier, so a regression to the slow path fails here too.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { PRETTIER_OPTIONS } from "../../generator/emit/format.js";
import { generatedHeader } from "../../generator/emit/header.js";
import { formatWith } from "../../generator/emit/load-prettier.js";
import { leavesOf, splitPieces } from "../../generator/emit/split-pieces.js";
import { printPiecePrettier } from "../../generator/emit/ts/print-piece-prettier.js";
import { emitSources } from "../../generator/generate.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import { ROOT } from "./cli-helper.js";
import { LAYOUT_CORPUS_SPECS, LAYOUT_SPECS } from "./layout-specs.js";

if (!hasCorpus()) console.log(`piece printer corpus specs skipped: no shared corpus at ${CORPUS_DIR}`);
const work = mkdtempSync(join(tmpdir(), "print-piece-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The statement kinds no piece of the pet store or a fixture may leave to prettier. */
const ALWAYS_PRINTED = new Set([ts.SyntaxKind.InterfaceDeclaration, ts.SyntaxKind.TypeAliasDeclaration]);

interface PieceOutcome {
  readonly printed: number;
  readonly declined: number;
  /** Pieces of an ALWAYS_PRINTED kind that were declined (their first line). */
  readonly declinedKinds: readonly string[];
}

/** Every piece of the spec's TypeScript files: printed and compared with prettier, or declined. */
async function comparePieces(specPath: string): Promise<PieceOutcome> {
  const { emitted, context } = await emitSources({ specPath, outDir: join(work, "out"), cwd: ROOT, cache: false, allowDuplicateOperationIds: true, allowUndeclaredPathParameters: true });
  const header = generatedHeader(context.specPath);
  let printed = 0;
  let declined = 0;
  const declinedKinds: string[] = [];
  for (const file of emitted) {
    if (file.formatted === true || !file.path.endsWith(".ts")) continue;
    for (const leaf of leavesOf(splitPieces(header + file.content))) {
      const wrapper = leaf.heads.map((head) => `${head}\n`).join("") + leaf.text + leaf.closers.map((closer) => `${closer}\n`).join("");
      const ours = printPiecePrettier(wrapper);
      if (ours === undefined) {
        declined++;
        // a piece of several statements declines for any of them: each statement of a kind always printed must print alone
        const piece = ts.createSourceFile("piece.ts", wrapper, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
        for (const statement of piece.statements) {
          // (text beyond ASCII may decline: prettier measures it in ways prettier-text.ts does not)
          if (ALWAYS_PRINTED.has(statement.kind) && /^[\x00-\x7f]*$/.test(statement.getText(piece)) && printPiecePrettier(`${wrapper.slice(statement.pos, statement.end).replace(/^\s*\n/, "")}\n`) === undefined) {
            declinedKinds.push(`${file.path}: ${statement.getText(piece).split("\n")[0]}`);
          }
        }
        continue;
      }
      printed++;
      expect(ours, `${file.path}:\n${wrapper}`).toBe(await formatWith(wrapper, { ...PRETTIER_OPTIONS, parser: "babel-ts" }));
    }
  }
  return { printed, declined, declinedKinds };
}

describe("pieces of generated TypeScript in prettier's layout without prettier", () => {
  it.each(LAYOUT_SPECS.map((spec) => [relative(ROOT, spec), spec]))("prints what prettier prints, leaving no interface or type alias to it, for %s", async (_name, spec) => {
    const outcome = await comparePieces(spec);
    expect(outcome.printed).toBeGreaterThan(0);
    expect(outcome.declinedKinds).toEqual([]);
  }, 120_000);

  it.each(LAYOUT_CORPUS_SPECS.map((spec) => [relative(CORPUS_DIR, spec), spec]))("prints what prettier prints for corpus %s", async (_name, spec) => {
    const outcome = await comparePieces(spec);
    expect(outcome.printed).toBeGreaterThan(0);
  }, 300_000);

  it("declines what it does not know, or what holds a comment it would not place", () => {
    expect(printPiecePrettier("export function f(): void {}\n")).toBeUndefined();
    expect(printPiecePrettier("export type A = string; // trailing\n")).toBeUndefined();
    // a blank line inside a statement (prettier would keep it; the printers do not write it)
    expect(printPiecePrettier("export interface A {\n  a: string;\n\n  b: string;\n}\n")).toBeUndefined();
    // several statements: one blank line where the source has blank lines
    expect(printPiecePrettier("export type A = string;\n\n\nexport type B = number;\nexport type C = A;\n")).toBe("export type A = string;\n\nexport type B = number;\nexport type C = A;\n");
    expect(printPiecePrettier("export type A = \n")).toBeUndefined();
    // what it knows, with the JSDoc it leads re-indented as prettier does
    expect(printPiecePrettier("  /** A.\n     * More. */\nexport type A = { a: string; b?: number };\n")).toBe("/** A.\n * More. */\nexport type A = { a: string; b?: number };\n");
  });
});

/**
 * The pieces of generated TypeScript our printers print without prettier (generator/emit/ts/
 * print-piece-prettier.ts: interfaces, type aliases, imports and exports, data constants) are
 * byte for byte what prettier prints for them with our options: on every piece of every
 * TypeScript file the emitters make for the pet store, every fixture spec and the corpus subset
 * (with ../shared), before formatting. On the pet store and the fixtures no interface or type
 * alias is left to prettier, so a regression to the slow path fails here too.
 */
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { printPiecePrettier } from "../../generator/emit/ts/print-piece-prettier.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import { ROOT } from "./cli-helper.js";
import { LAYOUT_CORPUS_SPECS, LAYOUT_SPECS } from "./layout-specs.js";
import { comparePieces } from "./pieces-layout.js";

if (!hasCorpus()) console.log(`piece printer corpus specs skipped: no shared corpus at ${CORPUS_DIR}`);

describe("pieces of generated TypeScript in prettier's layout without prettier", () => {
  it.each(LAYOUT_SPECS.map((spec) => [relative(ROOT, spec), spec]))("prints what prettier prints, leaving no interface or type alias to it, for %s", async (_name, spec) => {
    const outcome = await comparePieces(spec, ROOT);
    expect(outcome.differences).toEqual([]);
    expect(outcome.printed).toBeGreaterThan(0);
    expect(outcome.declinedKinds).toEqual([]);
  }, 120_000);

  it.each(LAYOUT_CORPUS_SPECS.map((spec) => [relative(CORPUS_DIR, spec), spec]))("prints what prettier prints for corpus %s", async (_name, spec) => {
    const outcome = await comparePieces(spec, ROOT);
    expect(outcome.differences).toEqual([]);
    expect(outcome.printed).toBeGreaterThan(0);
  }, 300_000);

  it("declines what it does not know, or what holds a comment it would not place", () => {
    expect(printPiecePrettier("export class A {}\n")).toBeUndefined();
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

/**
 * The `const` statements of data the emitters write (client.ts's `OPERATIONS` and response header
 * tables, mocks.ts's bodies, headers and `MOCK_OPERATIONS`, validate.ts's `RESPONSE_VALIDATORS`,
 * query.ts's `INVALIDATES`, the validators' `declare const`s) are printed by
 * generator/emit/ts/print-data-statement.ts without prettier. These tests prove that what it
 * prints is byte for byte what prettier prints with our options: on every top-level variable
 * statement (with its comments) of every TypeScript file the emitters make for the pet store,
 * every fixture spec and the corpus subset (with ../shared), before formatting; on hand-picked
 * layouts; and on random statements. On the pet store and the fixtures none of those tables is
 * left to prettier, so a regression to the slow path fails here too.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import fc from "fast-check";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { DataObject, dataSource } from "../../generator/emit/ts/print-data-prettier.js";
import { printDataStatement } from "../../generator/emit/ts/print-data-statement.js";
import { printPiecePrettier } from "../../generator/emit/ts/print-piece-prettier.js";
import { emitSources } from "../../generator/generate.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import { ROOT } from "./cli-helper.js";
import { dataValue } from "./data-arbitrary.js";
import { LAYOUT_CORPUS_SPECS, LAYOUT_SPECS } from "./layout-specs.js";
import { isDataTable } from "./pieces-layout.js";
import { prettierTypes } from "./types-layout.js";

if (!hasCorpus()) console.log(`data statement corpus specs skipped: no shared corpus at ${CORPUS_DIR}`);
const work = mkdtempSync(join(tmpdir(), "print-data-statement-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface StatementOutcome {
  readonly printed: number;
  /** Names of the statements printed. */
  readonly names: ReadonlySet<string>;
  /** Data tables and `declare const`s left to prettier (file and name). */
  readonly declinedTables: readonly string[];
}

/** Every top-level variable statement of the spec's TypeScript files, with its comments: printed and compared with prettier, or declined. */
async function compareStatements(specPath: string): Promise<StatementOutcome> {
  const { emitted } = await emitSources({ specPath, outDir: join(work, "out"), cwd: ROOT, cache: false, allowDuplicateOperationIds: true, allowUndeclaredPathParameters: true });
  const names = new Set<string>();
  const declinedTables: string[] = [];
  for (const file of emitted) {
    if (file.formatted === true || !file.path.endsWith(".ts")) continue;
    const source = ts.createSourceFile(file.path, file.content, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const text = `${file.content.slice(statement.pos, statement.end).replace(/^\s*\n/, "")}\n`;
      const name = statement.declarationList.declarations[0]!.name.getText(source);
      const ours = printPiecePrettier(text);
      if (ours === undefined) {
        // (text beyond ASCII may decline: prettier unquotes keys and measures text in ways the printers do not)
        if (isDataTable(statement) && /^[\x00-\x7f]*$/.test(text)) declinedTables.push(`${file.path}: ${name}`);
        continue;
      }
      names.add(name);
      expect(ours, `${file.path}: ${name}`).toBe(await prettierTypes(text));
    }
  }
  return { printed: names.size, names, declinedTables };
}

describe("const statements of data in prettier's layout without prettier", () => {
  it("prints every data table of the pet store", async () => {
    const outcome = await compareStatements(join(ROOT, "spec/openapi.yaml"));
    expect(outcome.declinedTables).toEqual([]);
    for (const name of ["RESPONSE_HEADERS_0", "API_KEY", "SECURITY", "OPERATIONS", "MOCK_OPERATIONS", "RESPONSE_VALIDATORS", "INVALIDATES", "listPets$200", "EXPERIMENTAL_OPERATIONS"]) {
      expect(outcome.names, name).toContain(name);
    }
    for (const prefix of ["BODY", "HEADERS"]) {
      expect([...outcome.names].some((name) => new RegExp(`^${prefix}_[0-9a-f]{10,}$`).test(name)), prefix).toBe(true);
    }
  }, 120_000);

  it.each(LAYOUT_SPECS.slice(1).map((spec) => [relative(ROOT, spec), spec]))("prints what prettier prints, leaving no data table to it, for %s", async (_name, spec) => {
    const outcome = await compareStatements(spec);
    expect(outcome.printed).toBeGreaterThan(0);
    expect(outcome.declinedTables).toEqual([]);
  }, 120_000);

  it.each(LAYOUT_CORPUS_SPECS.map((spec) => [relative(CORPUS_DIR, spec), spec]))("prints what prettier prints for corpus %s", async (_name, spec) => {
    const outcome = await compareStatements(spec);
    expect(outcome.printed).toBeGreaterThan(0);
  }, 300_000);

  it("lays out casts, annotations and values that do not fit as prettier does", async () => {
    const cases = [
      // the type arguments after `satisfies` break, the object stays flat
      "export const MOCK_OPERATIONS_OF_THE_API = { listPets: { a: 1 } } as const satisfies Readonly<Record<string, MockOperation>>;\n",
      "export const X = {\n a: 1 } as const satisfies Readonly<Record<string, MockOperationWithAVeryLongNameThatIsLongerThanTheLine>>;\n",
      // a complex annotation: the value stays after `= ` (prettier's "break-lhs")
      'const x: Record<string, Readonly<X>> = "a long string that does not fit on the line with the annotation, no, it does not";\n',
      'const x: ApiKeyLocation | undefined = "a long string that does not fit on the line with the annotation, no";\n',
      // `value as const` breaks inside first, and moves below `=` only when it cannot
      'const RESPONSE_HEADERS_0 = "a long string that does not fit on the line with the annotation, no, it does" as const;\n',
      'const RESPONSE_HEADERS_0 = ["a long string that does not fit on the line", "with the annotation, no, it does"] as const;\n',
      "const x = ref_value_with_a_rather_long_name_that_will_not_fit_on_the_line_with_everything_else as const;\n",
      "export declare const aVeryLongValidatorNameThatGoesOnAndOnAndOnForeverAndEverAndEver$200: Validator;\n",
      '/**\n     * Two lines\n     * of JSDoc. */\nconst x = { "a": 1, 200: 2, ["__proto__"]: 3, b: -4, "c-d": [1, 2] };\n',
    ];
    for (const text of cases) {
      const ours = printPiecePrettier(text);
      expect(ours, text).toBeDefined();
      expect(ours).toBe(await prettierTypes(text));
    }
    expect(printPiecePrettier(cases[0]!)).toBe("export const MOCK_OPERATIONS_OF_THE_API = { listPets: { a: 1 } } as const satisfies Readonly<\n  Record<string, MockOperation>\n>;\n");
  }, 60_000);

  it("declines what it does not know for certain", async () => {
    for (const text of [
      "const f = () => 1;\n",
      "const t = `template`;\n",
      "const s = { ...other };\n",
      "const c = { [key]: 1 };\n",
      "const p = { __proto__: null };\n",
      "const n = 1.0;\n",
      "const big = 12345678901234567890123;\n",
      "const q = 'single';\n",
      "const z = -0;\n",
      "const m = a.b.c;\n",
      "const u = { a: 1 } satisfies A | B;\n",
      "const b = {\n  a: 1,\n\n  b: 2,\n};\n",
      "let l = 1;\n",
      "const a = 1, b = 2;\n",
      "const x = f(1);\n",
    ]) {
      const file = ts.createSourceFile("piece.ts", text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const statement = file.statements[0]!;
      expect(ts.isVariableStatement(statement) ? printDataStatement(file, statement) : undefined, text).toBeUndefined();
      // (the code printer may know it: then it prints what prettier prints)
      const printed = printPiecePrettier(text);
      if (printed !== undefined) expect(printed, text).toBe(await prettierTypes(text));
    }
    // a comment after the statement: the code printer's (print-code-prettier.ts)
    const trailing = "const x: unknown = { a: 1 }; // trailing\n";
    const file = ts.createSourceFile("piece.ts", trailing, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    ts.setSyntheticTrailingComments(file.statements[0]!, [{ kind: ts.SyntaxKind.SingleLineCommentTrivia, text: " trailing", hasTrailingNewLine: true, pos: -1, end: -1 }]);
    expect(printDataStatement(file, file.statements[0] as ts.VariableStatement)).toBeUndefined();
    expect(printPiecePrettier(trailing)).toBe(await prettierTypes(trailing));
  });

  it("prints what prettier prints for random data statements", async () => {
    let printed = 0;
    await fc.assert(
      fc.asyncProperty(statement, async (text) => {
        const ours = printPiecePrettier(text);
        if (ours === undefined) return;
        printed++;
        expect(ours, text).toBe(await prettierTypes(text));
      }),
      { numRuns: 300, seed: 17 },
    );
    // random statements hold little the printer declines (emoji, non-ASCII identifier keys, long numbers)
    expect(printed).toBeGreaterThan(200);
  }, 300_000);
});

/** Random `[export] const name[: type] = <data>[ as …][ satisfies …];` statements with a comment or none, written as the emitters write them. */
const statement: fc.Arbitrary<string> = fc
  .record({
    comment: fc.constantFrom("", "/** One line. */\n", "/**\n * Two\n * lines.\n */\n", "// a line\n"),
    exported: fc.boolean(),
    name: fc.constantFrom("x", "OPERATIONS", "A_RATHER_LONG_NAME_FOR_THE_DESCRIPTORS_OF_EVERY_OPERATION_OF_THE_API"),
    type: fc.constantFrom("", ": unknown", ": ApiKeyLocation | undefined", ": Readonly<Record<string, MockOperation>>", ": Record<string, Readonly<Array<Descriptor>>>"),
    casts: fc.array(fc.constantFrom(" as const", " satisfies Readonly<Record<string, readonly OperationKeyPrefix[]>>", " satisfies ResponseValidatorTable"), { maxLength: 2 }),
    value: dataValue,
    expandedTop: fc.boolean(),
  })
  .map(({ comment, exported, name, type, casts, value, expandedTop }) => {
    const data = value instanceof DataObject && expandedTop ? new DataObject(value.entries, true) : value;
    return `${comment}${exported ? "export " : ""}const ${name}${type} = ${dataSource(data)}${casts.join("")};\n`;
  });

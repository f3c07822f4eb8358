/**
 * The fixed layout every generated file is printed in, without a formatter (docs/generator.md,
 * "Layout"): data literals, imports, unions and README tables laid out by rule, never by width;
 * types.ts exactly what openapi-typescript's printer prints under our header; and, on the pet
 * store and the hard fixtures, every emitted TypeScript file parses, is indented by 2 spaces,
 * has no trailing space and no tab, ends with one newline, and is the same on a second run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StructureKind, VariableDeclarationKind } from "ts-morph";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { astText, typesDeclarations } from "../../generator/emit/emit-types.js";
import { generatedHeader } from "../../generator/emit/header.js";
import { table } from "../../generator/emit/package/readme-markdown.js";
import {
  dataText,
  DataObject,
  DataSpread,
  jsonData,
  jsonDataText,
  reference,
  type DataValue,
} from "../../generator/emit/ts/data-layout.js";
import { namedImportText } from "../../generator/emit/ts/import-layout.js";
import { objectCode, typeAliasCode } from "../../generator/emit/ts/literal.js";
import { printStatements } from "../../generator/emit/ts/source-file.js";
import { render } from "../../generator/generate.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { ROOT } from "./cli-helper.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("data literals", () => {
  const cases: [string, { given: DataValue; want: string }][] = [
    ["an empty object", { given: new DataObject([]), want: "{}" }],
    [
      "an object, one entry per line",
      { given: jsonData({ a: 1, "x-b": "two" }), want: '{\n  a: 1,\n  "x-b": "two",\n}' },
    ],
    [
      "nested objects, 2 spaces a level",
      { given: jsonData({ a: { b: null } }), want: "{\n  a: {\n    b: null,\n  },\n}" },
    ],
    [
      "a short array of scalars, on its line",
      { given: jsonData(["GET", 1, true, null]), want: '["GET", 1, true, null]' },
    ],
    ["an empty array", { given: [], want: "[]" }],
    ["a sole array of scalars, on its line", { given: [["ApiKeyAuth"]], want: '[["ApiKeyAuth"]]' }],
    ["several arrays, one per line", { given: [["a"], ["b"]], want: '[\n  ["a"],\n  ["b"],\n]' }],
    [
      "eleven scalars, one per line",
      {
        given: [...Array(11).keys()],
        want: `[\n${[...Array(11).keys()].map((n) => `  ${n},\n`).join("")}]`,
      },
    ],
    [
      "an array of objects, one per line",
      { given: jsonData([{ a: 1 }]), want: "[\n  {\n    a: 1,\n  },\n]" },
    ],
    [
      "references, as written",
      {
        given: new DataObject([["v", reference("bodyValidators.a$200")]]),
        want: "{\n  v: bodyValidators.a$200,\n}",
      },
    ],
    ["a numeric key", { given: new DataObject([[200, "ok"]]), want: '{\n  200: "ok",\n}' }],
    [
      "a spread of a shared constant, in its place",
      {
        given: new DataObject([["a", 1], new DataSpread(reference("headers1")), ["b", 2]]),
        want: "{\n  a: 1,\n  ...headers1,\n  b: 2,\n}",
      },
    ],
    [
      "a __proto__ key, computed",
      { given: new DataObject([["__proto__", 1]]), want: '{\n  ["__proto__"]: 1,\n}' },
    ],
    [
      "spec text, inert",
      { given: jsonData({ "*/": '\u2028`${x}`"' }), want: '{\n  "*/": "\u2028`${x}`\\"",\n}' },
    ],
  ];
  it.each(cases)("%s", (_name, { given, want }) => {
    const text = dataText(given);
    expect(text).toBe(want);
    // the text is the value again (references and spreads aside)
    if (!/bodyValidators|\.\.\.headers/.test(text))
      expect(new Function(`return (${text});`)()).toEqual(
        JSON.parse(
          JSON.stringify(given, (_key, value: unknown) =>
            value instanceof DataObject
              ? Object.fromEntries(
                  value.entries.flatMap((entry) => (Array.isArray(entry) ? [entry] : [])),
                )
              : value,
          ),
        ),
      );
  });

  it("refuses what JSON cannot write", () => {
    expect(() => jsonData(Number.NaN)).toThrow(/not a finite number/);
    expect(() => jsonData(() => 1)).toThrow(/not JSON data/);
    expect(() => jsonDataText({ a: [Number.POSITIVE_INFINITY] })).toThrow(/not a finite number/);
    expect(() => jsonDataText({ a: Symbol("s") })).toThrow(/not JSON data/);
  });

  it("written straight from JSON data, as converted first", () => {
    const values: unknown[] = [
      { a: 1, "x-b": "two", skipped: undefined, nested: { b: null, c: [1, undefined, "x"] } },
      [{ a: 1 }, [], {}, [["deep"]], [[1], [2]]],
      { empty: {}, none: { only: undefined }, list: [...Array(12).keys()], __proto__: null },
      { mixed: new DataObject([["v", reference("bodyValidators.a$200")]]), at: [reference("x")] },
      [new DataObject([]), "s", 2.5, -0, true],
    ];
    for (const value of values)
      for (const indent of ["", "    "])
        expect(jsonDataText(value, indent)).toBe(dataText(jsonData(value), indent));
  });
});

describe("code layout rules", () => {
  it("breaks an import of more than three names one per line", () => {
    expect(namedImportText(["a", "b", "c"], "./x.js", true)).toBe(
      'import type { a, b, c } from "./x.js";',
    );
    expect(namedImportText(["a", "b", "c", "d"], "./x.js", false)).toBe(
      'import {\n  a,\n  b,\n  c,\n  d,\n} from "./x.js";',
    );
  });

  it("writes a union of several members one per line, each member's lines under its first", () => {
    expect(typeAliasCode("A", ["B"], { exported: true })).toBe("export type A = B;");
    expect(typeAliasCode("A", ["B", "{\n  c: 1;\n}"], { doc: "x */" })).toBe(
      "/** x *\\/ */\ntype A =\n  | B\n  | {\n      c: 1;\n    };",
    );
  });

  it("writes a function of several parameters one per line, no comma after a rest parameter", () => {
    const text = printStatements("a.ts", [
      {
        kind: StructureKind.Function,
        name: "one",
        parameters: [{ name: "a", type: "A" }],
        statements: [],
      },
      {
        kind: StructureKind.Function,
        name: "two",
        returnType: "R",
        parameters: [
          { name: "a", type: "A", hasQuestionToken: true },
          { name: "...[b]", type: "B" },
        ],
        statements: ["return r;"],
      },
    ]);
    expect(text).toContain("function one(a: A) {\n}");
    expect(text).toContain("function two(\n  a?: A,\n  ...[b]: B\n): R {\n  return r;\n}");
  });

  it("indents object code nested in statements by the statement's level, with no hanging indent", () => {
    const text = printStatements("a.ts", [
      "function f() {\n  return 1;\n}",
      {
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        declarations: [{ name: "X", initializer: objectCode([["a", objectCode([["b", "1"]])]]) }],
      },
      {
        kind: StructureKind.Function,
        name: "g",
        statements: [`return ${objectCode([["a", "[1]"]])};`],
      },
    ]);
    expect(text).toContain("const X = {\n  a: {\n    b: 1,\n  },\n};");
    expect(text).toContain("function g() {\n  return {\n    a: [1],\n  };\n}");
  });
});

describe("README tables", () => {
  it("pads every column to its widest cell and at least three dashes", () => {
    expect(
      table(
        ["A", "Long header"],
        [
          ["x", ""],
          ["wider", "y"],
        ],
      ),
    ).toBe(
      [
        "| A     | Long header |",
        "| ----- | ----------- |",
        "| x     |             |",
        "| wider | y           |",
      ].join("\n"),
    );
  });

  it("counts code points, not UTF-16 units", () => {
    expect(table(["h"], [["😀😀😀😀"]]).split("\n")[2]).toBe("| 😀😀😀😀 |");
  });
});

describe("generated files", () => {
  const specs = [
    join(ROOT, "spec/openapi.yaml"),
    join(ROOT, "test/fixtures/hard/hostile.yaml"),
    join(ROOT, "test/fixtures/hard/names.yaml"),
  ];

  it.each(specs)(
    "are laid out by rule and deterministic for %s",
    async (spec) => {
      const dir = mkdtempSync(join(tmpdir(), "fixed-layout-"));
      temps.push(dir);
      const options = {
        specPath: spec,
        outDir: join(dir, "out"),
        cwd: dir,
        cache: false,
        allowDuplicateOperationIds: true,
        allowUndeclaredPathParameters: true,
      };
      const first = await render(options);
      const second = await render(options);
      expect(second.files).toEqual(first.files);
      const emitted = first.files.filter(
        (file) => /\.ts$/.test(file.path) && !file.path.startsWith("runtime/"),
      );
      expect(emitted.length).toBeGreaterThan(10);
      for (const file of emitted) {
        const where = `${spec}: ${file.path}`;
        expect(file.content.endsWith("\n") && !file.content.endsWith("\n\n"), where).toBe(true);
        expect(file.content, where).not.toMatch(/[ \t]+$/m);
        expect(file.content, where).not.toMatch(/^\t/m);
        const source = ts.createSourceFile(
          file.path,
          file.content,
          ts.ScriptTarget.Latest,
          true,
          ts.ScriptKind.TS,
        );
        const diagnostics = (source as unknown as { parseDiagnostics: readonly ts.Diagnostic[] })
          .parseDiagnostics;
        expect(
          diagnostics.map((diagnostic) =>
            ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
          ),
          where,
        ).toEqual([]);
        // TypeScript's printer (types.ts) indents by 4; our emitters by 2 (a JSDoc's ` *` lines one more)
        if (file.path !== "types.ts") {
          for (const line of file.content.split("\n")) {
            const indent = /^ */.exec(line)![0].length;
            if (!/^ *\*/.test(line) && !isInsideTemplate(file.content, line))
              expect(indent % 2, `${where}: ${JSON.stringify(line)}`).toBe(0);
          }
        }
      }
    },
    120_000,
  );

  it("types.ts is openapi-typescript's printing under the static header", async () => {
    const spec = join(ROOT, "spec/openapi.yaml");
    const { document, displayPath } = await loadSpec(spec, ROOT);
    const rendered = await render({
      specPath: "spec/openapi.yaml",
      outDir: "generated",
      cwd: ROOT,
      cache: false,
    });
    const types = rendered.files.find((file) => file.path === "types.ts")!.content;
    expect(types).toBe(
      generatedHeader(displayPath) + (await astText(await typesDeclarations(document))),
    );
  }, 60_000);
});

/** Lines inside a multi-line template literal keep the spec's text as it is. */
function isInsideTemplate(content: string, line: string): boolean {
  return content.includes("`") && !/^\s*[\w"'[{}\])(/|.*]/.test(line);
}

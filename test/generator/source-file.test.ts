/**
 * ts-morph's printer as the emitters use it (generator/emit/ts/source-file.ts): the layout of
 * what follows a string must not depend on what the string holds.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import { describe, expect, it } from "vitest";
import { objectWriter } from "../../generator/emit/ts/literal.js";
import { printStatements } from "../../generator/emit/ts/source-file.js";

/** A data constant holding `strings` on one line, then statements whose layout the writer indents. */
function statements(strings: readonly string[]): StatementStructures[] {
  return [
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: "BODY", initializer: JSON.stringify(strings) }],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: "TABLE",
          initializer: objectWriter([
            ["first", objectWriter([["status", "200"]])],
            ["second", "{ status: 404 }"],
          ]),
        },
      ],
    },
    {
      kind: StructureKind.Function,
      name: "answer",
      statements: ["if (TABLE.first.status === 200) {", "return BODY;", "}", "return undefined;"],
    },
  ];
}

describe("printStatements", () => {
  it("indents the same after strings that end in escaped backslashes, quotes or backticks", () => {
    const plain = printStatements("plain.ts", statements(["plain", "text"]));
    // nested members deeper than their object's keys, a function's statements inside it
    expect(plain).toMatch(/\n( +)first: \{\n\1 +status: 200,\n/);
    expect(plain).toMatch(/\n +return undefined;\n\}\n/);
    const hard = [
      ["C:\\", "a `template` quote"],
      ["ends in two \\\\", "`"],
      ['an escaped quote " then \\', "'single' and `back`"],
      ["a regex-like /\\/", "after"],
    ];
    for (const strings of hard) {
      const printed = printStatements("hard.ts", statements(strings));
      expect(printed.replace(/^const BODY = .*$/m, ""), JSON.stringify(strings)).toBe(
        plain.replace(/^const BODY = .*$/m, ""),
      );
      expect(printed).toContain(`const BODY = ${JSON.stringify(strings)};`);
    }
  });
});

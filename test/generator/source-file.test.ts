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

/** A long text of whole statements (past the length from which it is slotted), ending in `end`. */
function longText(end: string): string {
  const lines = Array.from(
    { length: 300 },
    (_, index) => `export const value${index} = { text: "a \\"quoted\\" 'line' \`${index}\`" };`,
  );
  return `${lines.join("\n")}\n/* a block comment\n   over two lines */\nconst tpl = \`multi\nline\`;\n${end}`;
}

describe("printStatements' text slots", () => {
  const fn: StatementStructures = {
    kind: StructureKind.Function,
    name: "after",
    statements: ["return 1;"],
  };
  const iface: StatementStructures = {
    kind: StructureKind.Interface,
    name: "Before",
    properties: [{ name: "a", type: "string" }],
  };
  const cases: Record<string, (string | StatementStructures)[]> = {
    "after a function, ending in a brace": [fn, longText("function last() {\n  return 2;\n}")],
    "between structures, ending in a semicolon": [iface, longText("type Last = 1;"), fn],
    "with blank lines around it": [fn, `\n\n${longText("type Last = 1;")}\n\n`, iface],
    "ending in a word": [iface, longText("declare const last: number\nlast")],
    "two texts in a row": [longText("type A = 1;"), longText("type B = 2;"), fn],
    "as a constant's initializer": [
      fn,
      {
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        docs: [{ description: "A constant." }],
        declarations: [
          {
            name: "FILES",
            type: "readonly string[]",
            initializer: JSON.stringify(longText("}").split("\n"), null, 2),
          },
        ],
      },
      iface,
    ],
  };
  it.each(Object.entries(cases))("lays out a long text %s as the writer does", (_name, list) => {
    const slotted = printStatements("slots.ts", list);
    expect(slotted).toBe(printStatements("slots.ts", list, { textSlots: false }));
    expect(slotted).not.toContain("__PRINTED_TEXT_");
  });

  it("passes through the writer a text with a carriage return, or ending in a backtick", () => {
    // the writer turns `\r\n` into the file's newline: so must the file with slots
    const crlf = [iface, longText("type Last = 1;").replace(/\n/g, "\r\n")];
    expect(printStatements("crlf.ts", crlf)).not.toContain("\r");
    expect(printStatements("crlf.ts", crlf)).toBe(
      printStatements("crlf.ts", crlf, { textSlots: false }),
    );
    // a slot ending in the text's closing backtick would open a template literal for the writer
    const template = [longText("const last = `tpl`"), fn];
    expect(printStatements("template.ts", template)).toBe(
      printStatements("template.ts", template, { textSlots: false }),
    );
    expect(printStatements("template.ts", template)).toContain("\n  return 1;\n");
  });

  it("prints the file whole when a text holds what looks like a slot", () => {
    const list = [longText("type A = 1;"), "const x = '__PRINTED_TEXT_0__';", fn];
    const printed = printStatements("lookalike.ts", list);
    expect(printed).toBe(printStatements("lookalike.ts", list, { textSlots: false }));
    expect(printed).toContain("const x = '__PRINTED_TEXT_0__';");
  });
});

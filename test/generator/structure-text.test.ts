/**
 * Declarations printed as text in the printer's layout (generator/emit/ts/structure-text.ts):
 * client.ts is the same whether its per-operation types and its interface are printed as text or
 * from their structures, on the pet store, every fixture spec and the corpus subset; the text
 * printers decline what they do not handle, and lay out hostile docs as the printer does.
 */
import { StructureKind, type StatementStructures } from "ts-morph";
import { describe, expect, it } from "vitest";
import { clientTemplates } from "../../generator/emit/client/emit-client.js";
import { printStatements } from "../../generator/emit/ts/source-file.js";
import {
  interfaceText,
  typeAliasesText,
  typeAliasText,
} from "../../generator/emit/ts/structure-text.js";
import { itEachLayoutModel } from "./layout-specs.js";

const context = { apiName: "Api", specPath: "spec.yaml" };

describe("client.ts's per-operation declarations in text", () => {
  itEachLayoutModel("are what the printer prints", (_model, bare) => {
    expect(clientTemplates(bare, context)).toEqual(
      clientTemplates(bare, context, { structures: true }),
    );
  });
});

const hostileDoc = "A */ doc\n@tag at a line start\n\nwith `ticks`";
const alias: StatementStructures = {
  kind: StructureKind.TypeAlias,
  isExported: true,
  name: "Alias",
  typeParameters: [{ name: "T", constraint: "string", default: '"a"' }, { name: "U" }],
  type: 'T | "b"',
  docs: [{ description: hostileDoc, tags: [{ tagName: "deprecated", text: "Use `Other`." }] }],
};
const iface: StatementStructures = {
  kind: StructureKind.Interface,
  isExported: true,
  name: "Face",
  typeParameters: [{ name: "T", constraint: "boolean", default: "false" }],
  extends: ["Base<T>", "Other"],
  docs: [{ description: hostileDoc }],
  properties: [
    { name: "plain", type: "string" },
    { name: '"quoted-key"', type: "number", isReadonly: true, hasQuestionToken: true },
    { name: "documented", type: "T", docs: [{ description: "One line." }] },
  ],
};
const fn: StatementStructures = {
  kind: StructureKind.Function,
  name: "fn",
  statements: ["return 1;"],
};

describe("the text printers", () => {
  const orders: [string, StatementStructures[]][] = [
    ["after a type alias", [alias, iface, fn]],
    ["after a function", [fn, iface, alias, alias]],
    ["first in the file", [iface, alias]],
  ];
  it.each(orders)("lay out an interface and type aliases %s as the printer does", (_n, list) => {
    const text = list.flatMap((statement) => {
      if (statement.kind === StructureKind.Interface) {
        const printed = interfaceText(statement);
        expect(printed).toBeDefined();
        return printed ?? [];
      }
      return statement.kind === StructureKind.TypeAlias
        ? typeAliasesText([statement])
        : [statement];
    });
    expect(printStatements("text.ts", text)).toBe(printStatements("text.ts", list));
  });

  it("lay out a file's type alias of several lines as the printer does", () => {
    const long: StatementStructures = {
      ...alias,
      type: '{\n  readonly a: {\n    readonly "b-c": 1;\n  };\n  readonly d: T;\n}',
    };
    const text = typeAliasText(long, { topLevel: true });
    expect(text).toBeDefined();
    expect(printStatements("text.ts", [fn, text ?? "", alias])).toBe(
      printStatements("text.ts", [fn, long, alias]),
    );
    // inside a block the writer would indent the lines after the first
    expect(typeAliasText(long)).toBeUndefined();
    expect(
      typeAliasText({ ...alias, type: "{\r\n  a: 1;\r\n}" }, { topLevel: true }),
    ).toBeUndefined();
  });

  it("decline what they do not handle", () => {
    expect(interfaceText({ name: "M", methods: [{ name: "m" }] })).toBeUndefined();
    expect(
      interfaceText({ name: "P", properties: [{ name: "p", type: "{\n  a: 1;\n}" }] }),
    ).toBeUndefined();
    expect(typeAliasText({ name: "D", type: "1", hasDeclareKeyword: true })).toBeUndefined();
    expect(typeAliasText({ name: "W", type: (writer) => writer.write("1") })).toBeUndefined();
    // a declined alias leaves the list's structures as they are
    const declined = { kind: StructureKind.TypeAlias, name: "D", type: "1", isDefaultExport: true };
    expect(typeAliasesText([alias, declined as StatementStructures])).toHaveLength(2);
  });
});

/**
 * Which long texts printStatements (generator/emit/ts/source-file.ts) gives the printer as a slot
 * rather than through ts-morph's writer, which scans every character: client.ts's `OPERATIONS`
 * initializer ends in `satisfies Readonly<Record<string, ClientOperationDescriptor>>`, and on
 * Stripe writing its 250 kB through the writer was most of re-printing client.ts after an
 * operation edit.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import { describe, expect, it, vi } from "vitest";

const given: unknown[] = [];
vi.mock("../../generator/internal/ts-morph.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../generator/internal/ts-morph.js")>();
  return {
    ...actual,
    printSourceStructure: (...args: Parameters<typeof actual.printSourceStructure>) => {
      given.push(args[1]);
      return actual.printSourceStructure(...args);
    },
  };
});

const { printStatements } = await import("../../generator/emit/ts/source-file.js");

/** An object literal of `count` entries, as the emitters print their tables. */
const table = (count: number) =>
  `{\n${Array.from({ length: count }, (_, index) => `  op${index}: { path: "/a/${index}" },\n`).join("")}}`;

describe("printStatements' slots for texts ending in a type argument", () => {
  it("slots a long initializer ending in `>` and prints what the writer prints", () => {
    const statements: StatementStructures[] = [
      {
        kind: StructureKind.VariableStatement,
        declarationKind: VariableDeclarationKind.Const,
        isExported: true,
        declarations: [
          {
            name: "OPERATIONS",
            initializer: `${table(300)} as const satisfies Readonly<Record<string, Descriptor>>`,
          },
        ],
      },
      { kind: StructureKind.Function, name: "after", statements: ["return 1;"] },
    ];
    given.length = 0;
    const slotted = printStatements("ends.ts", statements);
    expect(JSON.stringify(given[0])).toContain("__PRINTED_TEXT_0__");
    expect(slotted).toBe(printStatements("ends.ts", statements, { textSlots: false }));
    expect(slotted).toContain("satisfies Readonly<Record<string, Descriptor>>;\n\nfunction after");
  });
});

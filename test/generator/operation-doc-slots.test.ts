/**
 * Operation docs as slots (generator/emit/ts/operation-doc-slots.ts): filled, they are laid out
 * exactly as ts-morph lays out the same JSDoc structure (hostile prose included, and every
 * operation's docs of the pet store, the fixtures and the corpus subset); and client.ts,
 * raw-client.ts, operations.ts, query.ts and server.ts made from the model without prose, filled from the
 * whole model (the cached path, cache/cached-emitters.ts), are the files made from the whole model.
 */
import { relative } from "node:path";
import { StructureKind, type JSDocStructure, type OptionalKind } from "ts-morph";
import { describe, expect, it } from "vitest";
import { RunCaches } from "../../generator/cache/run-caches.js";
import { fillClientDocs } from "../../generator/emit/client/client-doc-slots.js";
import { clientTemplates, emitClient } from "../../generator/emit/client/emit-client.js";
import { emitOperations, operationsTemplate } from "../../generator/emit/client/emit-operations.js";
import { emitQuery, queryTemplates } from "../../generator/emit/query/emit-query.js";
import { FACTORY_DOC, fillQueryDocs } from "../../generator/emit/query/query-docs.js";
import { emitServer, serverTemplate } from "../../generator/emit/server/emit-server.js";
import { jsDoc, type DocInput } from "../../generator/emit/ts/jsdoc.js";
import {
  docBlock,
  docSlot,
  fillDocSlots,
  fillOperationDocs,
  OPERATION_DOC,
} from "../../generator/emit/ts/operation-doc-slots.js";
import { printStatements } from "../../generator/emit/ts/source-file.js";
import { ROOT } from "./cli-helper.js";
import { LAYOUT_CORPUS_SPECS, LAYOUT_SPECS, loadLayoutSpec } from "./layout-specs.js";

/** `docs` on a function (indentation 0) and on an interface member (indentation 1), as ts-morph prints them and as the slots lay them out. */
function bothLayouts(docs: OptionalKind<JSDocStructure>[]): { tsMorph: string; ours: string } {
  const print = (withDocs: boolean) =>
    printStatements("docs.ts", [
      {
        kind: StructureKind.Function,
        name: "f",
        statements: [],
        ...(withDocs ? { docs } : {}),
      },
      {
        kind: StructureKind.Interface,
        name: "I",
        properties: [{ name: "p", type: "string", ...(withDocs ? { docs } : {}) }],
      },
    ]);
  const block = (indent: string) =>
    docs.map((doc) => `${indent}${docBlock(doc, indent)}\n`).join("");
  const bare = print(false);
  const ours = bare
    .replace(/^function f/m, `${block("")}function f`)
    .replace(/^ {2}p: string/m, `${block("  ")}  p: string`);
  expect(ours).not.toBe(bare);
  return { tsMorph: print(true), ours };
}

const RECIPES = { operation: OPERATION_DOC };

const HOSTILE: [string, DocInput][] = [
  ["one line", { summary: "List pets." }],
  ["summary and description", { summary: "List pets", description: "Returns pets.\n\nPaged." }],
  ["a comment's end", { description: "ends */ evil(); /* here" }],
  ["backticks and a template", { description: "a `template ${literal}` and </script>" }],
  [
    "line and paragraph separators, CR, CRLF",
    { description: "line\u2028separator\u2029paragraph\r\ncarriage\rreturn" },
  ],
  ["@ at a line start", { description: "@deprecated not a tag\n  @see neither\n*/" }],
  ["blank lines and trailing spaces", { description: "first   \n\n\n  indented\t\nlast " }],
  ["a backslash and quotes", { description: "C:\\\\ \"quoted\" 'single' \\" }],
  [
    "tags",
    {
      summary: "Old.",
      tags: [{ name: "deprecated", text: "Sunset 2030-01-01.\nUse `x`." }, { name: "beta" }],
    },
  ],
  ["a tag alone", { tags: [{ name: "experimental" }] }],
];

describe("operation doc slots", () => {
  it.each(HOSTILE)("lay out %s as ts-morph does", (_name, input) => {
    const { tsMorph, ours } = bothLayouts(jsDoc(input));
    expect(ours).toBe(tsMorph);
  });

  it.each([...LAYOUT_SPECS, ...LAYOUT_CORPUS_SPECS].map((spec) => [relative(ROOT, spec), spec]))(
    "give the client files of the whole model from the prose-free one for %s",
    async (_name, spec) => {
      const { model } = await loadLayoutSpec(spec);
      const context = { apiName: "Api", specPath: "spec.yaml" };
      const bare = new RunCaches().proseFree(model);
      // the text around the slots does not depend on prose: the cache key can leave it out
      expect(clientTemplates(bare, context)).toEqual(clientTemplates(model, context));
      expect(operationsTemplate(bare, context)).toEqual(operationsTemplate(model, context));
      const filled = (file: { path: string; content: string }) => fillClientDocs(file, model);
      expect(clientTemplates(bare, context).map(filled)).toEqual(emitClient(model, context));
      expect(filled(operationsTemplate(bare, context))).toEqual(emitOperations(model, context));
      // server.ts: one slot per handler method
      expect(serverTemplate(bare, context)).toEqual(serverTemplate(model, context));
      expect(
        serverTemplate(bare, context).map((file) =>
          fillOperationDocs(file, model, model.operations.length),
        ),
      ).toEqual(emitServer(model, context));
      // query.ts too (emit/query/query-docs.ts)
      expect(queryTemplates(bare, context)).toEqual(queryTemplates(model, context));
      expect(queryTemplates(bare, context).map((file) => fillQueryDocs(file, model))).toEqual(
        emitQuery(model, context),
      );
      // every operation's doc is laid out as ts-morph lays it out
      for (const operation of model.operations.slice(0, 200)) {
        for (const recipe of [OPERATION_DOC, FACTORY_DOC]) {
          const { tsMorph, ours } = bothLayouts(jsDoc(recipe(operation, model.operations)));
          expect(ours, operation.name).toBe(tsMorph);
        }
      }
    },
    120_000,
  );

  it("refuses a file whose slots are not all found, and names an unknown operation", async () => {
    const { model } = await loadLayoutSpec(`${ROOT}spec/openapi.yaml`);
    const [first] = model.operations;
    if (first === undefined) throw new Error("the pet store has operations");
    const slot = `/** ${String(docSlot("operation", first)[0]?.description)} */\n`;
    expect(fillDocSlots(slot, model, 1, RECIPES)).toContain("Returns pets in ascending");
    // a slot printed on several lines (another layout) is not filled: an error, not a placeholder
    const reshaped = `/**\n * ${String(docSlot("operation", first)[0]?.description)}\n */\n`;
    expect(() => fillDocSlots(reshaped, model, 1, RECIPES)).toThrow(/found 0 doc slots/);
    expect(() =>
      fillDocSlots(slot.replace(first.name, "noSuchOperation"), model, 1, RECIPES),
    ).toThrow(/noSuchOperation/);
    // prose that spells a slot is text, not a slot
    expect(fillDocSlots(` * ${slot}`, model, 0, RECIPES)).toBe(` * ${slot}`);
    // only a whole line of that shape is a slot: indented by spaces, the kind in lower case,
    // closed on its own line
    const indented = fillDocSlots(`class A {\n    ${slot}}\n`, model, 1, RECIPES);
    expect(indented).toMatch(/^class A \{\n {4}\/\*\*\n {4} \* /);
    expect(indented.endsWith(" */\n}\n")).toBe(true);
    const notSlots = [
      `\t${slot}`, // a tab is no slot's indentation
      slot.replace("operation", "Operation"),
      slot.replace(" */\n", " */ x\n"),
      slot.replace("\u0002", "\n\u0002"),
      slot.slice(0, -1), // no line end
    ];
    for (const text of notSlots) expect(fillDocSlots(text, model, 0, RECIPES)).toBe(text);
    // two slots, one after the other, and the text around them kept
    const second = model.operations[1];
    if (second === undefined) throw new Error("the pet store has operations");
    const other = `/** ${String(docSlot("operation", second)[0]?.description)} */\n`;
    const two = fillDocSlots(`a\n${slot}${other}b\n`, model, 2, RECIPES);
    expect(two.startsWith("a\n/**\n")).toBe(true);
    expect(two.endsWith(" */\nb\n")).toBe(true);
    expect(two).toContain("Returns pets in ascending");
    expect(two).not.toContain("\u0001");
  });

  it("strips something the client shows (the pet store's operations have descriptions)", async () => {
    const { model } = await loadLayoutSpec(`${ROOT}spec/openapi.yaml`);
    const context = { apiName: "Api", specPath: "spec.yaml" };
    const client = emitClient(model, context).find((file) => file.path === "client.ts");
    expect(client?.content).toContain("Returns pets in ascending");
    const template = clientTemplates(new RunCaches().proseFree(model), context);
    expect(JSON.stringify(template)).not.toContain("Returns pets in ascending");
    // the slotted files of an ASCII spec are ASCII: one-byte strings in memory and in the cache
    const bare = new RunCaches().proseFree(model);
    const slotted = [
      ...template,
      operationsTemplate(bare, context),
      ...serverTemplate(bare, context),
      ...queryTemplates(bare, context),
    ];
    for (const file of slotted) expect(file.content, file.path).toMatch(/^[\x00-\x7f]*$/);
  });
});

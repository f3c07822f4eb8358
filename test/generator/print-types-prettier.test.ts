/**
 * types.ts is printed in prettier's layout by our own printer (generator/emit/ts/
 * print-types-prettier.ts), so the generator does not run prettier on it. These tests prove
 * that prettier with our options would not change what we emit: on the pet store, every
 * fixture spec, the corpus subset `npm test` runs (with ../shared) and randomly made schemas,
 * the printer's output is byte for byte `prettier.format(astToString(nodes))`, or the printer
 * declined (returned undefined, and the generator formats with prettier as before). No
 * fixture may decline, so a regression to the slow path fails here too. test/corpus/
 * check-types-layout.ts runs the same comparison over the whole corpus.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import fc from "fast-check";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { astText, emitTypes, typesDeclarations } from "../../generator/emit/emit-types.js";
import { formatSource } from "../../generator/emit/format.js";
import { printTypesPrettier } from "../../generator/emit/ts/print-types-prettier.js";
import { render } from "../../generator/generate.js";
import { loadSpec } from "../../generator/load/load-spec.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import { ROOT } from "./cli-helper.js";
import { LAYOUT_CORPUS_SPECS, LAYOUT_SPECS } from "./layout-specs.js";
import { compareTypesLayout, prettierTypes, type LayoutOutcome } from "./types-layout.js";

const specs = LAYOUT_SPECS;
const corpus = LAYOUT_CORPUS_SPECS;
if (!hasCorpus()) console.log(`types layout corpus specs skipped: no shared corpus at ${CORPUS_DIR}`);

const outcomes = new Map<string, LayoutOutcome>();
afterAll(() => {
  const declined = [...outcomes].filter(([, outcome]) => outcome.kind === "fallback");
  if (declined.length > 0) console.log(`types layout: the printer declined ${declined.length} spec(s): ${declined.map(([spec]) => spec).join(", ")}`);
});

describe("types.ts in prettier's layout without prettier", () => {
  it("has fixture specs to check", () => {
    expect(specs.length).toBeGreaterThan(20);
  });

  it.each(specs.map((spec) => [relative(ROOT, spec), spec]))("prints what prettier prints, without falling back, for %s", async (name, spec) => {
    const outcome = await compareTypesLayout(spec, ROOT);
    outcomes.set(name, outcome);
    expect(outcome).toEqual({ kind: "same" });
  }, 60_000);

  it.each(corpus.map((spec) => [relative(CORPUS_DIR, spec), spec]))("prints what prettier prints for corpus %s", async (name, spec) => {
    const outcome = await compareTypesLayout(spec, ROOT);
    outcomes.set(name, outcome);
    expect(outcome).toEqual({ kind: "same" });
  }, 300_000);

  it("prints what prettier prints for random schemas", async () => {
    let printed = 0;
    await fc.assert(
      fc.asyncProperty(schemaDocument, async (document) => {
        const nodes = await typesDeclarations(document);
        const ours = printTypesPrettier(nodes);
        if (ours === undefined) return;
        printed++;
        expect(ours).toBe(await prettierTypes(await astText(nodes)));
      }),
      { numRuns: 150, seed: 17 },
    );
    // the printer must not decline most of them: random schemas use only common constructs
    expect(printed).toBeGreaterThan(140);
  }, 300_000);

  it("leaves the committed generated/types.ts as prettier formats it", async () => {
    const committed = readFileSync(join(ROOT, "generated/types.ts"), "utf8");
    expect(await formatSource("types.ts", committed)).toBe(committed);
  }, 60_000);

  it("marks types.ts as formatted, and the pipeline writes it as the printer printed it", async () => {
    const [small] = await emitTypes(structuredClone(SMALL_DOCUMENT));
    expect(small?.formatted).toBe(true);
    const [types] = await emitTypes((await loadSpec(join(ROOT, "spec/openapi.yaml"), ROOT)).document);
    expect(types?.formatted).toBe(true);
    const { files } = await render({ specPath: "spec/openapi.yaml", outDir: "generated", cwd: ROOT, cache: false });
    const written = files.find((file) => file.path === "types.ts");
    expect(written?.content.endsWith(types!.content)).toBe(true);
    expect(written?.content).toBe(readFileSync(join(ROOT, "generated/types.ts"), "utf8"));
  }, 120_000);

  it("declines (returns undefined) for a construct it does not know, so prettier formats the file", () => {
    const enumDeclaration = ts.factory.createEnumDeclaration(undefined, "Color", [ts.factory.createEnumMember("Red")]);
    expect(printTypesPrettier([enumDeclaration])).toBeUndefined();
    const functionType = ts.factory.createFunctionTypeNode(undefined, [], ts.factory.createKeywordTypeNode(ts.SyntaxKind.VoidKeyword));
    const alias = ts.factory.createTypeAliasDeclaration(undefined, "Callback", undefined, functionType);
    expect(printTypesPrettier([alias])).toBeUndefined();
    const object = () => ts.factory.createTypeLiteralNode([ts.factory.createPropertySignature(undefined, "a", undefined, ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword))]);
    expect(printTypesPrettier([inInterface(object())])).toBe("interface X {\n  p: {\n    a: string;\n  };\n}\n");
    // an object type TypeScript prints on one line: prettier keeps it flat where it fits
    expect(printTypesPrettier([inInterface(ts.setEmitFlags(object(), ts.EmitFlags.SingleLine))])).toBe("interface X {\n  p: { a: string };\n}\n");
    // a comment on a type (only members and statements carry comments the printer places)
    const commented = ts.addSyntheticLeadingComment(ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword), ts.SyntaxKind.MultiLineCommentTrivia, " inline ", false);
    expect(printTypesPrettier([inInterface(commented)])).toBeUndefined();
    // a type alias of a string: on one line when it fits (TypeScript escapes the emoji; prettier's layout of a longer one is not printed)
    const emoji = ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral("🐶", false));
    expect(printTypesPrettier([ts.factory.createTypeAliasDeclaration(undefined, "Emoji", undefined, emoji)])).toBe('type Emoji = "\\uD83D\\uDC36";\n');
    const long = ts.factory.createLiteralTypeNode(ts.factory.createStringLiteral("x".repeat(90), false));
    expect(printTypesPrettier([ts.factory.createTypeAliasDeclaration(undefined, "Long", undefined, long)])).toBeUndefined();
    // the same string in an interface: TypeScript escapes the emoji, a string of ASCII escapes is printed
    expect(printTypesPrettier([inInterface(emoji)])).toBe('interface X {\n  p: "\\uD83D\\uDC36";\n}\n');
    // an enum value written as JSON text keeps the emoji, whose width is not measured here
    expect(printTypesPrettier([inInterface(ts.factory.createIdentifier(JSON.stringify("🐶")) as unknown as ts.TypeNode)])).toBeUndefined();
  });
});

/** `interface X { p: type; }` */
function inInterface(type: ts.TypeNode): ts.InterfaceDeclaration {
  return ts.factory.createInterfaceDeclaration(undefined, "X", undefined, undefined, [ts.factory.createPropertySignature(undefined, "p", undefined, type)]);
}

/** A small bundled spec. */
const SMALL_DOCUMENT: Record<string, unknown> = {
  openapi: "3.0.3",
  info: { title: "t", version: "1" },
  paths: {},
  components: { schemas: { Status: { type: "string", enum: ["available", "pending", "sold"], description: "The pet's status." } } },
};

const word = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,30}$/);
/** Texts with quotes, escapes, spaces, non-ASCII letters and wide characters. */
const text = fc.oneof(
  word,
  fc.constantFrom("it's", 'say "hi"', `both ' and "`, "back\\slash", "café", "日本語のテキスト", "tab\tand\nnewline", "a-b.c/d", "1st", "$ref", ""),
  fc.string({ maxLength: 60 }),
);
const description = fc.oneof(
  fc.constant(undefined),
  text,
  fc.array(fc.oneof(text, fc.constant("  trailing spaces  ")), { minLength: 2, maxLength: 4 }).map((lines) => lines.join("\n")),
);

type Schema = Record<string, unknown>;
/** JSDoc-making keywords, some with JSON values (printed as several comment lines). */
const annotations = fc.record(
  {
    description,
    title: text,
    format: fc.constantFrom("date-time", "int64", "uuid"),
    deprecated: fc.boolean(),
    default: fc.jsonValue({ maxDepth: 2 }),
    example: fc.jsonValue({ maxDepth: 2 }),
    readOnly: fc.boolean(),
  },
  { requiredKeys: [] },
);
const { schema: schemaArbitrary } = fc.letrec<{ schema: Schema; leaf: Schema; plain: Schema }>((tie) => ({
  leaf: fc.oneof(
    fc.constantFrom<Schema>({ type: "string" }, { type: "integer" }, { type: "boolean" }, { type: "number", nullable: true }, { $ref: "#/components/schemas/S0" }, { type: "string", format: "binary" }),
    fc.constantFrom<Schema>({ type: ["string", "null"] }, { const: "fixed" }, { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }] }),
    fc.array(fc.oneof(text, fc.constant(null)), { minLength: 1, maxLength: 12 }).map((values) => ({ type: "string", enum: values, nullable: values.includes(null) })),
    fc.array(fc.oneof(fc.integer({ min: -5, max: 1_000_000 }), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean()), { minLength: 1, maxLength: 8 }).map((values) => ({ enum: values })),
  ),
  plain: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    tie("leaf"),
    fc.record({ type: fc.constant("array"), items: tie("schema"), nullable: fc.boolean() }),
    fc.record({ oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 5 }) }),
    fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 4 }), nullable: fc.boolean() }),
    fc.record({ allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }), required: fc.array(word, { maxLength: 3 }) }),
    fc.record({
      type: fc.constant("object"),
      // (openapi-typescript decodes `%` escapes in the JSON pointers it makes of property names)
      properties: fc.dictionary(fc.oneof(word, text).filter((key) => !key.includes("%")), tie("schema"), { maxKeys: 6 }),
      additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
      required: fc.array(word, { maxLength: 3 }),
    }),
  ),
  schema: fc.tuple(tie("plain"), annotations).map(([schema, extra]) => ({ ...schema, ...extra })),
}));

const schemaDocument = fc
  .record({
    version: fc.constantFrom("3.0.3", "3.1.0"),
    schemas: fc.dictionary(word, schemaArbitrary, { minKeys: 1, maxKeys: 4 }),
    path: fc.oneof(word, text).map((name) => `/${name.replace(/[{}%~]/g, "")}`),
    body: schemaArbitrary,
  })
  .map(({ version, schemas, path, body }) => ({
    openapi: version,
    info: { title: "random", version: "1" },
    paths: {
      [path]: {
        post: {
          operationId: "op",
          parameters: [{ name: "q", in: "query", schema: { type: "string" }, description: "a parameter" }],
          requestBody: { content: { "application/json": { schema: body } } },
          responses: { "200": { description: "ok", content: { "application/json": { schema: body } } }, default: { description: "error" } },
        },
      },
    },
    components: { schemas: { S0: { type: "string" }, ...schemas } },
  }));

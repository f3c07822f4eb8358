/**
 * generator/internal/ is the one folder that reaches private parts of ts-morph, code-block-writer,
 * Ajv and openapi-typescript. These tests fail loudly when a dependency update moves one of them
 * (each is used for real here, not only looked up), and when code outside the folder reaches one.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { makeDocumentFromString } from "@redocly/openapi-core";
import { Ajv } from "ajv";
import { IndentationText, Project, StructureKind, VariableDeclarationKind } from "ts-morph";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  AJV_HELPERS,
  hookScopeNaming,
  resolvedRef,
  ValueScopeName,
} from "../../generator/internal/ajv.js";
import {
  astToString,
  openapiTypescriptInternals,
} from "../../generator/internal/openapi-typescript.js";
import {
  MissingInternal,
  printSourceStructure,
  structureWriter,
} from "../../generator/internal/ts-morph.js";
import { redoclyParseYaml } from "../../generator/internal/redocly-yaml.js";
import { ROOT } from "./cli-helper.js";

const GENERATOR = join(ROOT, "generator");
/**
 * What only generator/internal/ may write. Public entries under dist/ are allowed: ajv-formats'
 * `dist/formats` and Ajv's `dist/2020` (its documented entry for draft 2020-12).
 */
const PRIVATE = [
  /from "(ajv|ajv-formats|openapi-typescript|ts-morph|typescript|@ts-morph\/common)\/(dist|lib)\/(?!formats|2020\.js")/,
  /import\("(ajv|openapi-typescript|ts-morph|typescript)\/(dist|lib)\//,
  /\._context\b/,
  /_updateInternalState/,
  /\.hangingIndent\w* =/,
  /\bscope\.(name|value) =/,
];

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        entry.isFile() &&
        /\.(ts|mjs)$/.test(entry.name) &&
        !relative(dir, entry.parentPath).startsWith("."),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("the internal fence", () => {
  it("no generator source outside generator/internal/ reaches a private part of a dependency", () => {
    const outside = sources(GENERATOR).filter(
      (file) => !relative(GENERATOR, file).startsWith("internal"),
    );
    expect(outside.length).toBeGreaterThan(50);
    const found = outside.flatMap((file) => {
      const text = readFileSync(file, "utf8");
      return PRIVATE.filter((pattern) => pattern.test(text)).map(
        (pattern) => `${relative(ROOT, file)}: ${pattern}`,
      );
    });
    expect(found).toEqual([]);
  });
});

describe("ts-morph and code-block-writer", () => {
  const project = () =>
    new Project({
      useInMemoryFileSystem: true,
      skipLoadingLibFiles: true,
      manipulationSettings: { indentationText: IndentationText.TwoSpaces },
    });

  it("prints structures through the structure printer, without hanging indentation", () => {
    const text = printSourceStructure(
      project(),
      {
        statements: [
          {
            kind: StructureKind.VariableStatement,
            declarationKind: VariableDeclarationKind.Const,
            declarations: [{ name: "x", initializer: "{\n  a: 1,\n}" }],
          },
        ],
      },
      false,
    );
    expect(text).toBe("const x = {\n  a: 1,\n};\n");
    expect(project().getSourceFiles()).toEqual([]);
  });

  it("keeps indenting after a string that ends in an escaped backslash", () => {
    const writer = structureWriter(project());
    writer
      .write('const a = "C:\\\\";')
      .newLine()
      .write("const b = `x`;")
      .newLine()
      .write("function f() {")
      .indent(() => writer.write("return 1;"))
      .write("}");
    expect(writer.toString()).toContain("function f() {\n  return 1;\n}");
  });

  it("fails loudly, naming generator/internal/, when the printer is gone", () => {
    const without = project();
    Object.defineProperty(without, "_context", { value: {} });
    expect(() => printSourceStructure(without, { statements: [] }, false)).toThrow(MissingInternal);
    expect(() => printSourceStructure(without, { statements: [] }, false)).toThrow(
      /generator\/internal\/ needs updating/,
    );
  });
});

describe("openapi-typescript", () => {
  it("has the transform, the discriminator scan, the $ref resolver and astToString", async () => {
    const { transformSchema, scanDiscriminators, resolveRef } = await openapiTypescriptInternals();
    for (const fn of [transformSchema, scanDiscriminators, resolveRef])
      expect(typeof fn).toBe("function");
    const document = {
      openapi: "3.0.3",
      info: { title: "t", version: "1" },
      paths: {},
      components: { schemas: { A: { type: "string" } } },
    };
    expect(resolveRef(document, "#/components/schemas/A", { silent: true })).toEqual({
      type: "string",
    });
    const print = await astToString();
    expect(
      print(
        ts.factory.createTypeAliasDeclaration(
          undefined,
          "A",
          undefined,
          ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword),
        ),
      ),
    ).toBe("type A = string;\n");
  });
});

describe("Redocly's YAML parser", () => {
  it("is the parser makeDocumentFromString reads a spec with", async () => {
    const parseYaml = await redoclyParseYaml();
    const text = "openapi: 3.1.0\nx: &a { k: [1, 2.5, .inf, ~] }\ny: *a\nwhen: 2024-01-01\n";
    expect(parseYaml(text)).toStrictEqual(makeDocumentFromString(text, "/spec.yaml").parsed);
    expect(() => parseYaml("a: [1\n")).toThrow();
  });
});

describe("Ajv", () => {
  it("maps its runtime helpers to our ES-module ones", () => {
    expect([...AJV_HELPERS.values()].sort()).toEqual(["codePointLength", "jsonEqual"]);
    for (const helper of AJV_HELPERS.keys()) expect(typeof helper).toBe("function");
  });

  it("lets the emitter name the scope's functions and values", () => {
    const ajv = new Ajv({ code: { source: true }, strict: false, validateSchema: false });
    const named: string[] = [];
    let functions = 0;
    hookScopeNaming(
      ajv,
      (prefix) => new ValueScopeName(prefix, `${prefix}$mine${++functions}`),
      (prefix, value, scope) => {
        const known = scope.known(prefix, value.key ?? value.ref);
        if (known !== undefined) return known;
        named.push(prefix);
        return scope.register(new ValueScopeName(prefix, `${prefix}$${named.length}`), value);
      },
    );
    const validate = ajv.compile({ type: "string", minLength: 2 });
    expect(validate("ab")).toBe(true);
    expect(validate("a")).toBe(false);
    expect(String(validate.source?.validateName)).toBe("validate$mine1");
    expect(named).toContain("func"); // ucs2length, a helper the validators import
  });

  it("keys a $ref target compiled by getSchema where a referrer's $ref finds it", () => {
    const ajv = new Ajv({
      code: { source: true },
      strict: false,
      validateSchema: false,
      inlineRefs: false,
    });
    const api = { $id: "api", components: { schemas: { "A b": { type: "string" } } } };
    ajv.addSchema(api);
    const ref = "api#/components/schemas/A%20b";
    const target = ajv.getSchema(resolvedRef(ajv, "api", ref));
    expect(target?.("x")).toBe(true);
    // a referrer compiled after calls that very function (no second copy of the target)
    const referrer = ajv.compile({ type: "object", properties: { a: { $ref: ref } } });
    expect(referrer.source?.validateCode).toContain(`${String(target?.source?.validateName)}(`);
    expect(referrer({ a: 1 })).toBe(false);
    expect(referrer({ a: "x" })).toBe(true);
  });
});

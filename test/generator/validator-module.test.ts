/**
 * Precompiled validators are ES modules that run without Node.js: no `require`, no `node:`
 * import, Ajv's CommonJS helpers replaced by the runtime's own (validator-functions.ts), which
 * agree with Ajv's on every input.
 */
import { mkdtemp, mkdir, rm, writeFile, copyFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { _ } from "ajv";
import fc from "fast-check";
import ucs2lengthModule from "ajv/dist/runtime/ucs2length.js";
import equalModule from "ajv/dist/runtime/equal.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compileValidatorModule,
  compileValidatorSlices,
  evaluateModule,
  evaluateSlices,
  FORMATS_MODULE,
  printSlices,
  VALIDATOR_FUNCTIONS_MODULE,
} from "../../generator/emit/validators/validator-module.js";
import { codePointLength, jsonEqual } from "../../templates/server/core/validator-functions.js";

const ROOT = join(import.meta.dirname, "../..");
const API = {
  $id: "api",
  components: {
    schemas: {
      Name: { type: "string", minLength: 2, maxLength: 3 },
      Shape: { enum: [{ kind: "circle" }, [1, 2]] },
    },
  },
};
const SCHEMAS = new Map<string, unknown>([
  ["name$body", { $ref: "api#/components/schemas/Name" }],
  ["shape$body", { $ref: "api#/components/schemas/Shape" }],
  ["set$body", { type: "array", uniqueItems: true, items: { type: "object" } }],
  [
    "when$body",
    {
      type: "object",
      properties: {
        at: { type: "string", format: "date-time" },
        n: { type: "integer", format: "int32" },
      },
    },
  ],
  ["same$body", { $ref: "api#/components/schemas/Name" }],
]);

type Validate = (data: unknown) => boolean;
let dir: string;
let validators: Record<string, Validate>;
let code: string;

beforeAll(async () => {
  code = compileValidatorModule(SCHEMAS, API, { draft2020: false, unknownFormats: [], ajv: {} });
  // The layout of the generated package: validators/ beside runtime/server/.
  dir = await mkdtemp(join(tmpdir(), "validator-module-"));
  await mkdir(join(dir, "validators"));
  await mkdir(join(dir, "runtime/server/core"), { recursive: true });
  await writeFile(join(dir, "validators/bodies.js"), code);
  await copyFile(
    join(ROOT, "templates/server/core/validator-functions.ts"),
    join(dir, "runtime/server/core/validator-functions.ts"),
  );
  // A bundle for a runtime without Node.js built-ins: it fails on any `node:` import.
  const result = await build({
    entryPoints: [join(dir, "validators/bodies.js")],
    bundle: true,
    platform: "neutral",
    format: "esm",
    mainFields: ["module", "main"],
    nodePaths: [join(ROOT, "node_modules")],
    write: false,
    logLevel: "silent",
  });
  const bundle = result.outputFiles[0]?.text ?? "";
  // esbuild keeps a `require` it could not bundle behind a `var __require` shim.
  expect(bundle).not.toMatch(/var __require\b|(?<![\w$])require\(/);
  await writeFile(join(dir, "bundle.mjs"), bundle);
  validators = (await import(pathToFileURL(join(dir, "bundle.mjs")).href)) as Record<
    string,
    Validate
  >;
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("validator modules", () => {
  it("import their helpers with plain import statements, never require or node:", () => {
    expect(code).not.toMatch(/\brequire\b|createRequire|node:/);
    const specifiers = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    expect([...new Set(specifiers)].sort()).toEqual(
      [FORMATS_MODULE, VALIDATOR_FUNCTIONS_MODULE].sort(),
    );
  });

  it("run bundled for a runtime without Node.js built-ins", () => {
    const name = validators["name$body"] as Validate;
    expect(name("ab")).toBe(true);
    expect(name("😀😀😀")).toBe(true); // three code points, six UTF-16 units
    expect(name("😀😀😀😀")).toBe(false);
    const shape = validators["shape$body"] as Validate;
    expect(shape({ kind: "circle" })).toBe(true);
    expect(shape([1, 2])).toBe(true);
    expect(shape({ kind: "square" })).toBe(false);
    const set = validators["set$body"] as Validate;
    expect(set([{ a: 1 }, { a: 2 }])).toBe(true);
    expect(
      set([
        { a: 1, b: [1] },
        { b: [1], a: 1 },
      ]),
    ).toBe(false);
    const when = validators["when$body"] as Validate;
    expect(when({ at: "2026-01-02T03:04:05Z", n: 5 })).toBe(true);
    expect(when({ at: "yesterday" })).toBe(false);
    expect(when({ n: 2 ** 31 })).toBe(false);
    expect(validators["same$body"]).toBe(validators["name$body"]);
  });

  it("evaluated with a call trace, record each function that ran and still check alike", () => {
    const options = { draft2020: false, unknownFormats: [], ajv: {} };
    const compiled = compileValidatorSlices(SCHEMAS, API, options, [[...SCHEMAS.keys()]]);
    const calls = new Set<string>();
    const traced = evaluateSlices(compiled.slices, calls);
    const heads = new Set(
      [...printSlices(compiled.slices).matchAll(/^function (validate\$[\w$]+)\(/gmu)].map(
        ([, name]) => name,
      ),
    );
    expect(heads.size).toBeGreaterThan(1);
    expect(traced.get("when$body")?.({ at: "not a date" })).toBe(false);
    const first = [...calls];
    expect(first.length).toBeGreaterThan(0);
    for (const name of first) expect(heads.has(name), name).toBe(true);
    expect(traced.get("shape$body")?.({ kind: "circle" })).toBe(true);
    expect(calls.size).toBeGreaterThan(first.length);
    // every function traced: together the validators record every head
    for (const [name, check] of traced) check(name === "set$body" ? [] : "ab");
    expect(calls).toEqual(heads);
  });

  it("evaluated from their slices' code, check as the functions Ajv compiled (what the mocks check with)", () => {
    const options = { draft2020: false, unknownFormats: [], ajv: {}, evaluate: true };
    const compiled = compileValidatorSlices(SCHEMAS, API, options, [[...SCHEMAS.keys()]]);
    const evaluated = evaluateSlices(compiled.slices);
    expect([...evaluated.keys()]).toEqual([...SCHEMAS.keys()]);
    expect([...compiled.functions.keys()]).toEqual([...SCHEMAS.keys()]);
    const samples = [
      "ab",
      "a",
      "abcd",
      { kind: "circle" },
      [1, 2],
      [{}, {}],
      [{ a: 1 }, { a: 2 }],
      { at: "2020-01-01T00:00:00Z", n: 1 },
      { at: "not a date" },
      { n: 2 ** 40 },
    ];
    // the whole module from its printed code: the same functions
    const fromModule = evaluateModule(printSlices(compiled.slices));
    expect([...fromModule.keys()]).toEqual([...SCHEMAS.keys()]);
    for (const [name, check] of compiled.functions)
      for (const sample of samples) {
        expect([name, evaluated.get(name)?.(sample)]).toEqual([name, check(sample)]);
        expect([name, fromModule.get(name)?.(sample)]).toEqual([name, check(sample)]);
      }
    expect(evaluateModule(printSlices([])).size).toBe(0);
    // the module's code itself: its formats and helpers are in use
    expect(evaluated.get("when$body")?.({ at: "not a date" })).toBe(false);
    expect(evaluated.get("set$body")?.([{}, {}])).toBe(false);
  });

  it("compiled as text only, are not evaluated and print the same code", () => {
    const options = { draft2020: false, unknownFormats: [], ajv: {} };
    const asText = compileValidatorSlices(SCHEMAS, API, options, [[...SCHEMAS.keys()]]);
    const evaluated = compileValidatorSlices(SCHEMAS, API, { ...options, evaluate: true }, [
      [...SCHEMAS.keys()],
    ]);
    expect(asText.functions.size).toBe(0);
    expect(printSlices(asText.slices)).toBe(printSlices(evaluated.slices));
  });

  it("give each copy of a component one validator calls a name of its own, evaluated or not", () => {
    // `b`'s pointer leads to `Offset` through `Page`: Ajv compiles `Offset` once for each `$ref`,
    // and both copies are called from `x$body`'s function (one name declared twice, unless renamed)
    const api = {
      $id: "api",
      components: {
        schemas: {
          Offset: { type: "integer", minimum: 0 },
          Page: {
            type: "object",
            properties: { offset: { $ref: "api#/components/schemas/Offset" } },
          },
        },
      },
    };
    const schemas = new Map<string, unknown>([
      [
        "x$body",
        {
          type: "object",
          properties: {
            a: { $ref: "api#/components/schemas/Offset" },
            b: { $ref: "api#/components/schemas/Page/properties/offset" },
          },
        },
      ],
    ]);
    const options = { draft2020: false, unknownFormats: [], ajv: {} };
    const codes = [false, true].map((evaluate) => {
      const compiled = compileValidatorSlices(schemas, api, { ...options, evaluate }, [["x$body"]]);
      const check = evaluateSlices(compiled.slices).get("x$body");
      expect([check?.({ a: 1, b: 2 }), check?.({ a: 1, b: -2 }), check?.({ a: -1 })]).toEqual([
        true,
        false,
        false,
      ]);
      return printSlices(compiled.slices);
    });
    expect(codes[0]).toContain("validate$Offset$copy2");
    expect(codes[0]).toBe(codes[1]);
  });

  it("stop generation on an Ajv helper that has no ES-module counterpart", () => {
    // A custom regular-expression engine is a helper the runtime has no counterpart for.
    const regExp = Object.assign((pattern: string, flags: string) => new RegExp(pattern, flags), {
      code: 'require("some-regexp-engine").default',
    });
    const code = {
      source: true,
      esm: true,
      lines: true,
      optimize: false,
      formats: _`fullFormats`,
      regExp,
    };
    const patterned = new Map([["p$body", { type: "string", pattern: "^a+$" }]]);
    expect(() =>
      compileValidatorModule(patterned, API, {
        draft2020: false,
        unknownFormats: [],
        ajv: { code },
      }),
    ).toThrow(
      expect.objectContaining({
        kind: "unsupportedSpec",
        message: expect.stringContaining('require("some-regexp-engine")'),
      }),
    );
  });
});

describe("validator-functions agree with Ajv's helpers", () => {
  // vitest gives `exports.default` as the default import of these CommonJS modules, Node.js `module.exports`.
  const pick = (module: unknown): unknown =>
    typeof module === "function" ? module : (module as { default: unknown }).default;
  const ajvLength = pick(ucs2lengthModule) as (text: string) => number;
  const ajvEqual = pick(equalModule) as (a: unknown, b: unknown) => boolean;

  it("codePointLength = ucs2length, lone surrogates included", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary" }),
        (text) => codePointLength(text) === ajvLength(text),
      ),
      { numRuns: 300 },
    );
    for (const text of [
      "",
      "a",
      "\ud83d",
      "\ude00",
      "\ud83d\ude00",
      "\ude00\ud83d",
      "x\ud83d",
      "😀a😀",
    ]) {
      expect(codePointLength(text), JSON.stringify(text)).toBe(ajvLength(text));
    }
  });

  /** Ajv's `equal` (fast-deep-equal) calls an own `toString` or `valueOf` key as a method, and throws. */
  const ajvAnswer = (a: unknown, b: unknown): boolean | "throws" => {
    try {
      return ajvEqual(a, b);
    } catch {
      return "throws";
    }
  };

  it("jsonEqual = Ajv's equal on JSON values (where Ajv's does not throw)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        const expected = ajvAnswer(a, b);
        return expected === "throws" || jsonEqual(a, b) === expected;
      }),
      { numRuns: 2000 },
    );
    expect(ajvAnswer({ toString: [] }, {})).toBe("throws");
    expect(jsonEqual({ toString: [] }, {})).toBe(false);
    expect(jsonEqual({ toString: [] }, { toString: [] })).toBe(true);
    fc.assert(
      fc.property(fc.jsonValue(), (a) => jsonEqual(a, structuredClone(a))),
      { numRuns: 500 },
    );
    expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(jsonEqual(Number.NaN, Number.NaN)).toBe(ajvEqual(Number.NaN, Number.NaN));
  });
});

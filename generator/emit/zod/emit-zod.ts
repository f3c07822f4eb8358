/**
 * zod.ts (the package's `./zod` entry): Zod 4 schemas generated from the schema model, one per
 * component schema (`PetSchema`) and, in `OPERATION_SCHEMAS`, each operation's JSON request body
 * and parameters (typed values, by location). They accept what the precompiled validators accept
 * (generator/schema/to-zod.ts; test/generator/zod-agreement.test.ts checks it value by value).
 * Zod is an optional peer dependency: only this entry imports it.
 */
import { createHash } from "node:crypto";
import type { StatementStructures } from "ts-morph";
import { StructureKind, VariableDeclarationKind } from "../ts/ts-morph-values.js";
import type { ApiModel, OperationModel, ParameterLocation } from "../../model/types.js";
import { API_SCHEMA_ID, toJsonSchema, type ConvertOptions } from "../../schema/to-json-schema.js";
import { zodCode, type ZodCodeOptions } from "../../schema/to-zod.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { objectCode } from "../ts/literal.js";
import { fillPartSlots, partSlot } from "../ts/part-slots.js";
import { UNCACHED_PARTS, type PartStore } from "../part-store.js";
import { printStatements } from "../ts/source-file.js";
import { validatedBodyMedia } from "../validators/validator-names.js";
import { zodTransformsFile } from "./zod-transforms.js";

const LOCATIONS: readonly ParameterLocation[] = ["path", "query", "header", "cookie"];
const HELPERS = [
  "codePointLength",
  "conditional",
  "exactlyOne",
  "ifType",
  "jsonValues",
  "not",
  "requiredKeys",
  "uniqueItems",
  "withFormat",
];

export function emitZod(
  model: ApiModel,
  _context: EmitContext,
  warnings: string[] = [],
  parts: PartStore = UNCACHED_PARTS,
): GeneratedFile[] {
  const { code, constants } = zodModule(model, warnings, parts);
  return [{ path: "zod.ts", content: code }, zodTransformsFile(model, constants)];
}

/**
 * The module's text, and the constant of each component (by name). Each component's schema and
 * each operation's entry is a part of `parts` (cache/cached-parts.ts) that reads exactly its
 * converted JSON Schema (the conversion, which resolves `$ref`s into other components, is done
 * for all of them first, and is cheap) and the names and reference cycles of the components
 * (`names`: constants and lazy references), so a schema edit makes only the parts whose
 * converted schemas it changed. Parts are printed apart and put in the file's slots (part-slots.ts).
 */
export function zodModule(
  model: ApiModel,
  warnings: string[],
  parts: PartStore = UNCACHED_PARTS,
): { readonly code: string; readonly constants: ReadonlyMap<string, string> } {
  const convert: ConvertOptions = {
    refs: model,
    openapi31: model.openapiVersion.startsWith("3.1"),
    formats: new Set(),
    warnings: [],
  };
  const components = new Map(
    Object.entries(model.schemas).map(([name, schema]) => [name, toJsonSchema(schema, convert)]),
  );
  const constants = constantNames([...components.keys()]);
  const { order, cyclic } = componentOrder(components);
  const unsupported = new Set<string>();
  const options: ZodCodeOptions = {
    constOf: (name) => constants.get(name) ?? "z.unknown()",
    lazy: (name) => cyclic.has(name),
    unsupported,
  };
  const namesText = JSON.stringify([[...constants], [...cyclic].sort()]);
  // every part reads them: hashed once (on Stripe 40 kB, which each part's key would hash again)
  const names = createHash("sha256").update(namesText).digest("hex");
  // a part: the keywords it leaves unenforced as a JSON array on the first line, then its code
  const part = (kind: string, input: unknown, code: (own: ZodCodeOptions) => string): string => {
    const make = () => {
      const own: ZodCodeOptions = { ...options, unsupported: new Set() };
      const made = code(own);
      return `${JSON.stringify([...own.unsupported].sort())}\n${made}`;
    };
    const reads = `${names}\n${JSON.stringify(input) ?? ""}`;
    const text = parts.part(kind, reads, make, (cached) => readPart(cached) !== undefined);
    const read = readPart(text);
    if (read === undefined) throw new Error(`zod: the ${kind} part made does not read back`);
    for (const keyword of read.unsupported) unsupported.add(keyword);
    return read.code;
  };
  const texts = order.map((name) =>
    part("component", components.get(name), (own) => zodCode(components.get(name), own)),
  );
  const seen = new Set<string>();
  const entries = model.operations
    .filter((operation) => !seen.has(operation.operationId) && seen.add(operation.operationId))
    .map((operation): [string, string] => {
      const input = operationInput(operation, convert);
      return [operation.operationId, part("operation", input, (own) => operationCode(input, own))];
    });
  const table = objectCode(entries);
  const statements = (code: (index: number) => string, operations: string) =>
    zodStatements(order, constants, cyclic, code, operations);
  // the file with its slots reads the components' order, constants and cycles: a part of its own
  const slotted = parts.part("file", `${namesText}\n${JSON.stringify(order)}`, () =>
    printStatements("zod.ts", statements(partSlot, partSlot(texts.length))),
  );
  const code =
    fillPartSlots(slotted, [...texts, table]) ??
    printStatements(
      "zod.ts",
      statements((index) => texts[index] ?? "", table),
    );
  for (const keyword of [...unsupported].sort())
    warnings.push(
      `zod: the keyword ${keyword} is not enforced by the Zod schemas (docs/validators.md)`,
    );
  return { code, constants };
}

/** A part's text read back; undefined when it is not one (a cache entry forged to pass its check). */
function readPart(
  text: string,
): { readonly unsupported: readonly string[]; readonly code: string } | undefined {
  const end = text.indexOf("\n");
  if (end < 0) return undefined;
  try {
    const unsupported = JSON.parse(text.slice(0, end)) as unknown;
    if (!Array.isArray(unsupported) || !unsupported.every((k) => typeof k === "string"))
      return undefined;
    return { unsupported: unsupported as string[], code: text.slice(end + 1) };
  } catch {
    return undefined;
  }
}

/** zod.ts's statements, the component `order[i]`'s code `code(i)` and the operations' table `operations`. */
function zodStatements(
  order: readonly string[],
  constants: ReadonlyMap<string, string>,
  cyclic: ReadonlySet<string>,
  code: (index: number) => string,
  operations: string,
): StatementStructures[] {
  return [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "zod",
      namedImports: [{ name: "z" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/zod/zod-helpers.js",
      namedImports: HELPERS.map((name) => ({ name })),
    },
    ...order.map((name, index): StatementStructures => ({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [{ description: `The schema \`${name}\`.`.replace(/\*\//g, "*\\/") }],
      declarations: [
        {
          name: constants.get(name) as string,
          // a schema in a reference cycle cannot infer its own type
          ...(cyclic.has(name) ? { type: "z.ZodType" } : {}),
          initializer: code(index),
        },
      ],
    })),
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        {
          description:
            "Each operation's JSON request body and parameters (typed values by location; header names in lower case), by operationId.",
        },
      ],
      declarations: [{ name: "OPERATION_SCHEMAS", initializer: operations }],
    },
  ];
}

/** What an operation's entry is made from: its JSON body's and its parameters' converted schemas. */
interface OperationInput {
  /** Absent when it has no JSON body with a schema. */
  readonly body?: { readonly schema: unknown };
  readonly locations: readonly (readonly [string, unknown])[];
}

function operationInput(operation: OperationModel, convert: ConvertOptions): OperationInput {
  const body = operation.requestBody && validatedBodyMedia(operation.requestBody.contents);
  const locations: [string, unknown][] = [];
  for (const location of LOCATIONS) {
    const list = operation.parameters[location];
    if (list.length === 0) continue;
    const properties: Record<string, unknown> = {};
    const required: string[] = [];
    for (const parameter of list) {
      const name = location === "header" ? parameter.name.toLowerCase() : parameter.name;
      properties[name] = toJsonSchema(parameter.schema, convert);
      if (parameter.required) required.push(name);
    }
    locations.push([location, { type: "object", properties, required }]);
  }
  return body?.schema === undefined
    ? { locations }
    : { body: { schema: toJsonSchema(body.schema, convert) }, locations };
}

function operationCode(input: OperationInput, options: ZodCodeOptions): string {
  const parts: [string, string][] = [];
  if (input.body !== undefined) parts.push(["body", zodCode(input.body.schema, options)]);
  const locations = input.locations.map(([location, schema]): [string, string] => [
    location,
    zodCode(schema, options),
  ]);
  parts.push(["params", `z.object(${objectCode(locations)})`]);
  return objectCode(parts);
}

/** `PetSchema` for `Pet`: identifier-safe, unique. */
function constantNames(names: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const taken = new Set<string>();
  for (const name of names) {
    const base = `${name.replace(/[^A-Za-z0-9_$]/g, "_").replace(/^(?=[0-9])/, "_")}Schema`;
    let unique = base;
    for (let n = 2; taken.has(unique); n++) unique = `${base}${n}`;
    taken.add(unique);
    out.set(name, unique);
  }
  return out;
}

/** Components after those they refer to; those in a reference cycle are referred to lazily. */
function componentOrder(components: ReadonlyMap<string, unknown>): {
  readonly order: string[];
  readonly cyclic: Set<string>;
} {
  const prefix = `${API_SCHEMA_ID}#/components/schemas/`;
  const refsOf = (name: string): string[] => {
    const refs = new Set<string>();
    JSON.stringify(components.get(name), (key, value: unknown) => {
      if (key === "$ref" && typeof value === "string" && value.startsWith(prefix)) {
        const target = value.slice(prefix.length);
        if (components.has(target)) refs.add(target);
      }
      return value;
    });
    return [...refs].sort();
  };
  const order: string[] = [];
  const cyclic = new Set<string>();
  const state = new Map<string, "visiting" | "done">();
  const stack: string[] = [];
  const visit = (name: string): void => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") {
      for (const member of stack.slice(stack.indexOf(name))) cyclic.add(member);
      return;
    }
    state.set(name, "visiting");
    stack.push(name);
    for (const ref of refsOf(name)) visit(ref);
    stack.pop();
    state.set(name, "done");
    order.push(name);
  };
  for (const name of components.keys()) visit(name);
  return { order, cyclic };
}

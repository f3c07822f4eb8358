/**
 * zod.ts (the package's `./zod` entry): Zod 4 schemas generated from the schema model, one per
 * component schema (`PetSchema`) and, in `OPERATION_SCHEMAS`, each operation's JSON request body
 * and parameters (typed values, by location). They accept what the precompiled validators accept
 * (generator/schema/to-zod.ts; test/generator/zod-agreement.test.ts checks it value by value).
 * Zod is an optional peer dependency: only this entry imports it.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import type { ApiModel, OperationModel, ParameterLocation } from "../../model/types.js";
import { API_SCHEMA_ID, toJsonSchema, type ConvertOptions } from "../../schema/to-json-schema.js";
import { zodCode, type ZodCodeOptions } from "../../schema/to-zod.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { objectCode, objectWriter } from "../ts/literal.js";
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
): GeneratedFile[] {
  const { code, constants } = zodModule(model, warnings);
  return [{ path: "zod.ts", content: code }, zodTransformsFile(model, constants)];
}

/** The module's text, and the constant of each component (by name). */
export function zodModule(
  model: ApiModel,
  warnings: string[],
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
  const statements: StatementStructures[] = [
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
  ];
  for (const name of order) {
    statements.push({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [{ description: `The schema \`${name}\`.`.replace(/\*\//g, "*\\/") }],
      declarations: [
        {
          name: constants.get(name) as string,
          // a schema in a reference cycle cannot infer its own type
          ...(cyclic.has(name) ? { type: "z.ZodType" } : {}),
          initializer: zodCode(components.get(name), options),
        },
      ],
    });
  }
  statements.push({
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [
      {
        description:
          "Each operation's JSON request body and parameters (typed values by location; header names in lower case), by operationId.",
      },
    ],
    declarations: [
      {
        name: "OPERATION_SCHEMAS",
        initializer: (writer) => {
          const seen = new Set<string>();
          objectWriter(
            model.operations
              .filter(
                (operation) => !seen.has(operation.operationId) && seen.add(operation.operationId),
              )
              .map((operation) => [
                operation.operationId,
                operationCode(operation, convert, options),
              ]),
          )(writer);
        },
      },
    ],
  });
  for (const keyword of [...unsupported].sort())
    warnings.push(
      `zod: the keyword ${keyword} is not enforced by the Zod schemas (docs/validators.md)`,
    );
  return { code: printStatements("zod.ts", statements), constants };
}

function operationCode(
  operation: OperationModel,
  convert: ConvertOptions,
  options: ZodCodeOptions,
): string {
  const parts: [string, string][] = [];
  const body = operation.requestBody && validatedBodyMedia(operation.requestBody.contents);
  if (body?.schema !== undefined)
    parts.push(["body", zodCode(toJsonSchema(body.schema, convert), options)]);
  const locations: [string, string][] = [];
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
    locations.push([location, zodCode({ type: "object", properties, required }, options)]);
  }
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

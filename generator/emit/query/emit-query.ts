/**
 * query.ts: TanStack Query v5 options for every operation, on the typed client: `<op>Options`
 * for GET operations (query options), `<op>Mutation` for the others (mutation options), a key
 * helper per resource (`<resource>Keys`) and `INVALIDATES` (mutation → the query key prefixes it
 * invalidates, from the spec's paths: see resources.ts). The behaviour is the runtime's
 * (templates/query); only the names, keys and the mapping are generated.
 */
import type { StatementStructures } from "ts-morph";
import { StructureKind, VariableDeclarationKind } from "../ts/ts-morph-values.js";
import type { ApiModel, OperationModel } from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { jsDoc } from "../ts/jsdoc.js";
import { docSlot } from "../ts/operation-doc-slots.js";
import { fillQueryDocs } from "./query-docs.js";
import { literal, objectCode, objectWriter } from "../ts/literal.js";
import { printStatements } from "../ts/source-file.js";
import { UNCACHED_PARTS, type PartStore } from "../part-store.js";
import { invalidationMap, isQuery, keyHelperNames, operationResources } from "./resources.js";
import { infiniteFactories, infiniteImports } from "../pagination/query-pagination.js";

/** The generated name of an operation's options factory. */
export function queryFactoryName(operation: OperationModel): string {
  return isQuery(operation) ? `${operation.name}Options` : `${operation.name}Mutation`;
}

export function emitQuery(model: ApiModel, context: EmitContext): GeneratedFile[] {
  return queryTemplates(model, context).map((file) => fillQueryDocs(file, model));
}

/** query.ts with each option factory's doc as a slot (query-docs.ts). */
/**
 * query.ts with each operation's doc as a slot. With `parts` (a cache), each operation's factory
 * is a part keyed by its structure's JSON (plain data: exactly what its text is printed from),
 * printed apart and put in the file in spec order (cache/cached-parts.ts); without, the file is
 * printed whole (test/generator/operation-parts.test.ts compares both ways).
 */
export function queryTemplates(
  model: ApiModel,
  context: EmitContext,
  parts: PartStore = UNCACHED_PARTS,
): GeneratedFile[] {
  const resources = operationResources(model.operations);
  const helpers = keyHelperNames(resources.values());
  const prefix = (operation: OperationModel): string =>
    literal([context.apiName, resources.get(operation.name) ?? "root", operation.name]);
  const invalidates = invalidationMap(model.operations);
  const statements: (string | StatementStructures)[] = [
    ...imports(model),
    ...infiniteImports(model),
    ...[...helpers].map(([resource, helper]) =>
      keyHelper(model, context, resource, helper, resources, prefix),
    ),
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: jsDoc({
        summary:
          "The query key prefixes each mutation invalidates after a success: the GET operations under its collection.",
        description:
          "Read from the spec's paths: a mutation's collection is its path without trailing path parameters " +
          "(`/pets` for `PUT /pets/{petId}`), and every GET operation whose path starts with it is invalidated.",
      }),
      declarations: [
        {
          name: "INVALIDATES",
          // as text: a long initializer is not passed through the printer's writer (source-file.ts)
          initializer: `${objectCode(
            [...invalidates].map(
              ([name, queries]) => [name, `[${queries.map(prefix).join(", ")}]`] as const,
            ),
          )} as const satisfies Readonly<Record<string, readonly OperationKeyPrefix[]>>`,
        },
      ],
    },
    ...factories(model, prefix, parts),
    ...infiniteFactories(model, prefix),
  ];
  return [{ path: "query.ts", content: printStatements("query.ts", statements) }];
}

/**
 * The operations' factories: their structures, or with parts one text of them all (each a part),
 * laid out as the printer lays out functions after a variable statement: a blank line before each.
 */
function factories(
  model: ApiModel,
  prefix: (operation: OperationModel) => string,
  parts: PartStore,
): (string | StatementStructures)[] {
  const structures = model.operations.map((operation) =>
    factory(operation, model, prefix(operation)),
  );
  if (parts === UNCACHED_PARTS || structures.length === 0) return structures;
  const texts = structures.map((structure) =>
    parts.part("factory", JSON.stringify(structure), () =>
      printStatements("query.ts", [structure]).replace(/\n$/, ""),
    ),
  );
  return [`\n${texts.join("\n\n")}`];
}

function imports(model: ApiModel): StatementStructures[] {
  const operationTypes = model.operations.map((operation) => ({
    name: `${operation.typeName}Operation`,
  }));
  const runtime = [
    "OperationKeyPrefix",
    "ClientWith",
    "MutationFactoryOptions",
    "OperationMutationOptions",
    "OperationQueryOptions",
    "QueryArgs",
    "QueryKeyParams",
  ];
  return [
    ...(operationTypes.length > 0
      ? [
          {
            kind: StructureKind.ImportDeclaration,
            isTypeOnly: true,
            moduleSpecifier: "./client.js",
            namedImports: operationTypes,
          } as const,
        ]
      : []),
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/query/query-options.js",
      namedImports: ["operationKey", "operationMutationOptions", "operationQueryOptions"].map(
        (name) => ({ name }),
      ),
    },
    {
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "./runtime/query/query-options.js",
      namedImports: runtime.map((name) => ({ name })),
    },
  ];
}

function keyHelper(
  model: ApiModel,
  context: EmitContext,
  resource: string,
  helper: string,
  resources: ReadonlyMap<string, string>,
  prefix: (operation: OperationModel) => string,
): StatementStructures {
  const queries = model.operations.filter(
    (operation) => isQuery(operation) && resources.get(operation.name) === resource,
  );
  const entries: [string, string][] = [["all", `${literal([context.apiName, resource])} as const`]];
  for (const operation of queries) {
    entries.push([
      operation.name,
      `(params?: QueryKeyParams<${operation.typeName}Operation>, client?: object) => operationKey(${prefix(operation)}, params, client)`,
    ]);
  }
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: jsDoc({
      summary: `Query keys of the \`${resource}\` resource: \`all\` matches each of its queries; \`<operation>()\` every query of one operation, \`<operation>(params, client)\` one client's query.`,
    }),
    declarations: [{ name: helper, initializer: objectWriter(entries) }],
  };
}

function factory(operation: OperationModel, model: ApiModel, prefix: string): StatementStructures {
  const op = `${operation.typeName}Operation`;
  const client = { name: "client", type: `ClientWith<${literal(operation.name)}, ${op}>` };
  if (isQuery(operation)) {
    return {
      kind: StructureKind.Function,
      isExported: true,
      name: queryFactoryName(operation),
      docs: docSlot("factory", operation),
      parameters: [client, { name: "...[params]", type: `QueryArgs<${op}>` }],
      returnType: `OperationQueryOptions<${op}>`,
      statements: [
        `return operationQueryOptions<${op}>(client, ${literal(operation.name)}, ${prefix}, params);`,
      ],
    };
  }
  return {
    kind: StructureKind.Function,
    isExported: true,
    name: queryFactoryName(operation),
    docs: docSlot("factory", operation),
    parameters: [
      client,
      { name: "options", type: "MutationFactoryOptions", hasQuestionToken: true },
    ],
    returnType: `OperationMutationOptions<${op}>`,
    statements: [
      `return operationMutationOptions<${op}>(client, ${literal(operation.name)}, ${prefix}, INVALIDATES[${literal(operation.name)}], options);`,
    ],
  };
}

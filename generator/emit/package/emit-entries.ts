/**
 * entry/*.ts: the package's public modules, built on what client.ts, server.ts and the runtimes
 * export. Each entry pulls in only its side, so a browser bundle of the client never reaches
 * server code:
 * - entry/client.ts (`.` and `./client`): `create<Name>Client` whose client type and object leave
 *   out the experimental operations, the stable and beta per-operation types, the client runtime;
 * - entry/experimental.ts (`./experimental`): the same plus `create<Name>ExperimentalClient` with
 *   every operation, and the experimental operations' types: depending on them is a visible choice;
 * - entry/raw.ts (`./raw`): `create<Name>RawClient`, the plain openapi-fetch client, apart so that
 *   the typed client's bundle carries no openapi-fetch;
 * - entry/server.ts (`./server`): server.ts and the web-standard server runtime (no Node.js
 *   built-in reaches it: it runs on Node.js, Deno, Bun and workers);
 * - entry/server-node.ts (`./server/node`): the Node.js adapter (`serveNode`, `toNodeListener`,
 *   `answerClientErrors`), apart because it loads `node:http`;
 * - entry/server-redis.ts (`./server/redis`): the Redis store (rate limits and idempotency records
 *   shared by every instance), apart so that servers without Redis never load a Redis client.
 * - entry/server-express.ts (`./server/express`), entry/server-fastify.ts (`./server/fastify`): the
 *   handler mounted in Express 5 and Fastify 5, apart so that the core never reaches them.
 * - entry/validate.ts (`./validate`): the client's opt-in response validation (validate.ts and the
 *   precompiled validators), apart so that a client that does not validate carries none of it.
 * - entry/query.ts (`./query`): TanStack Query options per operation (query.ts), and
 *   entry/mocks.ts (`./mocks`): MSW handlers (mocks.ts); each needs its optional peer dependency.
 */
import { emitBin } from "./emit-bin.js";
import type { StatementStructures } from "ts-morph";
import { StructureKind, VariableDeclarationKind } from "../ts/ts-morph-values.js";
import type { ApiModel, OperationModel } from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { jsDoc } from "../ts/jsdoc.js";
import { literal, propertyKey } from "../ts/literal.js";
import { printStatements } from "../ts/source-file.js";
import { ENTRY_DIR } from "./layout.js";

/** The names client.ts exports for one operation (see emit-client `operationTypes`). */
export function operationTypeNames(operation: OperationModel): string[] {
  const type = operation.typeName;
  return [
    `${type}Operation`,
    `${type}Params`,
    `${type}Response`,
    ...(operation.requestBody ? [`${type}Body`] : []),
    ...(operation.pagination ? [`${type}Item`] : []),
  ];
}

/**
 * Spec text for these JSDoc blocks: `jsDoc` escapes `*\/`; an opening `/*` is escaped too, since
 * ts-morph closes the comment early when one precedes a tag.
 */
function specText(value: string): string {
  return value.replace(/\/\*/g, "/\\*");
}

export function isExperimental(operation: OperationModel): boolean {
  return operation.stability === "experimental";
}

export function emitPackageEntries(
  model: ApiModel,
  context: EmitContext,
  packageName: string,
): GeneratedFile[] {
  return [
    {
      path: `${ENTRY_DIR}/client.ts`,
      content: printStatements("client.ts", clientEntry(model, context, packageName)),
    },
    {
      path: `${ENTRY_DIR}/experimental.ts`,
      content: printStatements("experimental.ts", experimentalEntry(model, context)),
    },
    { path: `${ENTRY_DIR}/raw.ts`, content: printStatements("raw.ts", rawEntry(context)) },
    { path: `${ENTRY_DIR}/server.ts`, content: printStatements("server.ts", serverEntry()) },
    {
      path: `${ENTRY_DIR}/server-node.ts`,
      content: printStatements("server-node.ts", serverNodeEntry()),
    },
    {
      path: `${ENTRY_DIR}/server-redis.ts`,
      content: printStatements("server-redis.ts", serverRedisEntry()),
    },
    {
      path: `${ENTRY_DIR}/server-express.ts`,
      content: printStatements(
        "server-express.ts",
        frameworkEntry(
          "express-adapter",
          ["toExpressHandler"],
          ["ExpressMiddleware", "ExpressRequestLike"],
        ),
      ),
    },
    {
      path: `${ENTRY_DIR}/server-fastify.ts`,
      content: printStatements(
        "server-fastify.ts",
        frameworkEntry("fastify-plugin", ["toFastifyPlugin"], []),
      ),
    },
    {
      path: `${ENTRY_DIR}/validate.ts`,
      content: printStatements("validate.ts", validateEntry(context)),
    },
    { path: `${ENTRY_DIR}/query.ts`, content: printStatements("query.ts", queryEntry()) },
    { path: `${ENTRY_DIR}/mocks.ts`, content: printStatements("mocks.ts", mocksEntry()) },
    {
      path: `${ENTRY_DIR}/zod.ts`,
      content: printStatements("zod.ts", [
        { kind: StructureKind.ExportDeclaration, moduleSpecifier: "../zod.js" },
        { kind: StructureKind.ExportDeclaration, moduleSpecifier: "../zod-transforms.js" },
      ]),
    },
    { path: `${ENTRY_DIR}/runtime.ts`, content: printStatements("runtime.ts", runtimeEntry()) },
    ...emitBin(model, context, packageName),
  ];
}

/** `./runtime`: the whole client runtime, internals included (the client entry has what users call). */
function runtimeEntry(): StatementStructures[] {
  return [{ kind: StructureKind.ExportDeclaration, moduleSpecifier: "../runtime/client/index.js" }];
}

/**
 * Globals (and the names users meet beside them) a schema's type must not shadow: a schema named
 * `Error` is exported as `ErrorSchema`.
 */
const RESERVED_TYPE_NAMES = new Set([
  "Array",
  "ArrayBuffer",
  "Blob",
  "Boolean",
  "Date",
  "Error",
  "Event",
  "File",
  "FormData",
  "Function",
  "Headers",
  "Iterator",
  "Map",
  "Number",
  "Object",
  "Partial",
  "Pick",
  "Promise",
  "Readonly",
  "Record",
  "RegExp",
  "Request",
  "Required",
  "Response",
  "Set",
  "String",
  "Symbol",
  "URL",
  "URLSearchParams",
  "WeakMap",
  "WeakSet",
]);

/** The names the client entry exports besides the schemas' (a schema's type must not collide). */
function clientEntryNames(model: ApiModel, context: EmitContext): Set<string> {
  return new Set([
    ...model.operations.flatMap(operationTypeNames),
    `${context.apiName}Client`,
    `create${context.apiName}Client`,
    `${context.apiName}ExperimentalOperationName`,
    "EXPERIMENTAL_OPERATIONS",
    ...CLIENT_PUBLIC_NAMES,
  ]);
}

/**
 * The runtime's public names (templates/client/public.ts), which the client entry re-exports:
 * a schema named like one of them gets the `Schema` suffix. Checked against the module by
 * test/package/package-files.test.ts.
 */
export const CLIENT_PUBLIC_NAMES: readonly string[] = [
  "ApiError",
  "ApiKeyOption",
  "AuthOption",
  "AuthenticationError",
  "BadRequestError",
  "BasicCredentials",
  "CallOptions",
  "ClientCore",
  "ClientLogger",
  "ClientOptions",
  "ClientTelemetryPlugin",
  "LogLevel",
  "OpenTelemetryApi",
  "TelemetryOptions",
  "RateLimitWaitEvent",
  "RetryEvent",
  "ConflictError",
  "CoreOptions",
  "CrossOriginRedirect",
  "DeclaredHeaders",
  "DeprecationNotice",
  "ErrorBody",
  "ErrorResult",
  "EventStream",
  "EventStreamError",
  "InternalServerError",
  "MethodErrorBody",
  "Middleware",
  "MiddlewareCallbackParams",
  "MissingCredentialsError",
  "NotFoundError",
  "OperationRequest",
  "OperationResult",
  "OperationSuccess",
  "PageFailedError",
  "PageLoopError",
  "PageOptions",
  "PermissionDeniedError",
  "RateLimitError",
  "RateLimitInfo",
  "RateLimitScheduler",
  "RedirectNotFollowedError",
  "RequestFailedError",
  "ResponseValidationContext",
  "ResultOptions",
  "RetryPolicy",
  "ServerSentEvent",
  "SuccessBody",
  "SuccessResult",
  "UndeclaredBody",
  "UnexpectedResponseBody",
  "UnprocessableEntityError",
  "isApiError",
  "isErrorBody",
  "clientTelemetry",
  "unwrap",
  "unwrapResult",
];

/** Words a type alias cannot be named (reserved words and TypeScript's predefined types). */
const NOT_A_TYPE_NAME = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends " +
    "false finally for function if import in instanceof new null return super switch this throw " +
    "true try typeof var void while with yield let static implements interface package private " +
    "protected public await any unknown never string number boolean symbol bigint object " +
    "undefined"
  ).split(" "),
);

/**
 * `export type Pet = components["schemas"]["Pet"]` for each schema whose name is an identifier: as
 * is, or with the `Schema` suffix when it would shadow a global or another export of the entry
 * (`ErrorSchema`); a name that still collides, or is not an identifier, is left to `components`.
 */
export function schemaTypeNames(
  model: ApiModel,
  context: EmitContext,
): [schema: string, exported: string][] {
  const taken = clientEntryNames(model, context);
  const out: [string, string][] = [];
  for (const name of Object.keys(model.schemas)) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) continue;
    const exported =
      RESERVED_TYPE_NAMES.has(name) || NOT_A_TYPE_NAME.has(name) || taken.has(name)
        ? `${name}Schema`
        : name;
    if (taken.has(exported) || (Object.hasOwn(model.schemas, exported) && exported !== name))
      continue;
    taken.add(exported);
    out.push([name, exported]);
  }
  return out;
}

function schemaTypes(model: ApiModel, context: EmitContext): StatementStructures[] {
  const names = schemaTypeNames(model, context);
  if (names.length === 0) return [];
  return [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "../types.js",
      isTypeOnly: true,
      namedImports: [{ name: "components" }],
    },
    ...names.map(([schema, exported]): StatementStructures => ({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: exported,
      type: `components["schemas"][${literal(schema)}]`,
    })),
  ];
}

function rawEntry(context: EmitContext): StatementStructures[] {
  return [
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: "../raw-client.js",
      namedExports: [{ name: `create${context.apiName}RawClient` }],
    },
    {
      kind: StructureKind.ExportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "openapi-fetch",
      namedExports: [{ name: "Client" }],
    },
    {
      kind: StructureKind.ExportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "../runtime/client/runtime.js",
      namedExports: [{ name: "ClientOptions" }],
    },
    {
      kind: StructureKind.ExportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "../runtime/client/raw-client-options.js",
      namedExports: [{ name: "RawClientOptions" }],
    },
  ];
}

function fullClientImports(context: EmitContext): StatementStructures[] {
  return [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "../client.js",
      namedImports: [
        { name: `create${context.apiName}Client`, alias: "createClientWithAllOperations" },
      ],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "../client.js",
      isTypeOnly: true,
      namedImports: [{ name: `${context.apiName}Client`, alias: "ClientWithAllOperations" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "../runtime/client/runtime.js",
      isTypeOnly: true,
      namedImports: [{ name: "ClientOptions" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "../runtime/client/types.js",
      isTypeOnly: true,
      namedImports: [{ name: "ResultOptions" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "../runtime/client/transforms.js",
      isTypeOnly: true,
      namedImports: [{ name: "TransformOptions" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "../transforms.js",
      isTypeOnly: true,
      namedImports: [{ name: `Transformed${context.apiName}Client` }],
    },
  ];
}

/**
 * An entry's client factory: the overload with the option `transforms` first (`Parameters<typeof
 * create…>` reads the last, the plain one), then the plain one; the implementation calls the
 * full client's.
 */
/** The full client's options, as its plain overload takes them (the implementations pass theirs on). */
const FULL_OPTIONS = "Parameters<typeof createClientWithAllOperations>[0]";

function factoryOverloads(
  summary: string,
  description: string,
  returnType: (x: string | undefined) => string,
  tags: readonly { name: string }[] = [],
) {
  const transformsNote =
    ' With `transforms: { dates: true, int64: "bigint" }`, `format: date-time` values are `Date`s and `format: int64` values `bigint`s, typed so.';
  return {
    overloads: [
      {
        docs: jsDoc({ summary, description: description + transformsNote, tags: [...tags] }),
        typeParameters: [
          { name: "Throws", constraint: "boolean", default: "false" },
          { name: "const X", constraint: "TransformOptions", default: "TransformOptions" },
        ],
        parameters: [
          { name: "options", type: "ClientOptions & { transforms: X } & ResultOptions<Throws>" },
        ],
        returnType: returnType("X"),
      },
      {
        docs: jsDoc({ summary, description, tags: [...tags] }),
        typeParameters: [{ name: "Throws", constraint: "boolean", default: "false" }],
        parameters: [
          {
            name: "options",
            type: "ClientOptions & { transforms?: undefined } & ResultOptions<Throws>",
          },
        ],
        returnType: returnType(undefined),
      },
    ],
    parameters: [
      {
        name: "options",
        type: "ClientOptions & { transforms?: TransformOptions } & ResultOptions<boolean>",
      },
    ],
    returnType: "unknown",
  };
}

function typeExports(operations: readonly OperationModel[]): StatementStructures[] {
  const names = operations.flatMap(operationTypeNames);
  if (names.length === 0) return [];
  return [
    {
      kind: StructureKind.ExportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "../client.js",
      namedExports: names.map((name) => ({ name })),
    },
  ];
}

function clientEntry(
  model: ApiModel,
  context: EmitContext,
  packageName: string,
): StatementStructures[] {
  const experimental = model.operations.filter(isExperimental);
  const clientType = `${context.apiName}Client`;
  const namesType = `${context.apiName}ExperimentalOperationName`;
  const optIn = `${packageName}/experimental`;
  return [
    ...fullClientImports(context),
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: "../runtime/client/public.js" },
    ...typeExports(model.operations.filter((operation) => !isExperimental(operation))),
    ...schemaTypes(model, context),
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: jsDoc({
        summary: "The operations marked `x-stability: experimental`.",
        description: `They are not part of \`${clientType}\`: opt in with \`create${context.apiName}ExperimentalClient\` from \`${optIn}\`.`,
      }),
      declarations: [
        {
          name: "EXPERIMENTAL_OPERATIONS",
          initializer: `${literal(experimental.map((operation) => operation.name))} as const`,
        },
      ],
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: namesType,
      type: "(typeof EXPERIMENTAL_OPERATIONS)[number]",
      docs: jsDoc({ summary: "The method names of the experimental operations." }),
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: clientType,
      typeParameters: [{ name: "Throws", constraint: "boolean", default: "false" }],
      type: `Omit<ClientWithAllOperations<Throws>, ${namesType}>`,
      docs: jsDoc({
        summary: `A typed client for ${specText(model.title)} ${specText(model.version)}: one method per stable or beta operation.`,
        description:
          "Beta methods are tagged `@beta`, deprecated ones `@deprecated` (with their sunset date and replacement). " +
          `Experimental operations are left out: use \`create${context.apiName}ExperimentalClient\` from \`${optIn}\`.`,
      }),
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: `create${clientType}`,
      ...factoryOverloads(
        `Creates a ${context.apiName} client (stable and beta operations).`,
        "Each method sends the API key where the spec says, retries a 429 after its `Retry-After`, retries network errors " +
          "and 5xx only for idempotent methods, and returns `{ data, error, response, rateLimit, status, ok, headers }` narrowed by " +
          "`status` (with `throwOnError: true`, only the 2XX results: the others reject with an `ApiError`).",
        (x) =>
          x === undefined
            ? `${clientType}<Throws>`
            : `Omit<Transformed${clientType}<Throws, ${x}>, ${namesType}>`,
      ),
      statements: (writer) => {
        const call = `createClientWithAllOperations(options as ${FULL_OPTIONS})`;
        if (experimental.length === 0) {
          writer.writeLine(`return ${call};`);
          return;
        }
        writer.writeLine(
          "// the experimental methods are removed from the object too, not only from its type",
        );
        const omitted = experimental
          .map((operation) => `${propertyKey(operation.name)}: _${operation.name}`)
          .join(", ");
        writer.writeLine(`const { ${omitted}, ...client } = ${call};`);
        writer.writeLine("return client;");
      },
    },
  ];
}

function experimentalEntry(model: ApiModel, context: EmitContext): StatementStructures[] {
  const experimental = model.operations.filter(isExperimental);
  const typeName = `${context.apiName}ExperimentalClient`;
  const listed =
    experimental.map((operation) => `\`${operation.name}\``).join(", ") || "none at present";
  return [
    ...fullClientImports(context),
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: "./client.js" },
    ...typeExports(experimental),
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: typeName,
      typeParameters: [{ name: "Throws", constraint: "boolean", default: "false" }],
      type: "ClientWithAllOperations<Throws>",
      docs: jsDoc({
        summary: `A typed client for ${specText(model.title)} ${specText(model.version)} with every operation, experimental ones included (${listed}).`,
        description:
          "Experimental operations are for evaluation only: they may change or disappear at any time without notice, " +
          "and a deployment may switch them off (`501 not_implemented`).",
        tags: [{ name: "experimental" }],
      }),
    },
    {
      kind: StructureKind.Function,
      isExported: true,
      name: `create${typeName}`,
      ...factoryOverloads(
        `Creates a ${context.apiName} client with every operation, experimental ones included (${listed}).`,
        "The explicit opt-in to experimental operations: nothing else in the package exposes them.",
        (x) =>
          x === undefined
            ? `${typeName}<Throws>`
            : `Transformed${context.apiName}Client<Throws, ${x}>`,
        [{ name: "experimental" }],
      ),
      statements: [`return createClientWithAllOperations(options as ${FULL_OPTIONS});`],
    },
  ];
}

function validateEntry(context: EmitContext): StatementStructures[] {
  return [
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: "../validate.js",
      namedExports: [
        { name: "RESPONSE_VALIDATORS" },
        { name: "STANDARD_SCHEMAS" },
        { name: `validate${context.apiName}Response` },
      ],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: "../runtime/client/standard-schema.js",
      namedExports: [
        { name: "STANDARD_SCHEMA_VENDOR" },
        { name: "standardSchema" },
        { name: "PrecompiledValidator", isTypeOnly: true },
        { name: "StandardSchemaV1", isTypeOnly: true },
      ],
    },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: "../runtime/client/response-validation.js",
      namedExports: [
        { name: "ResponseValidationError" },
        { name: "createResponseValidator" },
        { name: "validateResponseAgainst" },
        { name: "DeclaredResponseValidators", isTypeOnly: true },
        { name: "ResponseValidationContext", isTypeOnly: true },
        { name: "ResponseValidationIssue", isTypeOnly: true },
        { name: "ResponseValidationTarget", isTypeOnly: true },
        { name: "ResponseValidator", isTypeOnly: true },
        { name: "ResponseValidatorTable", isTypeOnly: true },
      ],
    },
  ];
}

function serverEntry(): StatementStructures[] {
  return [
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: "../runtime/server/index.js" },
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: "../server.js" },
  ];
}

/** A framework adapter's entry: its functions and types, plus the handler's type it takes. */
function frameworkEntry(
  module: string,
  values: readonly string[],
  types: readonly string[],
): StatementStructures[] {
  return [
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: `../runtime/server/adapters/${module}.js`,
      namedExports: [
        ...values.map((name) => ({ name })),
        ...types.map((name) => ({ name, isTypeOnly: true })),
      ],
    },
    {
      kind: StructureKind.ExportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "../runtime/server/core/handler-api.js",
      namedExports: [{ name: "RequestHandler" }],
    },
  ];
}

function serverNodeEntry(): StatementStructures[] {
  return [
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: "../runtime/server/adapters/node-adapter.js",
      namedExports: [
        { name: "answerClientErrors" },
        { name: "serveNode" },
        { name: "toNodeListener" },
        { name: "NodeListener", isTypeOnly: true },
        { name: "ServeNodeOptions", isTypeOnly: true },
      ],
    },
  ];
}

function serverRedisEntry(): StatementStructures[] {
  return [
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: "../runtime/server/stores/redis-store.js",
    },
    {
      kind: StructureKind.ExportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: "../runtime/server/stores/idempotency-store.js",
      namedExports: [
        { name: "IdempotencyBegin" },
        { name: "IdempotencyStore" },
        { name: "StoredResponse" },
      ],
    },
  ];
}

function queryEntry(): StatementStructures[] {
  return [
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: "../query.js" },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: "../runtime/query/query-options.js",
      namedExports: [
        { name: "invalidatePrefixes" },
        { name: "operationKey" },
        ...[
          "ClientWith",
          "MutationFactoryOptions",
          "MutationVariables",
          "OperationKeyPrefix",
          "OperationMutationOptions",
          "OperationParams",
          "OperationQueryKey",
          "OperationQueryOptions",
          "QueryData",
          "QueryKeyParams",
          "SuccessData",
        ].map((name) => ({ name, isTypeOnly: true })),
      ],
    },
  ];
}

function mocksEntry(): StatementStructures[] {
  return [
    { kind: StructureKind.ExportDeclaration, moduleSpecifier: "../mocks.js" },
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: "../runtime/mocks/mock-handlers.js",
      namedExports: [
        "MockBody",
        "MockInit",
        "MockOperation",
        "MockOptions",
        "MockOverride",
        "MockResponse",
        "MockStatus",
        "RateLimitedInit",
      ].map((name) => ({
        name,
        isTypeOnly: true,
      })),
    },
  ];
}

/**
 * client.ts: `create<Name>Client(options)` with one typed method per operation. Only what depends
 * on the spec is generated: the operation table, per-operation types and the method list; the
 * behaviour is the runtime's (templates/client). The client does not import openapi-fetch, so a
 * bundle of it carries none of it.
 * raw-client.ts: the plain openapi-fetch client for the same API (see emit-raw-client.ts).
 */
import type { InterfaceDeclarationStructure, StatementStructures, WriterFunction } from "ts-morph";
import { StructureKind, VariableDeclarationKind } from "../ts/ts-morph-values.js";
import type { ApiModel, OperationModel, ParameterLocation } from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { replacementName } from "../operation-docs.js";
import { jsDoc } from "../ts/jsdoc.js";
import { docSlot } from "../ts/operation-doc-slots.js";
import { fillClientDocs } from "./client-doc-slots.js";
import { responseHeaderKinds } from "./header-kinds.js";
import { literal, objectCode, objectWriter, propertyKey } from "../ts/literal.js";
import { printStatements, type PrintedStatement } from "../ts/source-file.js";
import { interfaceText, typeAliasesText } from "../ts/structure-text.js";
import { rawClientStatements } from "./emit-raw-client.js";
import {
  itemType,
  methodType,
  paginationEntry,
  paginationImports,
} from "../pagination/client-pagination.js";
import {
  clientSecurityImport,
  clientSecurityStatements,
  descriptorSecurity,
} from "./client-security.js";
import { isJsonMediaType } from "../../schema/json-media.js";
import {
  codecImports,
  codecsLiteral,
  codecsNeeded,
  isObject,
  jsonParameters,
  pathStyles,
  queryStyles,
  type CodecRef,
} from "./client-codecs.js";
import type { FormFieldShape } from "../../../templates/server/core/descriptor.js";
import { streamFormat } from "../../../templates/client/event-stream.js";
import { xmlCodecImport, xmlEntryCode, XmlShapeTable } from "./xml-entry.js";
import { ConstantTable } from "./constant-table.js";

export function emitClient(model: ApiModel, context: EmitContext): GeneratedFile[] {
  return clientTemplates(model, context).map((file) => fillClientDocs(file, model));
}

/**
 * client.ts and raw-client.ts with each operation's doc as a slot (ts/operation-doc-slots.ts).
 * The per-operation types and the client interface (one member per operation) are printed as
 * text in the printer's layout (ts/structure-text.ts); `layout.structures` prints their
 * structures instead (what test/generator/structure-text.test.ts compares with).
 */
export function clientTemplates(
  model: ApiModel,
  context: EmitContext,
  layout: { readonly structures?: boolean } = {},
): GeneratedFile[] {
  const clientType = `${context.apiName}Client`;
  const headerTables = new HeaderTables();
  const xmlShapes = new XmlShapeTable();
  const descriptors = model.operations.map(
    (operation) =>
      [
        operation.name,
        objectCode(descriptorEntries(operation, model, headerTables, xmlShapes)),
      ] as const,
  );
  const codecs = codecsNeeded(model);
  const operationTypeStatements = model.operations.flatMap((operation) => [
    ...operationTypes(operation),
    ...itemType(operation),
  ]);
  const client = clientInterface(model, clientType);
  const statements: PrintedStatement[] = [
    ...imports(codecs, clientType),
    ...xmlCodecImport(model),
    ...paginationImports(model),
    clientSecurityImport(model),
    ...headerTables.statements(),
    ...xmlShapes.statements(),
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        {
          description:
            "Where the spec's API-key security scheme puts the key (`undefined` when it has none).",
        },
      ],
      declarations: [
        {
          name: "API_KEY",
          type: "ApiKeyLocation | undefined",
          initializer: model.apiKey
            ? `${literal({ in: model.apiKey.in, name: model.apiKey.name })} as const`
            : "undefined",
        },
      ],
    },
    ...clientSecurityStatements(model, context),
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [{ description: "Every operation of the spec, as the client runtime needs it." }],
      declarations: [
        {
          name: "OPERATIONS",
          // as text: a long initializer is not passed through the printer's writer (source-file.ts)
          initializer: `${objectCode(descriptors)} as const satisfies Readonly<Record<string, ClientOperationDescriptor>>`,
        },
      ],
    },
    ...(layout.structures === true
      ? operationTypeStatements
      : typeAliasesText(operationTypeStatements)),
    ...((layout.structures === true ? undefined : interfaceText(client)) ?? [client]),
    factory(context, clientType, codecs),
  ];
  return [
    { path: "client.ts", content: printStatements("client.ts", statements) },
    {
      path: "raw-client.ts",
      content: printStatements("raw-client.ts", rawClientStatements(model, context)),
    },
  ];
}

/**
 * The fields of the operation's urlencoded form body whose `encoding` the runtime must know: the
 * ones that join their values (`explode: false`), and the `deepObject` ones that hold arrays
 * (sent with indexes, `tax_rates[0]=`, as Stripe reads them).
 */
function formStyles(
  operation: OperationModel,
): Record<string, { style: string; explode: boolean }> {
  const form = operation.forms.find((body) => !body.multipart);
  return Object.fromEntries(
    Object.entries(form?.fields ?? {})
      .filter(([, field]) =>
        field.style === "deepObject" ? holdsArray(field) : field.explode === false,
      )
      .map(([name, field]) => [
        name,
        {
          style: field.style ?? "form",
          explode: field.style === "deepObject" ? field.explode !== false : false,
        },
      ]),
  );
}

/** Whether a form field's shape is, or contains, an array. */
function holdsArray(shape: FormFieldShape, depth = 0): boolean {
  if (shape.types?.includes("array") === true || shape.items !== undefined) return true;
  if (depth > 6) return false;
  const inner = [
    ...Object.values(shape.properties ?? {}),
    ...(shape.additionalProperties ? [shape.additionalProperties] : []),
  ];
  return inner.some((sub) => holdsArray(sub, depth + 1));
}

function imports(codecs: readonly CodecRef[], clientType: string): StatementStructures[] {
  const named = (
    moduleSpecifier: string,
    names: readonly string[],
    typeOnly: boolean,
  ): StatementStructures => ({
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier,
    isTypeOnly: typeOnly,
    namedImports: names.map((name) => ({ name })),
  });
  return [
    named("./types.js", ["paths"], true),
    named("./runtime/client/descriptor.js", ["ApiKeyLocation", "ClientOperationDescriptor"], true),
    named("./runtime/client/runtime.js", ["bindOperations", "createClientRuntimeWith"], false),
    ...codecImports(codecs),
    named("./runtime/client/runtime.js", ["ClientOptions"], true),
    named("./runtime/client/transforms.js", ["TransformOptions"], true),
    named("./transforms.js", [`Transformed${clientType}`], true),
    named("./runtime/client/core.js", ["ClientCore"], true),
    named("./runtime/client/middleware.js", ["ClientMiddlewareApi"], true),
    named(
      "./runtime/client/types.js",
      ["OperationMethod", "OperationRequest", "OperationResult", "ResultOptions"],
      true,
    ),
  ];
}

/**
 * The descriptors' `responseHeaders` maps, each written once as a constant and referenced by
 * every operation that declares the same headers (most operations of a spec share a few maps,
 * e.g. the rate-limit headers), so the table stays small to type-check and to bundle.
 */
export class HeaderTables {
  /** The constants (emit/client/operation-parts.ts numbers those of each part into the file's). */
  readonly table: ConstantTable;

  /** @param prefix before each constant's name (`$` in operations.ts, beside the spec's names) */
  constructor(prefix = "") {
    this.table = new ConstantTable(
      `${prefix}RESPONSE_HEADERS_`,
      "Declared response headers (each name and how to parse it), shared by the operations that declare them.",
    );
  }

  /** The constant's name for a map (created on first use, numbered in spec order). */
  reference(map: Record<string, unknown>): string {
    return this.table.reference(`${literal(map)} as const`);
  }

  statements(): StatementStructures[] {
    return this.table.statements();
  }
}

/**
 * The keys of the path's fragment (`/#X-Amz-Target=DynamoDB_20120810.GetItem`) that name a header
 * parameter of the operation: the client sends them in that header, as the server routes them.
 */
function routeHeaderKeys(operation: OperationModel): string[] {
  const hash = operation.path.indexOf("#");
  if (hash === -1) return [];
  const headers = new Set(operation.parameters.header.map((p) => p.name.toLowerCase()));
  return operation.path
    .slice(hash + 1)
    .split("&")
    .map((item) => item.split("=")[0]!)
    .filter((name) => headers.has(name.toLowerCase()));
}

/** @param extra entries written last (the per-operation descriptor's `codecs`) */
export function descriptorWriter(
  operation: OperationModel,
  model: ApiModel,
  headerTables: HeaderTables,
  xmlShapes: XmlShapeTable,
  extra: readonly [string, string][] = [],
): WriterFunction {
  return objectWriter([...descriptorEntries(operation, model, headerTables, xmlShapes), ...extra]);
}

/** The entries of an operation's descriptor, each a key and its code. */
function descriptorEntries(
  operation: OperationModel,
  model: ApiModel,
  headerTables: HeaderTables,
  xmlShapes: XmlShapeTable,
): [string, string][] {
  const styles = queryStyles(operation);
  const fields = formStyles(operation);
  const explodedHeaders = operation.parameters.header
    .filter((parameter) => parameter.explode)
    .map((parameter) => parameter.name);
  const routeHeaders = routeHeaderKeys(operation);
  const json = jsonParameters(operation);
  const bodies = operation.requestBody?.contents ?? [];
  // the runtime's default: the first JSON media type (what the types default to), else the first
  const body = bodies.find((media) => isJsonMediaType(media.mediaType)) ?? bodies[0];
  const responseHeaders = responseHeaderKinds(operation, model);
  const descriptor = {
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    ...(Object.keys(styles).length > 0 ? { queryStyles: styles } : {}),
    ...(Object.keys(pathStyles(operation)).length > 0 ? { pathStyles: pathStyles(operation) } : {}),
    ...(Object.keys(fields).length > 0 ? { formStyles: fields } : {}),
    ...(routeHeaders.length > 0 ? { routeHeaders } : {}),
    ...(explodedHeaders.length > 0 ? { explodedHeaders } : {}),
    ...(Object.keys(json).length > 0 ? { jsonParameters: json } : {}),
    ...(body ? { bodyMediaType: body.mediaType } : {}),
    ...descriptorSecurity(operation, model),
    ...(operation.idempotencyKeyHeader
      ? { idempotencyKeyHeader: operation.idempotencyKeyHeader }
      : {}),
    ...(operation.deprecation
      ? {
          deprecated: {
            ...(operation.deprecation.sunset ? { sunset: operation.deprecation.sunset } : {}),
            ...(operation.deprecation.replacedBy
              ? { replacement: replacementName(operation, model.operations) }
              : {}),
          },
        }
      : {}),
    ...(operation.stability ? { stability: operation.stability } : {}),
    ...(eventDataIsText(operation) ? { eventData: "text" } : {}),
    ...(bodies.length > 1 ? { bodyMediaTypes: bodies.map((media) => media.mediaType) } : {}),
    ...successMedia(operation),
    ...paginationEntry(operation),
  };
  const entries: [string, string][] = Object.entries(descriptor).map(([key, value]) => [
    key,
    literal(value),
  ]);
  if (responseHeaders) entries.push(["responseHeaders", headerTables.reference(responseHeaders)]);
  const xml = xmlEntryCode(operation, xmlShapes);
  if (xml !== undefined) entries.push(["xml", xml]);
  return entries;
}

/**
 * The descriptor's `successMedia`: the media types of each 2XX response key, so that the runtime
 * fails a 2XX the spec does not declare (a proxy's HTML page); none when no 2XX declares content.
 */
function successMedia(operation: OperationModel): { successMedia?: Record<string, string[]> } {
  const success = operation.responses.filter((response) => /^2/.test(response.status));
  if (!success.some((response) => response.contents.length > 0)) return {};
  return {
    successMedia: Object.fromEntries(
      success.map((response) => [
        response.status.toUpperCase(),
        response.contents.map((media) => media.mediaType),
      ]),
    ),
  };
}

/** Whether the operation's server-sent events carry text: its event-stream schemas are strings. */
function eventDataIsText(operation: OperationModel): boolean {
  const schemas = operation.responses.flatMap((response) =>
    response.contents
      .filter((media) => streamFormat(media.mediaType) === "events")
      .map((media) => media.schema),
  );
  // no schema: the data is text too (it is typed `unknown`)
  return (
    schemas.length > 0 &&
    schemas.every(
      (schema) =>
        schema === undefined ||
        (isObject(schema) && schema.type === "string" && schema.contentMediaType === undefined),
    )
  );
}

function operationTypes(operation: OperationModel): StatementStructures[] {
  const type = operation.typeName;
  const declared = `paths[${literal(operation.path)}][${literal(operation.method)}]`;
  const out: StatementStructures[] = [
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: `${type}Operation`,
      type: declared,
      docs: [
        {
          description: `The openapi-typescript type of \`${operation.operationId}\`.`.replace(
            /\*\//g,
            "*\\/",
          ),
        },
      ],
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: `${type}Params`,
      type: `OperationRequest<${type}Operation>`,
    },
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: `${type}Response`,
      type: `OperationResult<${type}Operation>`,
    },
  ];
  if (operation.requestBody) {
    out.push({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: `${type}Body`,
      type: `NonNullable<${type}Params["body"]>`,
    });
  }
  return out;
}

function clientInterface(model: ApiModel, clientType: string): InterfaceDeclarationStructure {
  return {
    kind: StructureKind.Interface,
    isExported: true,
    name: clientType,
    // a core too: the per-operation functions (operations.ts) accept the whole client
    extends: ["ClientCore<Throws>", "ClientMiddlewareApi"],
    typeParameters: [{ name: "Throws", constraint: "boolean", default: "false" }],
    docs: jsDoc({
      summary: `A typed client for ${model.title} ${model.version}: one method per operation, plus \`use\`/\`eject\` for middleware.`,
      // no tag here: a spec title with "/*" before a tag would end the comment early (see emit-entries)
      description:
        "`Throws` is `true` for a client created with `throwOnError: true`: its methods then resolve only to 2XX results.",
    }),
    properties: [
      // methods as `OperationMethod` properties: their types are resolved only where they are used
      ...model.operations.map((operation) => ({
        name: propertyKey(operation.name),
        isReadonly: true,
        docs: docSlot("operation", operation),
        type: methodType(operation),
      })),
    ],
  };
}

function factory(
  context: EmitContext,
  clientType: string,
  codecs: readonly CodecRef[],
): StatementStructures {
  const options = `Omit<ClientOptions, "auth"> & { auth?: ${context.apiName}Auth`;
  const summary = `Creates a ${context.apiName} client.`;
  const description =
    "Each method sends the credentials of `auth` (or `apiKey`) as its security requirements say, retries a 429 after its `Retry-After` " +
    "(else with exponential backoff and jitter), retries network errors and 5xx only for idempotent methods, " +
    "and returns `{ data, error, response, rateLimit, status, ok, headers }` narrowed by `status` " +
    "(with `throwOnError: true`, only the 2XX results: the others reject with an `ApiError`).";
  return {
    kind: StructureKind.Function,
    isExported: true,
    name: `create${clientType}`,
    // the option `transforms` first: `Parameters<typeof create…>` reads the last, the plain one
    overloads: [
      {
        docs: jsDoc({
          summary,
          description:
            `${description} With \`transforms: { dates: true, int64: "bigint" }\`, \`format: date-time\` values are \`Date\`s ` +
            "and `format: int64` values `bigint`s, in bodies and parameters both ways, and typed so.",
        }),
        typeParameters: [
          { name: "Throws", constraint: "boolean", default: "false" },
          { name: "const X", constraint: "TransformOptions", default: "TransformOptions" },
        ],
        parameters: [
          { name: "options", type: `${options}; transforms: X } & ResultOptions<Throws>` },
        ],
        returnType: `Transformed${clientType}<Throws, X>`,
      },
      {
        docs: jsDoc({ summary, description }),
        typeParameters: [{ name: "Throws", constraint: "boolean", default: "false" }],
        parameters: [
          { name: "options", type: `${options}; transforms?: undefined } & ResultOptions<Throws>` },
        ],
        returnType: `${clientType}<Throws>`,
      },
    ],
    parameters: [
      {
        name: "options",
        type: `${options}; transforms?: TransformOptions } & ResultOptions<boolean>`,
      },
    ],
    returnType: "unknown",
    statements: (writer) => {
      writer.writeLine(
        "// the option `transforms` (Date, bigint): its plans and codec are imported on the first call",
      );
      writer.writeLine("const chosen = options.transforms;");
      writer.writeLine(
        'const transforms = chosen === undefined ? undefined : () => Promise.all([import("./transforms.js"), import("./runtime/client/client-transforms.js")]).then(([tables, runtime]) => runtime.createClientTransforms(tables, OPERATIONS, chosen));',
      );
      writer.writeLine(
        "// only the optional serializers this spec needs, so a bundler drops the others",
      );
      writer.writeLine(
        `const runtime = createClientRuntimeWith(options, API_KEY, ${clientCodecsLiteral(codecs)}, SECURITY);`,
      );
      writer.writeLine(
        "// Each method calls the runtime with its descriptor; the overloads give it its operations' types.",
      );
      writer.writeLine("return bindOperations(runtime, OPERATIONS);");
    },
  };
}

/** The codecs' object of the whole client, with the option `transforms` as a shorthand property. */
function clientCodecsLiteral(codecs: readonly CodecRef[]): string {
  return codecs.length === 0
    ? "{ transforms }"
    : codecsLiteral(codecs).replace(/\n}$/, "\n  transforms,\n}");
}

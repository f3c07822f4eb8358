/**
 * server.ts: the `<Name>Handlers` interface (typed requests, the union of declared responses),
 * 501 stubs and `createRequestHandler`; it re-exports `API`, the descriptor (route table,
 * validators, rate-limit plans, deprecation) that the server runtime (templates/server) runs on,
 * which server-api.ts holds (emit-server-api.ts, rendered and cached on its own: cache/cached-emitters.ts).
 */
import type {
  FunctionDeclarationStructure,
  InterfaceDeclarationStructure,
  JSDocStructure,
  OptionalKind,
  StatementStructures,
} from "ts-morph";
import { StructureKind } from "../ts/ts-morph-values.js";
import type { ApiModel, OperationModel } from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { jsDoc } from "../ts/jsdoc.js";
import { literal } from "../ts/literal.js";
import { docBlock, docSlot, fillOperationDocs } from "../ts/operation-doc-slots.js";
import { UNCACHED_PARTS, type PartStore } from "../part-store.js";
import { printStatements } from "../ts/source-file.js";
import { isTransformable } from "../transforms/operation-transforms.js";
import { SERVER_API_SPECIFIER } from "./emit-server-api.js";
import { handlerRequestType, handlerResponseType } from "./handler-types.js";
import {
  serverPaginationHelpers,
  serverPaginationImports,
} from "../pagination/server-pagination.js";

export function emitServer(model: ApiModel, context: EmitContext): GeneratedFile[] {
  return serverTemplate(model, context).map((file) =>
    fillOperationDocs(file, model, model.operations.length),
  );
}

/**
 * server.ts with each handler method's doc as a slot (emit/ts/operation-doc-slots.ts), the only
 * prose it shows: filled by `fillOperationDocs` from the model (one slot per operation), so a cached template made from
 * the model without prose serves an edit of an operation's description (cache/cached-emitters.ts).
 * With `parts` (a cache), each operation's handler types (most of the file) are a part printed
 * apart, which reads its operation only (handler-types.ts), so an edit prints only the edited
 * operation's again; without, the file is printed whole. `transformable` ({@link isTransformable})
 * is the one fact it takes from the component schemas: a cache passes it in, so that a schema
 * edit leaves the template's key alone.
 */
export function serverTemplate(
  model: ApiModel,
  context: EmitContext,
  parts: PartStore = UNCACHED_PARTS,
  transformable = isTransformable(model),
): GeneratedFile[] {
  const handlersType = `${context.apiName}Handlers`;
  const handlerTypes = model.operations.flatMap((operation) => [
    handlerRequestType(operation),
    handlerResponseType(operation),
  ]);
  const handlerSection = parts === UNCACHED_PARTS ? handlerTypes : handlerTexts(model, parts);
  const statements: (string | StatementStructures)[] = [
    ...imports(typeHelpersUsed(handlerTypes), transformable),
    ...serverPaginationImports(model),
    {
      kind: StructureKind.ExportDeclaration,
      moduleSpecifier: SERVER_API_SPECIFIER,
      namedExports: [{ name: "API" }],
    },
    ...planType(model, context),
    ...handlerSection,
    operationIdType(model, context),
    ...(model.operations.length === 0
      ? [handlersInterface(model, handlersType), stubs(model, context, handlersType)]
      : [handlersInterfaceText(model, handlersType), stubsText(model, context, handlersType)]),
    requestHandlerFactory(context, handlersType, transformable),
    ...serverPaginationHelpers(model),
  ];
  return [{ path: "server.ts", content: printStatements("server.ts", statements) }];
}

/**
 * The operations' handler types as one text, each operation's a part (keyed by the operation,
 * all they read), laid out as the printer lays them out: a blank line before each interface.
 */
function handlerTexts(model: ApiModel, parts: PartStore): string[] {
  if (model.operations.length === 0) return [];
  const texts = model.operations.map((operation) =>
    parts.part("handler types", JSON.stringify(operation), () =>
      printStatements("server.ts", [
        handlerRequestType(operation),
        handlerResponseType(operation),
      ]).trim(),
    ),
  );
  return [`\n${texts.join("\n\n")}`];
}

const TYPE_HELPERS = [
  "BinaryBody",
  "EventStreamBody",
  "ExtraHeaders",
  "FormFiles",
  "LowercaseKeys",
  "NdjsonBody",
  "NoParameters",
  "OnlyExtraHeaders",
  "ResponseHeaders",
  "StatusRange",
] as const;

/** The runtime's type helpers that the handler types name (only those are imported). */
function typeHelpersUsed(handlerTypes: readonly (string | StatementStructures)[]): string[] {
  const text = JSON.stringify(handlerTypes);
  return TYPE_HELPERS.filter((helper) => new RegExp(`\\b${helper}\\b`).test(text));
}

function imports(typeHelpers: readonly string[], transformable: boolean): StatementStructures[] {
  const imp = (
    moduleSpecifier: string,
    names: readonly string[],
    isTypeOnly: boolean,
  ): StatementStructures => ({
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier,
    isTypeOnly,
    namedImports: names.map((name) => ({ name })),
  });
  return [
    imp("./types.js", ["paths"], true),
    imp(SERVER_API_SPECIFIER, ["API"], false),
    ...(typeHelpers.length > 0
      ? [imp("./runtime/server/core/handler-types.js", typeHelpers, true)]
      : []),
    imp("./runtime/server/core/errors.js", ["notImplemented"], false),
    imp("./runtime/server/core/request-handler.js", ["createRuntimeRequestHandler"], false),
    ...(transformable
      ? [imp("./runtime/server/core/stages/transforms.js", ["createTransformStages"], false)]
      : []),
    imp("./runtime/server/core/handler-api.js", ["HandlerMap", "ServerOptions"], true),
    imp("./runtime/client/transforms.js", ["TransformOptions"], true),
    imp("./runtime/client/transform-types.js", ["TransformedHandlers"], true),
    imp("./transforms.js", ["OPERATION_TRANSFORMS", "TRANSFORM_PLANS"], true),
  ];
}

function planType(model: ApiModel, context: EmitContext): StatementStructures[] {
  const plans = model.rateLimits?.plans.map((plan) => literal(plan.name)) ?? [];
  return [
    {
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: `${context.apiName}Plan`,
      type: plans.length > 0 ? plans.join(" | ") : "string",
      docs: [
        {
          description:
            "The rate-limit plans the spec defines (`x-rate-limits`); `authenticate` returns one per caller.",
        },
      ],
    },
  ];
}

/** The union of the spec's operationIds: what the hooks' `operationId` is. */
function operationIdType(model: ApiModel, context: EmitContext): StatementStructures {
  return {
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: `${context.apiName}OperationId`,
    docs: jsDoc({
      summary: "Every operationId of the spec (what `onRequest` and `onResponse` see).",
    }),
    type:
      model.operations.length === 0
        ? "never"
        : model.operations.map((operation) => literal(operation.operationId)).join(" | "),
  };
}

export function handlersInterface(
  model: ApiModel,
  handlersType: string,
): InterfaceDeclarationStructure {
  return {
    kind: StructureKind.Interface,
    isExported: true,
    name: handlersType,
    typeParameters: [
      { name: "C", default: "unknown" },
      { name: "H", constraint: "string", default: "never" },
    ],
    docs: jsDoc({
      summary: `What a ${model.title} server implements: one method per operation.`,
      description:
        "Each method receives the validated, coerced parameters, the parsed body and the authenticated caller, " +
        "and returns one of the responses the spec declares for it (anything else does not compile); " +
        "`H` names the headers every response may carry besides (the `responseHeaders` option).",
    }),
    methods: model.operations.map((operation) => {
      const method = methodSignature(operation);
      return { ...method, parameters: [...method.parameters] };
    }),
  };
}

/**
 * {@link handlersInterface} as the printer lays it out (one method a line under its doc slot), in
 * text: a structure of one member per operation cost the printer about 0.1 s on Stripe.
 */
export function handlersInterfaceText(model: ApiModel, handlersType: string): string {
  const structure = handlersInterface(model, handlersType);
  const [doc] = structure.docs as OptionalKind<JSDocStructure>[];
  const members = model.operations.map((operation) => {
    const method = methodSignature(operation);
    const [slot] = method.docs;
    return `  ${docBlock(slot as OptionalKind<JSDocStructure>, "  ")}\n  ${method.name}(request: ${method.parameters[0].type}): ${method.returnType};\n`;
  });
  const head = `export interface ${handlersType}<C = unknown, H extends string = never> {`;
  return `\n${doc === undefined ? "" : `${docBlock(doc, "")}\n`}${head}\n${members.join("")}}`;
}

/** {@link stubs} as the printer lays it out, in text (one line per operation). */
export function stubsText(model: ApiModel, context: EmitContext, handlersType: string): string {
  const structure = stubs(model, context, handlersType);
  const [doc] = structure.docs as OptionalKind<JSDocStructure>[];
  const lines = model.operations.map((operation) => `    ${stubLine(operation)}\n`);
  return `${doc === undefined ? "" : `${docBlock(doc, "")}\n`}export function create${context.apiName}Stubs<C = unknown>(): ${structure.returnType} {\n  return {\n${lines.join("")}  };\n}`;
}

function stubLine(operation: OperationModel): string {
  return `${operation.name}: () => notImplemented(${literal(operation.operationId)}),`;
}

function methodSignature(operation: OperationModel) {
  return {
    name: operation.name,
    docs: docSlot("operation", operation),
    parameters: [{ name: "request", type: `${operation.typeName}HandlerRequest<C>` }] as const,
    returnType: `${operation.typeName}HandlerResponse<H> | Promise<${operation.typeName}HandlerResponse<H>>`,
  };
}

export function stubs(
  model: ApiModel,
  context: EmitContext,
  handlersType: string,
): FunctionDeclarationStructure {
  return {
    kind: StructureKind.Function,
    isExported: true,
    name: `create${context.apiName}Stubs`,
    typeParameters: [{ name: "C", default: "unknown" }],
    docs: jsDoc({
      summary:
        "Handlers whose every method answers 501 `not_implemented`: the starting point of an implementation.",
      description:
        "Spread them under your own handlers to implement the API one operation at a time. " +
        "Each takes no argument and never returns, so they fit the handlers with or without the option `transforms`.",
    }),
    returnType: `{ [K in keyof ${handlersType}<C>]: () => never }`,
    statements: (writer) => {
      writer.write("return ").inlineBlock(() => {
        for (const operation of model.operations) {
          writer.writeLine(stubLine(operation));
        }
      });
      writer.write(";");
    },
  };
}

/** `transformable`: whether an operation has a field the option `transforms` changes (else no codec and no transform stage is imported). */
function requestHandlerFactory(
  context: EmitContext,
  handlersType: string,
  transformable: boolean,
): StatementStructures {
  return {
    kind: StructureKind.Function,
    isExported: true,
    name: "createRequestHandler",
    typeParameters: [
      { name: "C", default: "unknown" },
      { name: "H", constraint: "string", default: "never", isConst: true },
      {
        name: "X",
        constraint: "TransformOptions | undefined",
        default: "undefined",
        isConst: true,
      },
    ],
    docs: jsDoc({
      summary: `Creates the web-standard request handler of the ${context.apiName} API: \`(request: Request) => Promise<Response>\`.`,
      description:
        "It routes, authenticates, rate-limits, validates parameters and bodies, calls your handlers, " +
        "and answers every failure in the error format the spec declares (else RFC 9457 problem details; `formatError` shapes them). " +
        "It uses web standards only: pass it as `fetch` to Deno, Bun, a worker or Hono, or mount it in `node:http` with " +
        "`serveNode` or `toNodeListener` (from the `./server/node` entry). " +
        "The headers listed in `responseHeaders` (`H`) are the ones every handler response may carry besides those the spec declares. " +
        'With `transforms: { dates: true, int64: "bigint" }` (`X`), handlers get and may answer `format: date-time` values as `Date`s ' +
        "and `format: int64` values as `bigint`s, typed so (off by default; validation still checks what is sent).",
    }),
    parameters: [
      {
        name: "handlers",
        type: `TransformedHandlers<${handlersType}<C, NoInfer<H>>, typeof OPERATION_TRANSFORMS, typeof TRANSFORM_PLANS, X>`,
      },
      {
        name: "options",
        type: `ServerOptions<C, ${context.apiName}OperationId> & { readonly responseHeaders?: readonly H[]; readonly transforms?: X }`,
        initializer: "{}",
      },
    ],
    returnType: "(request: Request) => Promise<Response>",
    statements: transformable
      ? [
          // the transform plans are imported only when the option `transforms` is given
          'return createRuntimeRequestHandler(API, handlers as unknown as HandlerMap<C>, options as ServerOptions<C>, { stages: createTransformStages, load: () => import("./transforms.js") });',
        ]
      : [
          // no field of this spec is a date-time or an int64: the option `transforms` changes nothing, and none of its code is bundled
          "return createRuntimeRequestHandler(API, handlers as unknown as HandlerMap<C>, options as ServerOptions<C>, null);",
        ],
  };
}

/**
 * server.ts: the `<Name>Handlers` interface (typed requests, the union of declared responses),
 * 501 stubs, and the API descriptor (route table, validators, rate-limit plans, deprecation)
 * that the server runtime (templates/server) runs on.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import type { ErrorShape } from "../../../templates/server/descriptor.js";
import { formBodies } from "../../model/form-fields.js";
import type { ApiModel, OperationModel } from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { operationDoc, replacementName } from "../operation-docs.js";
import { securityRequirementsTable, serverSecuritySchemes } from "../security-tables.js";
import { jsDoc } from "../ts/jsdoc.js";
import { literal, objectWriter } from "../ts/literal.js";
import { printStatements } from "../ts/source-file.js";
import { jsonMedia, validatedBodyMedia, validatorName } from "../validators/validator-names.js";
import { apiErrorFormat, errorShapeOfResponse } from "./error-shapes.js";
import { FormShapeWriter } from "./form-shape-writer.js";
import { parameterDescriptors } from "./parameter-descriptors.js";
import { handlerRequestType, handlerResponseType, headerSchemaType } from "./handler-types.js";

export function emitServer(model: ApiModel, context: EmitContext, document: unknown = {}): GeneratedFile[] {
  const handlersType = `${context.apiName}Handlers`;
  const handlerTypes = model.operations.flatMap((operation) => [handlerRequestType(operation, document), handlerResponseType(operation)]);
  const shapes = errorShapeNames(model, document);
  const formShapes = new FormShapeWriter(model.operations.flatMap((operation) => formBodies(document, operation).flatMap((form) => Object.values(form.fields))));
  // Written now (the descriptor is printed later): this collects the shared shapes they name.
  const forms = new Map(model.operations.map((operation) => [operation, formsDescriptor(operation, document, formShapes)]));
  const descriptor = apiDescriptor(model, document, shapes, forms);
  const statements: StatementStructures[] = [
    ...imports(typeHelpersUsed(handlerTypes), shapes.size > 0, formShapes.constants.length > 0),
    ...planType(model, context),
    ...handlerTypes,
    handlersInterface(model, handlersType),
    ...errorShapeConstants(shapes),
    ...formShapeConstants(formShapes),
    descriptor,
    stubs(model, context, handlersType),
    requestHandlerFactory(context, handlersType),
  ];
  return [{ path: "server.ts", content: printStatements("server.ts", statements) }];
}

const TYPE_HELPERS = ["BinaryBody", "FormFiles", "LowercaseKeys", "NoParameters", "ResponseHeaders", "StatusRange"] as const;

/** The runtime's type helpers that the handler types name (only those are imported). */
function typeHelpersUsed(handlerTypes: readonly StatementStructures[]): string[] {
  const text = JSON.stringify(handlerTypes);
  return TYPE_HELPERS.filter((helper) => new RegExp(`\\b${helper}\\b`).test(text));
}

function imports(typeHelpers: readonly string[], errorShapes: boolean, formShapes: boolean): StatementStructures[] {
  const imp = (moduleSpecifier: string, names: readonly string[], isTypeOnly: boolean): StatementStructures => ({
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier,
    isTypeOnly,
    namedImports: names.map((name) => ({ name })),
  });
  return [
    imp("./types.js", ["paths"], true),
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: "./validators/parameters.js", namespaceImport: "parameterValidators" },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: "./validators/bodies.js", namespaceImport: "bodyValidators" },
    imp("./runtime/server/descriptor.js", ["ApiDescriptor", ...(errorShapes ? ["ErrorShape"] : []), ...(formShapes ? ["FormFieldShape"] : [])], true),
    ...(typeHelpers.length > 0 ? [imp("./runtime/server/handler-types.js", typeHelpers, true)] : []),
    imp("./runtime/server/errors.js", ["notImplemented"], false),
    imp("./runtime/server/request-handler.js", ["createRuntimeRequestHandler"], false),
    imp("./runtime/server/handler-api.js", ["HandlerMap", "ServerOptions"], true),
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
      docs: [{ description: "The rate-limit plans the spec defines (`x-rate-limits`); `authenticate` returns one per caller." }],
    },
  ];
}

function handlersInterface(model: ApiModel, handlersType: string): StatementStructures {
  return {
    kind: StructureKind.Interface,
    isExported: true,
    name: handlersType,
    typeParameters: [{ name: "C", default: "unknown" }],
    docs: jsDoc({
      summary: `What a ${model.title} server implements: one method per operation.`,
      description:
        "Each method receives the validated, coerced parameters, the parsed body and the authenticated caller, " +
        "and returns one of the responses the spec declares for it (anything else does not compile).",
    }),
    methods: model.operations.map((operation) => ({
      name: operation.name,
      docs: jsDoc(operationDoc(operation, replacementName(operation, model.operations))),
      parameters: [{ name: "request", type: `${operation.typeName}HandlerRequest<C>` }],
      returnType: `${operation.typeName}HandlerResponse | Promise<${operation.typeName}HandlerResponse>`,
    })),
  };
}

/** Each distinct error shape (error-shapes.ts) by its literal, named `errorShapeN` in first-use order. */
function errorShapeNames(model: ApiModel, document: unknown): Map<string, string> {
  const names = new Map<string, string>();
  const add = (shape: ErrorShape) => {
    const text = literal(shape);
    if (!names.has(text)) names.set(text, `errorShape${names.size + 1}`);
  };
  for (const operation of model.operations) {
    for (const response of operation.responses) {
      const found = errorShapeOfResponse(document, response);
      if (found) add(found.shape);
    }
  }
  return names;
}

function errorShapeConstants(shapes: Map<string, string>): StatementStructures[] {
  return [...shapes].map(([text, name], index) => ({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    ...(index === 0 ? { docs: [{ description: "How the runtime fills the error bodies the spec declares with its own errors (see runtime/server/error-format.ts)." }] } : {}),
    declarations: [{ name, type: "ErrorShape", initializer: text }],
  }));
}

function formShapeConstants(writer: FormShapeWriter): StatementStructures[] {
  return writer.constants.map(({ name, text }, index) => ({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    ...(index === 0 ? { docs: [{ description: "Form field shapes several operations share (see runtime/server/form-body.ts)." }] } : {}),
    declarations: [{ name, type: "FormFieldShape", initializer: text }],
  }));
}

function apiDescriptor(model: ApiModel, document: unknown, shapes: Map<string, string>, forms: Map<OperationModel, string>): StatementStructures {
  const entries: [string, string | ((writer: import("ts-morph").CodeBlockWriter) => void)][] = [
    ["title", literal(model.title)],
    ["version", literal(model.version)],
  ];
  if (model.apiKey) entries.push(["apiKey", literal({ in: model.apiKey.in, name: model.apiKey.name })]);
  if (model.securitySchemes.length > 0) entries.push(["securitySchemes", literal(serverSecuritySchemes(model.securitySchemes))]);
  if (model.rateLimits) {
    const { plans, ban } = model.rateLimits;
    entries.push(["rateLimits", literal({ plans, ...(ban ? { ban } : {}) })]);
  }
  const errorFormat = apiErrorFormat(model, document);
  entries.push([
    "errorFormat",
    errorFormat
      ? `{ mediaType: ${literal(errorFormat.mediaType)}, errorShape: ${shapes.get(literal(errorFormat.shape))}, validate: bodyValidators.${errorFormat.validator} }`
      : `{ mediaType: "application/problem+json" }`,
  ]);
  entries.push([
    "operations",
    (writer) => {
      writer.write("[").indent(() => {
        for (const operation of model.operations) {
          objectWriter(operationDescriptor(operation, model.operations, document, shapes, forms.get(operation) ?? ""))(writer);
          writer.write(",").newLine();
        }
      });
      writer.write("]");
    },
  ]);
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: [{ description: "The API as the server runtime runs it: routes, validators, security, rate limits, deprecation." }],
    declarations: [
      {
        name: "API",
        type: "ApiDescriptor",
        initializer: objectWriter(entries),
      },
    ],
  };
}

function operationDescriptor(
  operation: OperationModel,
  operations: readonly OperationModel[],
  document: unknown,
  shapes: Map<string, string>,
  forms: string,
): [string, string][] {
  const parameters = parameterDescriptors(operation, document);
  const entries: [string, string][] = [
    ["operationId", literal(operation.operationId)],
    ...(operation.name === operation.operationId ? [] : ([["handlerName", literal(operation.name)]] as [string, string][])),
    ["method", literal(operation.method)],
    ["path", literal(operation.path)],
    ["parameters", literal(parameters)],
    ["validateParameters", `parameterValidators.${validatorName(operation, "params")}`],
  ];
  const body = operation.requestBody;
  if (body) {
    const validated = validatedBodyMedia(body.contents);
    entries.push([
      "body",
      `{ required: ${body.required}, mediaTypes: ${literal(body.contents.map((media) => media.mediaType))}${validated ? `, validate: bodyValidators.${validatorName(operation, "body")}` : ""}${forms} }`,
    ]);
  }
  const responses = operation.responses.map((response) => {
    const json = jsonMedia(response.contents);
    const mediaType = response.contents[0]?.mediaType;
    const headers = Object.fromEntries(
      response.headers.map((header) => {
        const type = headerSchemaType(header);
        return [header.name, { required: header.required, ...(type ? { type } : {}) }];
      }),
    );
    const errorShape = errorShapeOfResponse(document, response);
    const parts = [
      ...(json ? [`validate: bodyValidators.${validatorName(operation, response.status)}`] : []),
      ...(errorShape ? [`errorShape: ${shapes.get(literal(errorShape.shape))}`] : []),
      ...(mediaType ? [`mediaType: ${literal(mediaType)}`] : []),
      ...(response.contents.length > 1 ? [`mediaTypes: ${literal(response.contents.map((media) => media.mediaType))}`] : []),
      ...(response.headers.length > 0 ? [`headers: ${literal(headers)}`] : []),
    ];
    return `${literal(response.status)}: { ${parts.join(", ")} }`;
  });
  entries.push(["responses", `{ ${responses.join(", ")} }`]);
  entries.push(["secured", String(operation.secured)]);
  if (operation.securityRequirements.length > 0) entries.push(["security", literal(securityRequirementsTable(operation.securityRequirements))]);
  if (operation.deprecation) {
    const { sunset, since } = operation.deprecation;
    const successor = operations.find((candidate) => candidate.operationId === operation.deprecation?.replacedBy);
    const replacedBy = successor ? { operationId: successor.operationId, method: successor.method, path: successor.path } : undefined;
    entries.push(["deprecated", literal({ ...(sunset ? { sunset } : {}), ...(since ? { since } : {}), ...(replacedBy ? { replacedBy } : {}) })]);
  }
  if (operation.stability) entries.push(["stability", literal(operation.stability)]);
  return entries;
}

/** `, forms: { "<media type>": { fields, validate, text } }` for form and multipart bodies, else "". */
function formsDescriptor(operation: OperationModel, document: unknown, formShapes: FormShapeWriter): string {
  const forms = formBodies(document, operation).map((form) => {
    const validate = form.validationSchema === undefined ? "" : `, validate: bodyValidators.${validatorName(operation, form.validatorPart)}`;
    return `${literal(form.mediaType)}: { fields: ${formShapes.writeFields(form.fields)}${validate}${form.text ? ", text: true" : ""} }`;
  });
  return forms.length === 0 ? "" : `, forms: { ${forms.join(", ")} }`;
}

function stubs(model: ApiModel, context: EmitContext, handlersType: string): StatementStructures {
  return {
    kind: StructureKind.Function,
    isExported: true,
    name: `create${context.apiName}Stubs`,
    typeParameters: [{ name: "C", default: "unknown" }],
    docs: jsDoc({
      summary: "Handlers whose every method answers 501 `not_implemented`: the starting point of an implementation.",
      description: "Spread them under your own handlers to implement the API one operation at a time.",
    }),
    returnType: `${handlersType}<C>`,
    statements: (writer) => {
      writer.write("return ").inlineBlock(() => {
        for (const operation of model.operations) {
          writer.writeLine(`${operation.name}: () => notImplemented(${literal(operation.operationId)}),`);
        }
      });
      writer.write(";");
    },
  };
}

function requestHandlerFactory(context: EmitContext, handlersType: string): StatementStructures {
  return {
    kind: StructureKind.Function,
    isExported: true,
    name: "createRequestHandler",
    typeParameters: [{ name: "C", default: "unknown" }],
    docs: jsDoc({
      summary: `Creates the web-standard request handler of the ${context.apiName} API: \`(request: Request) => Promise<Response>\`.`,
      description:
        "It routes, authenticates, rate-limits, validates parameters and bodies, calls your handlers, " +
        "and answers every failure in the error format the spec declares (else RFC 9457 problem details; `formatError` shapes them). " +
        "It uses web standards only: pass it as `fetch` to Deno, Bun, a worker or Hono, or mount it in `node:http` with " +
        "`serveNode` or `toNodeListener` (from the `./server/node` entry).",
    }),
    parameters: [
      { name: "handlers", type: `${handlersType}<C>` },
      { name: "options", type: "ServerOptions<C>", initializer: "{}" },
    ],
    returnType: "(request: Request) => Promise<Response>",
    statements: ["return createRuntimeRequestHandler(API, handlers as unknown as HandlerMap<C>, options);"],
  };
}

/**
 * server-api.ts: the API descriptor the server runtime (templates/server) runs on: route table,
 * validators, security, rate-limit plans, error shapes, deprecation. It is data only, so it is
 * printed in the fixed data layout (ts/data-layout.ts). server.ts
 * imports `API` from it and re-exports it.
 */
import type { ErrorShape } from "../../../templates/server/core/descriptor.js";
import type { ApiModel, OperationModel } from "../../model/types.js";
import type { GeneratedFile } from "../file.js";
import { securityRequirementsTable, serverSecuritySchemes } from "../security-tables.js";
import {
  DataObject,
  dataText,
  jsonData,
  printDataModule,
  reference,
  type DataConstant,
  type DataModule,
  type DataValue,
} from "../ts/data-layout.js";
import { jsonMedia, validatedBodyMedia, validatorName } from "../validators/validator-names.js";
import { ApiReadersNeeded } from "./api-readers.js";
import { hasXmlBodies, XML_IMPORTS, xmlBodyEntry, XmlShapeConstants } from "./xml-descriptors.js";
import { apiErrorFormat, ErrorShapes } from "./error-shapes.js";
import { FormShapeWriter } from "./form-shape-writer.js";
import { headerSchemaType } from "./handler-types.js";
import { parameterDescriptors } from "./parameter-descriptors.js";
import { ResponseDescriptors } from "./response-descriptors.js";
import { OperationLists } from "./operation-lists.js";

export const SERVER_API_PATH = "server-api.ts";
/** How server.ts imports it. */
export const SERVER_API_SPECIFIER = "./server-api.js";

export function emitServerApi(model: ApiModel): GeneratedFile {
  return { path: SERVER_API_PATH, content: printDataModule(serverApiModule(model)) };
}

/** The statements of server-api.ts. */
export function serverApiModule(model: ApiModel): DataModule {
  const errorShapes = new ErrorShapes(model);
  const shapes = errorShapeNames(model, errorShapes);
  const formShapes = new FormShapeWriter(
    model.operations.flatMap((operation) =>
      operation.forms.flatMap((form) => Object.values(form.fields)),
    ),
  );
  // Written first: this collects the shared shapes they name.
  const forms = new Map(
    model.operations.map((operation) => [operation, formsDescriptor(operation, formShapes)]),
  );
  const xmlShapes = new XmlShapeConstants();
  const responses = new ResponseDescriptors(
    model.operations,
    errorShapes,
    (shape) => shapeReference(shapes, shape),
    xmlShapes,
  );
  const readers = new ApiReadersNeeded(model);
  const lists = new OperationLists(model.operations);
  const descriptor = apiDescriptor(
    model,
    shapes,
    forms,
    { responses, lists, xmlShapes, errorShapes },
    readers.entry(),
  );
  const descriptorTypes = [
    "ApiDescriptor",
    ...(shapes.size > 0 ? ["ErrorShape"] : []),
    ...(formShapes.constants.length > 0 ? ["FormFieldShape"] : []),
    ...lists.typesUsed(),
    ...responses.typesUsed(),
  ].sort();
  const constants: DataConstant[] = [
    ...[...shapes].map(([text, name], index) => ({
      ...(index === 0
        ? {
            doc: "How the runtime fills the error bodies the spec declares with its own errors (see runtime/server/core/error-format.ts).",
          }
        : {}),
      name,
      type: "ErrorShape",
      value: jsonData(JSON.parse(text)),
    })),
    ...formShapes.constants.map(({ name, value }, index) => ({
      ...(index === 0
        ? {
            doc: "Form field shapes several operations share (see runtime/server/core/form-body.ts).",
          }
        : {}),
      name,
      type: "FormFieldShape",
      value,
    })),
    ...xmlShapes.constants,
    ...responses.constants,
    ...lists.constants,
    {
      doc: "The API as the server runtime runs it: routes, validators, security, rate limits, deprecation.",
      exported: true,
      name: "API",
      type: "ApiDescriptor",
      value: descriptor,
    },
  ];
  return {
    imports: [
      { namespace: "parameterValidators", from: "./validators/parameters.js" },
      { namespace: "bodyValidators", from: "./validators/bodies.js" },
      ...readers.imports(),
      { typeOnly: true, names: descriptorTypes, from: "./runtime/server/core/descriptor.js" },
      ...(hasXmlBodies(model) ? XML_IMPORTS : []),
    ],
    constants,
  };
}

/** Each distinct error shape (error-shapes.ts) by its literal, named `errorShapeN` in first-use order. */
function errorShapeNames(model: ApiModel, errorShapes: ErrorShapes): Map<string, string> {
  const names = new Map<string, string>();
  const add = (shape: ErrorShape) => {
    const text = JSON.stringify(shape);
    if (!names.has(text)) names.set(text, `errorShape${names.size + 1}`);
  };
  for (const operation of model.operations) {
    for (const response of operation.responses) {
      const found = errorShapes.ofResponse(response);
      if (found) add(found.shape);
    }
  }
  return names;
}

function shapeReference(shapes: Map<string, string>, shape: ErrorShape): DataValue {
  const name = shapes.get(JSON.stringify(shape));
  if (name === undefined) throw new Error(`error shape ${JSON.stringify(shape)} has no constant`);
  return reference(name);
}

/** What writes the parts of each operation's descriptor that operations share. */
interface SharedParts {
  readonly responses: ResponseDescriptors;
  readonly lists: OperationLists;
  readonly xmlShapes: XmlShapeConstants;
  readonly errorShapes: ErrorShapes;
}

function apiDescriptor(
  model: ApiModel,
  shapes: Map<string, string>,
  forms: Map<OperationModel, DataObject | undefined>,
  parts: SharedParts,
  readers: DataObject | undefined,
): DataObject {
  const entries: [string, DataValue][] = [
    ["title", model.title],
    ["version", model.version],
  ];
  // the runtime reads `apiKey` only without `securitySchemes`, which then holds it
  if (model.apiKey && model.securitySchemes.length === 0)
    entries.push(["apiKey", jsonData({ in: model.apiKey.in, name: model.apiKey.name })]);
  if (model.securitySchemes.length > 0)
    entries.push(["securitySchemes", jsonData(serverSecuritySchemes(model.securitySchemes))]);
  if (model.rateLimits) {
    const { plans, ban } = model.rateLimits;
    entries.push(["rateLimits", jsonData({ plans, ...(ban ? { ban } : {}) })]);
  }
  if (parts.lists.apiSecurity !== undefined) entries.push(["security", parts.lists.apiSecurity]);
  const errorFormat = apiErrorFormat(model, parts.errorShapes);
  entries.push([
    "errorFormat",
    errorFormat
      ? new DataObject([
          ["mediaType", errorFormat.mediaType],
          ["errorShape", shapeReference(shapes, errorFormat.shape)],
          ["validate", reference(`bodyValidators.${errorFormat.validator}`)],
        ])
      : new DataObject([["mediaType", "application/problem+json"]]),
  ]);
  if (readers !== undefined) entries.push(["readers", readers]);
  entries.push([
    "operations",
    model.operations.map((operation) =>
      operationDescriptor(operation, model.operations, forms.get(operation), parts),
    ),
  ]);
  return new DataObject(entries);
}

function operationDescriptor(
  operation: OperationModel,
  operations: readonly OperationModel[],
  forms: DataObject | undefined,
  { responses, lists, xmlShapes }: SharedParts,
): DataObject {
  const entries: [string, DataValue][] = [
    ["operationId", operation.operationId],
    ...(operation.name === operation.operationId
      ? []
      : ([["handlerName", operation.name]] as [string, DataValue][])),
    ["method", operation.method],
    ["path", operation.path],
    ["parameters", lists.writeParameters(operation)],
    ["validateParameters", reference(`parameterValidators.${validatorName(operation, "params")}`)],
  ];
  const body = operation.requestBody;
  if (body) {
    const validated = validatedBodyMedia(body.contents);
    entries.push([
      "body",
      new DataObject([
        ["required", body.required],
        ["mediaTypes", lists.writeMediaTypes(operation) ?? []],
        ...(validated
          ? ([
              ["validate", reference(`bodyValidators.${validatorName(operation, "body")}`)],
            ] as const)
          : []),
        ...(forms === undefined ? [] : ([["forms", forms]] as const)),
        ...xmlBodyEntry(body.contents, xmlShapes),
      ]),
    ]);
  }
  entries.push(["responses", responses.write(operation)]);
  entries.push(["secured", operation.secured]);
  const security = lists.writeSecurity(operation);
  if (security !== undefined) entries.push(["security", security]);
  if (operation.deprecation) {
    const { sunset, since } = operation.deprecation;
    const successor = operations.find(
      (candidate) => candidate.operationId === operation.deprecation?.replacedBy,
    );
    const replacedBy = successor
      ? { operationId: successor.operationId, method: successor.method, path: successor.path }
      : undefined;
    entries.push([
      "deprecated",
      jsonData({
        ...(sunset ? { sunset } : {}),
        ...(since ? { since } : {}),
        ...(replacedBy ? { replacedBy } : {}),
      }),
    ]);
  }
  if (operation.stability) entries.push(["stability", jsonData(operation.stability)]);
  return new DataObject(entries);
}

/** `{ "<media type>": { fields, validate, text } }` for form and multipart bodies, else undefined. */
function formsDescriptor(
  operation: OperationModel,
  formShapes: FormShapeWriter,
): DataObject | undefined {
  const forms = operation.forms.map((form): [string, DataValue] => [
    form.mediaType,
    new DataObject([
      ["fields", formShapes.writeFields(form.fields)],
      ...(form.validationSchema === undefined
        ? []
        : ([
            [
              "validate",
              reference(`bodyValidators.${validatorName(operation, form.validatorPart)}`),
            ],
          ] as const)),
      ...(form.text ? ([["text", true]] as const) : []),
    ]),
  ]);
  return forms.length === 0 ? undefined : new DataObject(forms);
}

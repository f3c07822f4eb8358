/**
 * validate.ts: the client's opt-in response validation. `RESPONSE_VALIDATORS` maps each
 * operationId and declared response key to the precompiled validators of its body
 * (validators/bodies.js, shared with the server's `validateResponses`) and of its declared headers
 * (validators/response-headers.js); `validate<Name>Response` is the hook to pass as the client's
 * `validateResponse`. `STANDARD_SCHEMAS` gives every operation's parameters, request body and JSON
 * responses as Standard Schema v1 objects over the same precompiled validators (docs/validators.md).
 * Only the package's `./validate` entry imports this file, so a client that does not validate
 * carries none of it.
 */
import {
  StructureKind,
  VariableDeclarationKind,
  type JSDocStructure,
  type OptionalKind,
  type StatementStructures,
  type VariableStatementStructure,
} from "ts-morph";
import type { ApiModel, OperationModel, ResponseModel } from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { jsDoc } from "../ts/jsdoc.js";
import { literal, objectCode, objectWriter } from "../ts/literal.js";
import { printStatements } from "../ts/source-file.js";
import {
  responseHeadersValidatorName,
  validatedBodyMedia,
  validatedResponseHeaders,
  validatedResponseMedia,
  validatorName,
} from "../validators/validator-names.js";
import { headerKind } from "./header-kinds.js";

export function emitResponseValidation(model: ApiModel, context: EmitContext): GeneratedFile[] {
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./validators/bodies.js",
      namespaceImport: "bodyValidators",
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./validators/response-headers.js",
      namespaceImport: "headerValidators",
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./validators/parameters.js",
      namespaceImport: "parameterValidators",
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/client/response-validation.js",
      namedImports: [{ name: "createResponseValidator" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/client/standard-schema.js",
      namedImports: [{ name: "standardSchema" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./types.js",
      isTypeOnly: true,
      namedImports: [{ name: "paths" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/client/response-validation.js",
      isTypeOnly: true,
      namedImports: [{ name: "ResponseValidationContext" }, { name: "ResponseValidatorTable" }],
    },
    operationTable(
      "RESPONSE_VALIDATORS",
      [
        {
          description:
            "The precompiled validators of every declared response, by operationId and response key.",
        },
      ],
      model,
      (operation) => operationWriter(operation, model),
      " satisfies ResponseValidatorTable",
    ),
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: jsDoc({
        summary: `Checks a response of the ${model.title} API against the spec: pass it as \`validateResponse\` to \`create${context.apiName}Client\`.`,
        description:
          "It checks the status (declared, or covered by a range or `default`), the content type, the body (against its JSON schema) " +
          "and the declared headers, and throws a `ResponseValidationError` (operation, status, JSON pointer) on the first mismatch, so the call rejects.",
      }),
      declarations: [
        {
          name: `validate${context.apiName}Response`,
          type: "(context: ResponseValidationContext) => void",
          initializer: "createResponseValidator(RESPONSE_VALIDATORS)",
        },
      ],
    },
    operationTable(
      "STANDARD_SCHEMAS",
      jsDoc({
        summary:
          "Every operation's parameters (`{ path, query, header, cookie }`, header names in lower case, values as text or typed), request body and JSON responses (by status) as Standard Schema v1 objects.",
        description:
          "They run the precompiled validators the server runs (no schema is compiled at run time): pass them to Hono's `sValidator`, TanStack Form, tRPC or oRPC.",
      }),
      model,
      standardSchemasCode,
      " as const",
    ),
  ];
  return [{ path: "validate.ts", content: printStatements("validate.ts", statements) }];
}

/** `export const <name> = { <operationId>: <code>, ... }<suffix>;` */
function operationTable(
  name: string,
  docs: OptionalKind<JSDocStructure>[],
  model: ApiModel,
  code: (operation: OperationModel) => string,
  suffix: string,
): VariableStatementStructure {
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs,
    declarations: [
      {
        name,
        initializer: (writer) => {
          objectWriter(
            uniqueOperations(model).map((operation) => [operation.operationId, code(operation)]),
          )(writer);
          writer.write(suffix);
        },
      },
    ],
  };
}

/** The operations by operationId: one given twice (--allow-duplicate-operation-ids) keeps its first. */
function uniqueOperations(model: ApiModel): OperationModel[] {
  const seen = new Set<string>();
  return model.operations.filter(
    (operation) => !seen.has(operation.operationId) && seen.add(operation.operationId),
  );
}

/** `{ params, body?, responses }` of one operation, each a `standardSchema<T>(validator)` call. */
function standardSchemasCode(operation: OperationModel): string {
  const type = `paths[${literal(operation.path)}][${literal(operation.method)}]`;
  const parts: [string, string][] = [
    [
      "params",
      `standardSchema<${type}["parameters"]>(parameterValidators.${validatorName(operation, "params")}, true)`,
    ],
  ];
  const body = operation.requestBody && validatedBodyMedia(operation.requestBody.contents);
  if (body !== undefined) {
    const bodyType = `NonNullable<${type}["requestBody"]>["content"][${literal(body.mediaType)}]`;
    parts.push([
      "body",
      `standardSchema<${bodyType}>(bodyValidators.${validatorName(operation, "body")})`,
    ]);
  }
  const responses: [string, string][] = [];
  for (const response of operation.responses) {
    const media = validatedResponseMedia(response.contents);
    if (media === undefined) continue;
    const responseType = `${type}["responses"][${literal(response.status)}]["content"][${literal(media.mediaType)}]`;
    responses.push([
      response.status,
      `standardSchema<${responseType}>(bodyValidators.${validatorName(operation, response.status)})`,
    ]);
  }
  parts.push(["responses", objectCode(responses)]);
  return objectCode(parts);
}

function operationWriter(operation: OperationModel, model: ApiModel): string {
  return objectCode(
    operation.responses.map((response) => [
      response.status,
      responseLiteral(operation, response, model),
    ]),
  );
}

function responseLiteral(
  operation: OperationModel,
  response: ResponseModel,
  model: ApiModel,
): string {
  const parts: [string, string][] = [
    ["mediaTypes", literal(response.contents.map((media) => media.mediaType))],
  ];
  if (validatedResponseMedia(response.contents))
    parts.push(["body", `bodyValidators.${validatorName(operation, response.status)}`]);
  const headers = validatedResponseHeaders(response.headers);
  const headersValidator = responseHeadersValidatorName(response.headers);
  if (headersValidator !== undefined) {
    parts.push(["headers", `headerValidators.${headersValidator}`]);
    const arrays = headers
      .filter((header) => headerKind(header.schema, model)?.endsWith("[]") === true)
      .map((header) => header.name.toLowerCase());
    if (arrays.length > 0) parts.push(["arrayHeaders", literal(arrays)]);
  }
  return objectCode(parts);
}

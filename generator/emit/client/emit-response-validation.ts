/**
 * validate.ts: the client's opt-in response validation. `RESPONSE_VALIDATORS` maps each
 * operationId and declared response key to the precompiled validators of its body
 * (validators/bodies.js, shared with the server's `validateResponses`) and of its declared headers
 * (validators/response-headers.js); `validate<Name>Response` is the hook to pass as the client's
 * `validateResponse`. Only the package's `./validate` entry imports this file, so a client that
 * does not validate carries none of it.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import type { ApiModel, OperationModel, ResponseModel } from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { jsDoc } from "../ts/jsdoc.js";
import { literal, objectCode, objectWriter } from "../ts/literal.js";
import { printStatements } from "../ts/source-file.js";
import {
  jsonMedia,
  responseHeadersValidatorName,
  validatedResponseHeaders,
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
      moduleSpecifier: "./runtime/client/response-validation.js",
      namedImports: [{ name: "createResponseValidator" }],
    },
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: "./runtime/client/response-validation.js",
      isTypeOnly: true,
      namedImports: [{ name: "ResponseValidationContext" }, { name: "ResponseValidatorTable" }],
    },
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [
        {
          description:
            "The precompiled validators of every declared response, by operationId and response key.",
        },
      ],
      declarations: [
        {
          name: "RESPONSE_VALIDATORS",
          initializer: (writer) => {
            // an operationId given twice (allowed by --allow-duplicate-operation-ids) keeps its first operation
            const seen = new Set<string>();
            const unique = model.operations.filter(
              (operation) => !seen.has(operation.operationId) && seen.add(operation.operationId),
            );
            objectWriter(
              unique.map((operation) => [operation.operationId, operationWriter(operation, model)]),
            )(writer);
            writer.write(" satisfies ResponseValidatorTable");
          },
        },
      ],
    },
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
  ];
  return [{ path: "validate.ts", content: printStatements("validate.ts", statements) }];
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
  if (jsonMedia(response.contents))
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

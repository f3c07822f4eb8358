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
import type {
  JSDocStructure,
  OptionalKind,
  TypeAliasDeclarationStructure,
  VariableStatementStructure,
} from "ts-morph";
import { StructureKind, VariableDeclarationKind } from "../ts/ts-morph-values.js";
import type { ApiModel, OperationModel, ResponseModel } from "../../model/types.js";
import type { EmitContext, GeneratedFile } from "../file.js";
import { jsDoc } from "../ts/jsdoc.js";
import { literal, objectCode, propertyKey, typeLiteralCode } from "../ts/literal.js";
import { printStatements, type PrintedStatement } from "../ts/source-file.js";
import { typeAliasText } from "../ts/structure-text.js";
import {
  responseHeadersValidatorName,
  validatedBodyMedia,
  validatedResponseHeaders,
  validatedResponseMedia,
  validatorName,
} from "../validators/validator-names.js";
import { headerKind } from "./header-kinds.js";

export function emitResponseValidation(model: ApiModel, context: EmitContext): GeneratedFile[] {
  const statements: PrintedStatement[] = [
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
      moduleSpecifier: "./runtime/client/standard-schema.js",
      isTypeOnly: true,
      namedImports: [{ name: "StandardSchemaV1" }],
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
    standardSchemasAlias(model),
    operationTable(
      "STANDARD_SCHEMAS",
      jsDoc({
        summary:
          "Every operation's parameters (`{ path, query, header, cookie }`, header names in lower case, values as text or typed), request body and JSON responses (by status) as Standard Schema v1 objects.",
        description:
          "They run the precompiled validators the server runs (no schema is compiled at run time): pass them to Hono's `sValidator`, TanStack Form, tRPC or oRPC.",
      }),
      model,
      (operation) =>
        objectCode(
          standardSchemaParts(operation).map(({ key, call, responses }) => [
            key,
            responses === undefined
              ? call
              : objectCode(responses.map((response) => [response.key, response.call])),
          ]),
        ),
      "",
      "StandardSchemas",
    ),
  ];
  return [{ path: "validate.ts", content: printStatements("validate.ts", statements) }];
}

/**
 * The type of `STANDARD_SCHEMAS`, as text (a long text is not passed through the printer's
 * writer: source-file.ts), else as a structure.
 */
function standardSchemasAlias(model: ApiModel): PrintedStatement {
  const structure: TypeAliasDeclarationStructure = {
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: "StandardSchemas",
    docs: [
      {
        description:
          "The type of `STANDARD_SCHEMAS`, written out: inferred, it is too large for the compiler to write in a declaration file on large specs (TS7056).",
      },
    ],
    type: typeLiteralCode(
      uniqueOperations(model).map(
        (operation) =>
          `readonly ${propertyKey(operation.operationId)}: ${standardSchemasType(operation)}`,
      ),
    ),
  };
  return typeAliasText(structure, { topLevel: true }) ?? structure;
}

/**
 * `export const <name> = { <operationId>: <code>, ... }<suffix>;`, the initializer as text (a
 * long one is not passed through the printer's writer: source-file.ts).
 */
function operationTable(
  name: string,
  docs: OptionalKind<JSDocStructure>[],
  model: ApiModel,
  code: (operation: OperationModel) => string,
  suffix: string,
  type?: string,
): VariableStatementStructure {
  return {
    kind: StructureKind.VariableStatement,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs,
    declarations: [
      {
        name,
        ...(type === undefined ? {} : { type }),
        initializer: `${objectCode(
          uniqueOperations(model).map((operation) => [operation.operationId, code(operation)]),
        )}${suffix}`,
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

/** One Standard Schema of an operation: its key, its validated type and the call that makes it. */
interface StandardSchemaPart {
  readonly key: string;
  readonly type: string;
  readonly call: string;
  /** For `responses`: one part per validated response, by status. */
  readonly responses?: readonly StandardSchemaPart[];
}

/**
 * `params`, `body?` and `responses` of one operation, each a `standardSchema(validator)` call
 * (its type argument comes from the `StandardSchemas` type it is assigned to).
 */
function standardSchemaParts(operation: OperationModel): StandardSchemaPart[] {
  const type = `paths[${literal(operation.path)}][${literal(operation.method)}]`;
  const parts: StandardSchemaPart[] = [
    {
      key: "params",
      type: `${type}["parameters"]`,
      call: `standardSchema(parameterValidators.${validatorName(operation, "params")}, true)`,
    },
  ];
  const body = operation.requestBody && validatedBodyMedia(operation.requestBody.contents);
  if (body !== undefined) {
    parts.push({
      key: "body",
      type: `NonNullable<${type}["requestBody"]>["content"][${literal(body.mediaType)}]`,
      call: `standardSchema(bodyValidators.${validatorName(operation, "body")})`,
    });
  }
  const responses: StandardSchemaPart[] = [];
  for (const response of operation.responses) {
    const media = validatedResponseMedia(response.contents);
    if (media === undefined) continue;
    responses.push({
      key: response.status,
      type: `${type}["responses"][${literal(response.status)}]["content"][${literal(media.mediaType)}]`,
      call: `standardSchema(bodyValidators.${validatorName(operation, response.status)})`,
    });
  }
  parts.push({ key: "responses", type: "", call: "", responses });
  return parts;
}

/** The type of one operation's entry of `STANDARD_SCHEMAS`. */
function standardSchemasType(operation: OperationModel): string {
  const member = (part: StandardSchemaPart): string =>
    `readonly ${propertyKey(part.key)}: ${
      part.responses === undefined
        ? `StandardSchemaV1<${part.type}>`
        : typeLiteralCode(part.responses.map(member))
    }`;
  return typeLiteralCode(standardSchemaParts(operation).map(member));
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

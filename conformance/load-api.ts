/**
 * Reads a spec for conformance testing through the generator's own loader and model
 * (generator/load, generator/model), so the tool sees any OpenAPI 3.0/3.1 document exactly as the
 * generated code does, and adds what the model leaves out: `links`, whether a declared header was
 * explicitly made optional, and the schema validator.
 */
import { resolve } from "node:path";
import { loadSpec, type LoadOptions } from "../generator/load/load-spec.js";
import { buildModel } from "../generator/model/build-model.js";
import { isObject, resolveObject } from "../generator/schema/json-pointer.js";
import type { ApiModel, OperationModel, ResponseModel } from "../generator/model/types.js";
import { SchemaValidator } from "../generator/schema/schema-validator.js";

export type { ApiModel, OperationModel, ResponseModel };

/** A link of a response (https://spec.openapis.org/oas/v3.0.3#link-object). */
export interface LinkModel {
  readonly name: string;
  /** The status key of the response that declares it. */
  readonly status: string;
  readonly targetOperationId: string;
  /** Target parameter name (optionally `path.name`, `query.name`) → runtime expression or constant. */
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly requestBody: unknown;
}

export interface ConformanceApi {
  readonly model: ApiModel;
  /** The bundled document (refs inside stay refs). */
  readonly document: Record<string, unknown>;
  readonly validator: SchemaValidator;
  /** The spec as given, for messages. */
  readonly displayPath: string;
  /** Links declared on each operation's responses, by operationId. */
  readonly links: ReadonlyMap<string, readonly LinkModel[]>;
  /** `operationId status header` (header lower-case) of headers declared with `required: false`. */
  readonly optionalHeaders: ReadonlySet<string>;
  /** The operation of an operationId; throws a clear error for an unknown one. */
  operation(operationId: string): OperationModel;
}

export interface LoadApiOptions extends LoadOptions {
  /** Compile the schemas with Ajv's strict mode (default false: real specs carry odd keywords). */
  readonly strictSchemas?: boolean;
}

export async function loadApi(
  specPath: string,
  options: LoadApiOptions = {},
): Promise<ConformanceApi> {
  const loaded = await loadSpec(resolve(specPath), process.cwd(), options);
  const model = buildModel(loaded.document, loaded.specHash);
  return apiFromDocument(
    loaded.document,
    model,
    loaded.displayPath,
    options.strictSchemas === true,
  );
}

function apiFromDocument(
  document: Record<string, unknown>,
  model: ApiModel,
  displayPath: string,
  strict: boolean,
): ConformanceApi {
  const links = new Map<string, LinkModel[]>();
  const optionalHeaders = new Set<string>();
  const byId = new Map(model.operations.map((operation) => [operation.operationId, operation]));
  for (const operation of model.operations) {
    const raw = readOperation(document, operation);
    const responses = isObject(raw?.responses) ? raw.responses : {};
    const found: LinkModel[] = [];
    for (const [status, rawResponse] of Object.entries(responses)) {
      const response = resolveObject(document, rawResponse);
      if (response === undefined) continue;
      if (isObject(response.headers)) {
        for (const [name, rawHeader] of Object.entries(response.headers)) {
          if (resolveObject(document, rawHeader)?.required === false) {
            optionalHeaders.add(
              `${operation.operationId} ${status.toUpperCase()} ${name.toLowerCase()}`,
            );
          }
        }
      }
      if (!isObject(response.links)) continue;
      for (const [name, rawLink] of Object.entries(response.links)) {
        const link = resolveObject(document, rawLink);
        if (link === undefined) continue;
        const target =
          typeof link.operationId === "string"
            ? link.operationId
            : operationFromRef(model, link.operationRef);
        if (target === undefined || !byId.has(target)) continue;
        found.push({
          name,
          status: status.toUpperCase(),
          targetOperationId: target,
          parameters: isObject(link.parameters) ? link.parameters : {},
          requestBody: link.requestBody,
        });
      }
    }
    if (found.length > 0) links.set(operation.operationId, found);
  }
  return {
    model,
    document,
    validator: new SchemaValidator(model.schemas, model.openapiVersion, { strict, refs: model }),
    displayPath,
    links,
    optionalHeaders,
    operation(operationId) {
      const operation = byId.get(operationId);
      if (operation === undefined) {
        throw new Error(
          `no operation ${JSON.stringify(operationId)} in ${displayPath} (operations: ${[...byId.keys()].join(", ")})`,
        );
      }
      return operation;
    },
  };
}

/** The operation object as written in the bundled document. */
export function readOperation(
  document: Record<string, unknown>,
  operation: OperationModel,
): Record<string, unknown> | undefined {
  const paths = isObject(document.paths) ? document.paths : {};
  const item = resolveObject(document, paths[operation.path]);
  return item === undefined ? undefined : resolveObject(document, item[operation.method]);
}

/** `operationRef: '#/paths/~12.0~1repositories~1{username}/get'` → that operation's id. */
function operationFromRef(model: ApiModel, ref: unknown): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith("#/paths/")) return undefined;
  return model.operations.find((operation) => operation.pointer === ref)?.operationId;
}

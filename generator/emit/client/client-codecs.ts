/**
 * Which of the client runtime's optional serializers (templates/client/codecs.ts) an operation
 * needs: a styled query or path, a non-JSON body, cookie parameters, a streamed response, basic
 * credentials, a path's route keys, JSON-content parameters, idempotency keys, and the plain
 * ones not every operation has: query parameters, header parameters, a request body. The
 * whole client passes the union for its spec to the runtime; each per-operation descriptor
 * (operations.ts) references its own, so a bundle that calls it carries those and no others.
 */
import type { StatementStructures } from "ts-morph";
import { StructureKind } from "../ts/ts-morph-values.js";
import type {
  ApiModel,
  OperationModel,
  ParameterLocation,
  SecuritySchemeModel,
} from "../../model/types.js";
import { templateStyles } from "../../model/check-path-template.js";
import { isJsonMediaType } from "../../schema/json-media.js";
import { objectCode } from "../ts/literal.js";
import { streamFormat } from "../../../templates/client/event-stream.js";
import type { ClientCodecs } from "../../../templates/client/codecs.js";

// `transforms` is an option of the whole client, not a serializer an operation references
export type CodecName = Exclude<keyof ClientCodecs, "transforms">;

/** A module (under runtime/client/) and the export that fills a codec's slot. */
export interface CodecRef {
  readonly slot: CodecName;
  readonly module: string;
  readonly name: string;
}

/**
 * Each codec's module and export, in the order they are written: what the whole client passes.
 * A new codec (a body media type, an auth scheme) is a slot in `ClientCodecs`, a line here and its
 * need in {@link operationCodecs}.
 */
const CODEC_MODULES: Readonly<Record<CodecName, { module: string; name: string }>> = {
  styledQuery: { module: "url", name: "serializeQuery" },
  otherBody: { module: "request-body", name: "encodeOtherBody" },
  cookies: { module: "cookies", name: "setCookieParams" },
  streams: { module: "stream-result", name: "readStreamResult" },
  styledPath: { module: "path-style", name: "stylePathValue" },
  basicAuth: { module: "basic-auth", name: "basicAuthorization" },
  httpAuth: { module: "http-auth", name: "httpAuth" },
  routeKeys: { module: "route-keys", name: "routeKeysOf" },
  jsonParameters: { module: "json-parameters", name: "withJsonText" },
  idempotencyKey: { module: "idempotency", name: "newIdempotencyKey" },
  query: { module: "url", name: "serializeFormQuery" },
  headerParams: { module: "header-params", name: "setHeaderParams" },
  body: { module: "body-writer", name: "writeBody" },
};

const ORDER = Object.keys(CODEC_MODULES) as CodecName[];

export function queryStyles(
  operation: OperationModel,
): Record<string, { style: string; explode: boolean }> {
  return Object.fromEntries(
    operation.parameters.query
      .filter((parameter) => (parameter.style ?? "form") !== "form" || !parameter.explode)
      .map((parameter) => [
        parameter.name,
        { style: parameter.style ?? "form", explode: parameter.explode },
      ]),
  );
}

/** The parameters described by a JSON `content`, by location (sent as JSON text). */
export function jsonParameters(
  operation: OperationModel,
): Partial<Record<ParameterLocation, string[]>> {
  const out: Partial<Record<ParameterLocation, string[]>> = {};
  for (const location of ["path", "query", "header", "cookie"] as const) {
    const names = operation.parameters[location]
      .filter(
        (parameter) =>
          parameter.contentType !== undefined && isJsonMediaType(parameter.contentType),
      )
      .map((parameter) => parameter.name);
    if (names.length > 0) out[location] = names;
  }
  return out;
}

export function pathStyles(
  operation: OperationModel,
): Record<string, { style: string; explode: boolean }> {
  const declared = operation.parameters.path
    .filter(
      (parameter) =>
        (parameter.style ?? "simple") !== "simple" ||
        parameter.explode ||
        isObjectSchema(parameter.schema),
    )
    .map(
      (parameter) =>
        [
          parameter.name,
          { style: parameter.style ?? "simple", explode: parameter.explode },
        ] as const,
    );
  // the template's operators (`{.id}`), which the runtime reads from the template itself: listed
  // so that the descriptor brings in the styled-path codec
  return Object.fromEntries([...declared, ...templateStyles(operation.path)]);
}

/** Whether a parameter schema is an object (its value is then serialized by the styled-path codec). */
function isObjectSchema(schema: unknown): boolean {
  return (
    isObject(schema) &&
    (schema.type === "object" || isObject(schema.properties) || "$ref" in schema)
  );
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * The narrower writers of `otherBody` for one operation: a form-only or multipart-only operation
 * references the one writer it needs; anything else (text, binary, both) the whole encoder.
 */
const NARROW_BODIES = [
  { prefix: "application/x-www-form-urlencoded", module: "form-body", name: "encodeFormBody" },
  { prefix: "multipart/form-data", module: "multipart-body", name: "encodeMultipartBody" },
] as const;

/** The codecs one operation needs, each with the narrowest module that serves it. */
export function operationCodecRefs(
  operation: OperationModel,
  schemes: readonly SecuritySchemeModel[],
): CodecRef[] {
  const others = (operation.requestBody?.contents ?? [])
    .map((media) => media.mediaType.toLowerCase())
    .filter((mediaType) => !isJsonMediaType(mediaType));
  return operationCodecs(operation, schemes).map((slot) => {
    const narrow =
      slot === "otherBody"
        ? NARROW_BODIES.find((body) => others.every((type) => type.startsWith(body.prefix)))
        : undefined;
    return { slot, ...(narrow ?? CODEC_MODULES[slot]) };
  });
}

/** The codecs one operation needs (`schemes`: the spec's security schemes). */
export function operationCodecs(
  operation: OperationModel,
  schemes: readonly SecuritySchemeModel[],
): CodecName[] {
  const basic = new Set(
    schemes
      .filter((scheme) => scheme.kind === "http" && scheme.scheme === "basic")
      .map((scheme) => scheme.name),
  );
  const inAuthorization = new Set(
    schemes
      .filter(
        (scheme) =>
          scheme.kind === "http" || scheme.kind === "oauth2" || scheme.kind === "openIdConnect",
      )
      .map((scheme) => scheme.name),
  );
  const needs: Record<CodecName, boolean> = {
    styledQuery: Object.keys(queryStyles(operation)).length > 0,
    // the runtime's own rule, so the two never disagree on what is JSON
    otherBody: (operation.requestBody?.contents ?? []).some(
      (media) => !isJsonMediaType(media.mediaType),
    ),
    cookies: operation.parameters.cookie.length > 0,
    streams: operation.responses.some((response) =>
      response.contents.some((media) => streamFormat(media.mediaType) !== undefined),
    ),
    styledPath: Object.keys(pathStyles(operation)).length > 0,
    basicAuth: operation.securityRequirements.some((requirement) =>
      requirement.schemes.some((scheme) => basic.has(scheme.name)),
    ),
    // a scheme sent in `Authorization` (API keys and mutualTLS are the core's)
    httpAuth: operation.securityRequirements.some((requirement) =>
      requirement.schemes.some((scheme) => inAuthorization.has(scheme.name)),
    ),
    routeKeys: operation.path.includes("#"),
    jsonParameters: Object.keys(jsonParameters(operation)).length > 0,
    idempotencyKey: operation.idempotencyKeyHeader !== undefined,
    // unstyled query parameters (the styled serializer writes the others too); a paginated
    // operation's walk sends its page parameters in the query
    query:
      (operation.parameters.query.length > 0 || operation.pagination !== undefined) &&
      Object.keys(queryStyles(operation)).length === 0,
    headerParams: operation.parameters.header.length > 0,
    body: operation.requestBody !== undefined,
  };
  return ORDER.filter((name) => needs[name]);
}

/** The codecs any operation of the spec needs (what the whole client passes to its runtime). */
export function codecsNeeded(model: ApiModel): CodecRef[] {
  const used = new Set(
    model.operations.flatMap((operation) => operationCodecs(operation, model.securitySchemes)),
  );
  return ORDER.filter((slot) => used.has(slot)).map((slot) => ({ slot, ...CODEC_MODULES[slot] }));
}

/** `{ styledQuery: serializeQuery, … }`: the codecs' object, each export under `prefix + name`. */
export function codecsLiteral(codecs: readonly CodecRef[], prefix = ""): string {
  return objectCode(codecs.map((codec) => [codec.slot, prefix + codec.name]));
}

/** The imports of the codecs' modules, one per export (each imported as `prefix + name`). */
export function codecImports(codecs: readonly CodecRef[], prefix = ""): StatementStructures[] {
  const unique = new Map(codecs.map((codec) => [`${codec.module}#${codec.name}`, codec]));
  return [...unique.values()].map(({ module, name }) => ({
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier: `./runtime/client/${module}.js`,
    namedImports: [prefix === "" ? { name } : { name, alias: prefix + name }],
  }));
}

/**
 * The names and media types the validators are compiled for, apart from the validator emitter
 * (emit-validators.ts, which loads Ajv): the client, server and README emitters name validators
 * with these, and importing them must not load Ajv when the validators come from the cache.
 */
import { createHash } from "node:crypto";
import type { HeaderModel, MediaModel, OperationModel } from "../../model/types.js";
import { isJsonMediaType } from "../../schema/json-media.js";
import { isXmlMediaType } from "../../model/xml-shapes.js";

/** An ASCII export name (Ajv standalone requires one): non-ASCII characters become `_xHEX_`. */
export function validatorName(operation: Pick<OperationModel, "name">, part: string): string {
  const ascii = operation.name.replace(
    /[^A-Za-z0-9_$]/gu,
    (char) => `_x${char.codePointAt(0)?.toString(16)}_`,
  );
  return `${ascii}$${part}`;
}

/** The JSON media type of a body or response, when it has one with a schema. */
export function jsonMedia(contents: readonly MediaModel[]): MediaModel | undefined {
  return contents.find((media) => isJsonMediaType(media.mediaType) && media.schema !== undefined);
}

/**
 * The media type a request body validator is compiled for: JSON, else XML (read into the value
 * its schema describes, then validated alike), else a `text/*` one.
 */
export function validatedBodyMedia(contents: readonly MediaModel[]): MediaModel | undefined {
  if (contents.some((media) => isJsonMediaType(media.mediaType))) return jsonMedia(contents);
  const xml = xmlMedia(contents);
  if (xml !== undefined) return xml;
  return contents.find(
    (media) => media.mediaType.toLowerCase().startsWith("text/") && media.schema !== undefined,
  );
}

/** The first XML media type of a body or response that has a schema (docs/xml.md). */
export function xmlMedia(contents: readonly MediaModel[]): MediaModel | undefined {
  return contents.find((media) => isXmlMediaType(media.mediaType) && media.schema !== undefined);
}

/** The media type a response validator is compiled for: JSON, else XML. */
export function validatedResponseMedia(contents: readonly MediaModel[]): MediaModel | undefined {
  return jsonMedia(contents) ?? xmlMedia(contents);
}

export { isJsonMediaType };

/**
 * The name of the validator of a response's declared headers, `headers$<hash>`: a hash of the
 * declarations, so responses that declare the same headers (the rate-limit headers on every
 * response, say) share one validator; `undefined` when the response declares none.
 */
export function responseHeadersValidatorName(headers: readonly HeaderModel[]): string | undefined {
  const checked = validatedResponseHeaders(headers);
  if (checked.length === 0) return undefined;
  const key = JSON.stringify(
    checked.map((header) => [header.name.toLowerCase(), header.required, header.schema ?? {}]),
  );
  return `headers$${createHash("sha256").update(key).digest("hex").slice(0, 12)}`;
}

/**
 * Response headers the validators check: all declared ones but `Content-Type` (which the spec
 * says is ignored), by lower-case name.
 */
export function validatedResponseHeaders(headers: readonly HeaderModel[]): HeaderModel[] {
  return headers.filter((header) => header.name.toLowerCase() !== "content-type");
}

/**
 * Header parameters OpenAPI 3.x says to ignore: `Accept`, `Content-Type` and `Authorization` are
 * described by the media types and security schemes. Never required nor validated (the runtime
 * still hands over the value it got).
 */
export const IGNORED_HEADER_PARAMETERS: ReadonlySet<string> = new Set([
  "accept",
  "content-type",
  "authorization",
]);

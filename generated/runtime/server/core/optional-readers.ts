// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Which of the API descriptor's optional `readers` an operation needs, asked twice with the same
 * rule: by the generator, to import into server-api.ts only the readers its spec needs (so a
 * bundle of the server carries no code its API never runs), and here, when the handler is built,
 * to refuse a descriptor that lacks one it needs (a `ConfigurationError` naming the operation
 * and what to import) rather than fail on the first such request.
 */
import type {
  ApiReaders,
  FormBodyReader,
  ParameterDescriptor,
  ResponseDescriptor,
  SecuritySchemeDescriptor,
  ServerOperationDescriptor,
} from "./descriptor.js";
import type { CookieReader } from "./cookies.js";
import { parseRouteTemplate } from "./route-template.js";
import { ConfigurationError } from "./errors.js";
import { createMediaTypeMatcher, mediaTypeEssence } from "./media-type.js";
import { isStreamingMediaType, type StreamBodyWriter } from "./stream-body.js";
import {
  prepareStyled,
  type ParameterStyleReaders,
  type StyledParameter,
} from "./styled-parameter.js";

export type BodyDescriptor = NonNullable<ServerOperationDescriptor["body"]>;

/**
 * Whether a body may need `readers.formBodies` (form-reader.ts): it accepts multipart (`*\/*`
 * does too), or a form whose fields have shapes. A urlencoded form without shapes does not.
 */
export function needsFormReader(body: BodyDescriptor): boolean {
  return (
    createMediaTypeMatcher(body.mediaTypes)("multipart/form-data") ||
    Object.values(body.forms ?? {}).some((form) => form.text !== true)
  );
}

/** Whether a parameter needs `readers.parameterStyles` (parameter-styles.ts). */
export function needsStyleReader(parameter: ParameterDescriptor): boolean {
  return prepareStyled(parameter) !== undefined;
}

/**
 * Whether a parameter or a security scheme needs `readers.cookies` (cookies.ts): it is read from
 * the `Cookie` header (a cookie parameter, an API key sent in a cookie).
 */
export function needsCookieReader(read: ParameterDescriptor | SecuritySchemeDescriptor): boolean {
  return "in" in read && read.in === "cookie";
}

/**
 * Whether a path template needs `readers.routeKeys` (route-keys.ts): it has a fragment (one the
 * router cannot read is not served at all).
 */
export function needsRouteKeys(path: string): boolean {
  try {
    return parseRouteTemplate(path).fragment !== "";
  } catch {
    return false;
  }
}

/** Whether an operation's responses need `readers.streamBodies` (stream-writer.ts): one declares NDJSON or server-sent events. */
export function needsStreamWriter(
  responses: Readonly<Record<string, Pick<ResponseDescriptor, "mediaType" | "mediaTypes">>>,
): boolean {
  return Object.values(responses).some(({ mediaType, mediaTypes }) =>
    [mediaType, ...(mediaTypes ?? [])].some(
      (type) => type !== undefined && isStreamingMediaType(mediaTypeEssence(type)),
    ),
  );
}

/** Refuses a descriptor that lacks a reader `who` needs, naming what to import. */
export function missingReader(who: string, what: string, reader: string, from: string): never {
  throw new ConfigurationError(
    `${who}: ${what} needs the API descriptor's readers.${reader}; import { ${reader} } from runtime/server/core/${from} into it (the generated server-api.ts does when its spec needs it)`,
  );
}

/** The form reader a body needs, `undefined` when it needs none. */
export function formReaderFor(
  body: BodyDescriptor,
  operationId: string,
  readers: ApiReaders | undefined,
): FormBodyReader | undefined {
  if (!needsFormReader(body)) return undefined;
  return (
    readers?.formBodies ??
    missingReader(
      operationId,
      `reading its ${body.mediaTypes.join(", ")} bodies`,
      "formBodies",
      "form-reader.js",
    )
  );
}

/** The styled readers a parameter needs, `undefined` when it is read the plain way. */
export function styleReaderFor(
  styled: StyledParameter | undefined,
  operationId: string,
  readers: ApiReaders | undefined,
): ParameterStyleReaders | undefined {
  if (styled === undefined) return undefined;
  return (
    readers?.parameterStyles ??
    missingReader(
      operationId,
      `its ${styled.in} parameter ${styled.name} (style ${styled.style})`,
      "parameterStyles",
      "parameter-styles.js",
    )
  );
}

/** The cookie reader `who` needs for `what` (see {@link needsCookieReader}); refused without one. */
export function cookieReaderFor(
  who: string,
  what: string,
  readers: ApiReaders | undefined,
): CookieReader {
  return readers?.cookies ?? missingReader(who, what, "cookies", "cookies.js");
}

/**
 * The stream writer of an operation: the descriptor's, whenever it has one (a handler may stream
 * a type it chose itself); refused when the operation declares a streaming type and it has none.
 */
export function streamWriterFor(
  operation: Pick<ServerOperationDescriptor, "operationId" | "responses">,
  readers: ApiReaders | undefined,
): StreamBodyWriter | undefined {
  if (readers?.streamBodies !== undefined || !needsStreamWriter(operation.responses)) {
    return readers?.streamBodies;
  }
  return missingReader(
    operation.operationId,
    "streaming its NDJSON or event-stream responses",
    "streamBodies",
    "stream-writer.js",
  );
}

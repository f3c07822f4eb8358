// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The API descriptor's optional `readers` (descriptor.ts re-exports these types): which
 * operation needs which is optional-readers.ts's rule.
 */
import type { AuthorizationHeaderReader } from "./authorization-header.js";
import type { CookieReader } from "./cookies.js";
import type { FormFieldShape } from "./descriptor.js";
import type { RouteKeyReader } from "./route-keys.js";
import type { StreamBodyWriter } from "./stream-body.js";
import type { ParameterStyleReaders } from "./styled-parameter.js";

/**
 * Reads a `multipart/form-data` or `application/x-www-form-urlencoded` body (`contentType`, as
 * sent) into the object its fields' shapes describe (form-reader.ts's `formBodies`).
 */
export type FormBodyReader = (
  bytes: Uint8Array,
  contentType: string,
  fields: Readonly<Record<string, FormFieldShape>>,
) => Promise<unknown>;

/**
 * Code that only some APIs need, carried by the descriptor so that a bundle of any other API leaves
 * it out: the generated server-api.ts sets the ones its spec needs. A descriptor that lacks one it
 * needs is refused when the handler is built (a `ConfigurationError` naming the operation).
 */
export interface ApiReaders {
  /** Parameters read by their style, objects, JSON `content` (parameter-styles.ts). */
  readonly parameterStyles?: ParameterStyleReaders;
  /** Multipart bodies, and forms whose fields have shapes (form-reader.ts). */
  readonly formBodies?: FormBodyReader;
  /** NDJSON and server-sent-event responses written from async iterables (stream-writer.ts). */
  readonly streamBodies?: StreamBodyWriter;
  /** The `Authorization` header, for http, OAuth 2 and OpenID Connect schemes (authorization-header.ts). */
  readonly authorizationHeader?: AuthorizationHeaderReader;
  /** The `Cookie` header, for cookie parameters and API keys sent in a cookie (cookies.ts). */
  readonly cookies?: CookieReader;
  /** Route keys: path templates with a fragment, `/#Action=Describe` (route-keys.ts). */
  readonly routeKeys?: RouteKeyReader;
}

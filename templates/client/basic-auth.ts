// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * `Authorization: Basic` (RFC 7617, UTF-8): the `basicAuth` codec, bundled only by clients and
 * operations whose security schemes include an http `basic` one.
 */
import type { BasicCredentials } from "./auth.js";

const utf8 = new TextEncoder();

/** Base64 of the UTF-8 bytes of `text`. */
export function base64Utf8(text: string): string {
  const bytes = utf8.encode(text);
  let binary = "";
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i] as number);
  return btoa(binary);
}

/** The `Authorization` value of basic credentials (RFC 7617, UTF-8). */
export function basicAuthorization(credentials: BasicCredentials): string {
  return `Basic ${base64Utf8(`${credentials.username}:${credentials.password}`)}`;
}

// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * `HEAD` (RFC 9110 §9.3.2): the same status and headers as `GET`, without content. A body the
 * runtime already holds gives its `Content-Length`; a streamed one is cancelled and sent no
 * length (its size is unknown without reading it).
 */
import type { RuntimeResponse } from "./runtime-response.js";

export function stripBodyForHead(response: RuntimeResponse): RuntimeResponse {
  const { body, headers } = response;
  if (body === null) return response;
  if (typeof body === "string") {
    headers["content-length"] = String(new TextEncoder().encode(body).byteLength);
  } else if (body instanceof Uint8Array) {
    headers["content-length"] = String(body.byteLength);
  } else {
    body.cancel().catch(() => undefined);
  }
  return { status: response.status, headers, body: null };
}

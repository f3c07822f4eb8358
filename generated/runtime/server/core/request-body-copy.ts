// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The web `Request` a handler gets once the runtime has read its body: a copy carrying the bytes
 * read, so that `request.formData()`, `text()` or `arrayBuffer()` still work in the handler.
 */

/** `request` with `bytes` as its body (the request itself when no body was read). */
export function withBody(request: Request, bytes: Uint8Array): Request {
  if (bytes.byteLength === 0 || request.method === "GET" || request.method === "HEAD") {
    return request;
  }
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: bytes as Uint8Array<ArrayBuffer>,
    signal: request.signal,
  });
}

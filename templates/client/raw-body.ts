// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * What every non-JSON body encoder shares: raw bodies (a string, `Blob`, `FormData`,
 * `URLSearchParams`, bytes, a stream) pass through; a value the media type has no encoding for is
 * sent as JSON (objects) or as text (scalars).
 */

export function isRawBody(body: unknown): boolean {
  return (
    typeof body === "string" ||
    body instanceof Blob ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    body instanceof ReadableStream
  );
}

/** An object as JSON text, a scalar as its text. */
export function encodeAsText(body: unknown): string {
  return typeof body === "object" && body !== null
    ? JSON.stringify(body)
    : `${body as string | number | boolean | bigint}`;
}

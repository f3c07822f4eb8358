// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Encoding of request bodies whose media type is not JSON.
 */

function isRawBody(body: unknown): boolean {
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

function appendEntries(
  target: { append(name: string, value: string): void },
  body: Record<string, unknown>,
): void {
  for (const name in body) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      target.append(
        name,
        typeof item === "object" && item !== null ? JSON.stringify(item) : `${item}`,
      );
    }
  }
}

function toFormData(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const name in body) {
    const value = body[name];
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof Blob) form.append(name, item);
      else form.append(name, typeof item === "object" ? JSON.stringify(item) : `${item}`);
    }
  }
  return form;
}

/** Encodes a body for a non-JSON media type: raw bodies pass through, plain objects are encoded. */
export function encodeOtherBody(body: unknown, mediaType: string): BodyInit {
  if (isRawBody(body)) return body as BodyInit;
  if (typeof body === "object" && body !== null) {
    if (mediaType.startsWith("application/x-www-form-urlencoded")) {
      const params = new URLSearchParams();
      appendEntries(params, body as Record<string, unknown>);
      return params;
    }
    if (mediaType.startsWith("multipart/form-data"))
      return toFormData(body as Record<string, unknown>);
    return JSON.stringify(body);
  }
  return `${body as string | number | boolean | bigint}`;
}

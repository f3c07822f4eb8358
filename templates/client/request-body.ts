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

/**
 * Form fields of a value: scalars as `name=value`, arrays of scalars as repeated names (OpenAPI's
 * default `form` + explode), objects and arrays of objects in brackets (`a[b][c]=`,
 * `items[0][price]=`: the `deepObject` form that Stripe and most form parsers read).
 */
function appendEntries(
  target: { append(name: string, value: string): void },
  name: string,
  value: unknown,
): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (typeof item === "object" && item !== null)
        appendEntries(target, `${name}[${index}]`, item);
      else appendEntries(target, name, item);
    });
  } else if (value instanceof Date) {
    target.append(name, value.toISOString());
  } else if (typeof value === "object") {
    const object = value as Record<string, unknown>;
    for (const key in object)
      appendEntries(target, name === "" ? key : `${name}[${key}]`, object[key]);
  } else {
    target.append(name, `${value as string}`);
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
      appendEntries(params, "", body);
      return params;
    }
    if (mediaType.startsWith("multipart/form-data"))
      return toFormData(body as Record<string, unknown>);
    return JSON.stringify(body);
  }
  return `${body as string | number | boolean | bigint}`;
}

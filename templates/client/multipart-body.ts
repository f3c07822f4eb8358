// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * `multipart/form-data` bodies: the multipart writer, bundled by the operations that declare a
 * multipart body (and, through request-body.ts, by clients with other non-JSON bodies). Arrays
 * are repeated parts, `Blob`s and `File`s file parts, objects JSON parts.
 */
import { encodeAsText, isRawBody } from "./raw-body.js";

/** A multipart body's parts (`FormData`). */
export function toFormData(body: Record<string, unknown>): FormData {
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

/** Whether a media type is multipart form data. */
export function isMultipartMedia(mediaType: string): boolean {
  return mediaType.startsWith("multipart/form-data");
}

/** The `otherBody` codec of an operation whose only non-JSON bodies are multipart. */
export function encodeMultipartBody(body: unknown, mediaType: string): BodyInit {
  if (isRawBody(body)) return body as BodyInit;
  if (typeof body === "object" && body !== null && isMultipartMedia(mediaType))
    return toFormData(body as Record<string, unknown>);
  return encodeAsText(body);
}

// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Encoding of request bodies whose media type is not JSON: the `otherBody` codec of a client (or
 * an operation) with several kinds of them. An operation with forms only references form-body.ts,
 * one with multipart only multipart-body.ts (operations.ts), so it bundles one writer.
 */
import { formParams, isFormMedia, type FormFieldStyle } from "./form-body.js";
import { isMultipartMedia, toFormData } from "./multipart-body.js";
import { encodeAsText, isRawBody } from "./raw-body.js";

export type { FormFieldStyle };

/**
 * Encodes a body for a non-JSON media type: raw bodies pass through, plain objects are encoded.
 * A form follows `formStyles` (the fields its `encoding` does not explode); an empty object or
 * array has no form, so it is not sent (`metadata: {}` sends nothing for `metadata`).
 */
export function encodeOtherBody(
  body: unknown,
  mediaType: string,
  formStyles?: Readonly<Record<string, FormFieldStyle>>,
): BodyInit {
  if (isRawBody(body)) return body as BodyInit;
  if (typeof body === "object" && body !== null) {
    if (isFormMedia(mediaType)) return formParams(body, formStyles);
    if (isMultipartMedia(mediaType)) return toFormData(body as Record<string, unknown>);
  }
  return encodeAsText(body);
}

// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The API descriptor's `readers.formBodies`: a multipart body (multipart-body.ts) or a form whose
 * fields have shapes, coerced by them (form-body.ts). The generated server-api.ts passes it only
 * when an operation of the spec may receive such a body (`needsFormReader` in body.ts), so a
 * bundle of any other API leaves this code out. A urlencoded form without field shapes is read by
 * body.ts itself (an object of strings).
 */
import { decodeText, parseJson } from "./body.js";
import type { FormBodyReader } from "./descriptor.js";
import { coerceFormFields } from "./form-body.js";
import { mediaTypeEssence } from "./media-type.js";
import { readMultipartEntries } from "./multipart-body.js";

export const formBodies: FormBodyReader = async (bytes, contentType, fields) => {
  const entries =
    mediaTypeEssence(contentType) === "multipart/form-data"
      ? await readMultipartEntries(bytes, contentType)
      : new URLSearchParams(decodeText(bytes));
  return coerceFormFields(entries, fields, parseJson);
};

// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * `multipart/form-data` bodies, parsed by the platform's own `Request.formData()` (no multipart
 * parser of ours): the body, already read within the size limit, is handed to a new `Request`
 * with the request's `Content-Type` (and its boundary).
 */
import { RequestError } from "./errors.js";

/** The parts of a multipart body, in order. Throws a 400 {@link RequestError} when malformed. */
export async function readMultipartEntries(
  bytes: Uint8Array,
  contentType: string,
): Promise<Array<[string, string | File]>> {
  if (!/;\s*boundary=/i.test(contentType)) {
    throw new RequestError(
      400,
      "validation_failed",
      "multipart/form-data body without a boundary parameter in its Content-Type",
    );
  }
  let form: FormData;
  try {
    form = await new Request("http://multipart.invalid/", {
      method: "POST",
      headers: { "content-type": contentType },
      body: bytes as Uint8Array<ArrayBuffer>,
    }).formData();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RequestError(
      400,
      "validation_failed",
      `body is not valid multipart/form-data: ${reason}`,
    );
  }
  const entries: Array<[string, string | File]> = [];
  form.forEach((value, name) => entries.push([name, value]));
  return entries;
}

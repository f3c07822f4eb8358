// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The one rule for "is this media type JSON", shared by the client runtime, the server runtime,
 * the generator and the conformance runner (through generator/schema/json-media.ts), so that
 * none of them reads a body as JSON that another would not: `application/json`, or any type with
 * the structured syntax suffix `+json` (RFC 6839 §3.1: `application/problem+json`,
 * `application/merge-patch+json`, `text/x+json` too); parameters (`; charset=utf-8`) and case are
 * ignored.
 */

const SUFFIX = "+json";

/** Whether a media type, or a `Content-Type` with parameters, is JSON (see above). */
export function isJsonMediaType(mediaType: string): boolean {
  if (mediaType === "application/json") return true;
  const semicolon = mediaType.indexOf(";");
  const essence = (semicolon === -1 ? mediaType : mediaType.slice(0, semicolon))
    .trim()
    .toLowerCase();
  if (essence === "application/json") return true;
  const slash = essence.indexOf("/");
  // a type and a subtype with something before the suffix: `x/+json` is not one
  return slash > 0 && essence.endsWith(SUFFIX) && essence.length - slash - 1 > SUFFIX.length;
}

// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Responses that declare a JSON and a binary media type for one status (`application/json` and
 * `image/png`, say): a handler's bytes, blob or stream are sent as the binary media type (not
 * serialized as JSON), and are not checked by the JSON validator.
 */
import type { ResponseDescriptor } from "./descriptor.js";
import { isJsonMediaType, mediaTypeEssence } from "./media-type.js";

/** Whether a handler's body is bytes, a blob or a stream. */
export function isBinaryValue(value: unknown): boolean {
  return (
    value instanceof Uint8Array ||
    value instanceof ArrayBuffer ||
    value instanceof Blob ||
    value instanceof ReadableStream
  );
}

/**
 * The declared binary media type a binary body is sent as, when the response declares several
 * media types (`mediaTypes`); undefined otherwise (the usual rules apply).
 */
export function binaryMediaType(
  declared: ResponseDescriptor | null | undefined,
  value: unknown,
): string | undefined {
  const mediaTypes = declared?.mediaTypes;
  if (mediaTypes === undefined || typeof value !== "object" || !isBinaryValue(value)) {
    return undefined;
  }
  return mediaTypes.find((mediaType) => {
    const essence = mediaTypeEssence(mediaType);
    return !isJsonMediaType(essence) && !essence.startsWith("text/") && !essence.includes("*");
  });
}

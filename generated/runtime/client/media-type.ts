// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Whether a response's `Content-Type` is one the spec declares: one rule for the client's honest
 * successes (`read-body.ts`) and for response validation.
 */
import { pickResponse } from "./response-key.js";
import { isJsonMediaType } from "./url.js";

/** `application/json` from `Application/JSON; charset=utf-8`. */
export function mediaTypeEssence(contentType: string): string {
  const semicolon = contentType.indexOf(";");
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

/** Whether a content type matches a declared media type (`application/json`, `text/*`, `*\/*`). */
export function matchesMediaType(contentType: string, declared: string): boolean {
  const essence = mediaTypeEssence(declared);
  if (essence === "*/*") return true;
  const actual = mediaTypeEssence(contentType);
  return essence.endsWith("/*") ? actual.startsWith(essence.slice(0, -1)) : actual === essence;
}

/**
 * Whether a 2XX response's content type may be read as the declared body: it matches a declared
 * media type, or both are JSON (`application/json` declared, `application/vnd.api+json` sent:
 * the body parses the same way and the schema still applies).
 */
export function isDeclaredMedia(contentType: string, declared: readonly string[]): boolean {
  const json = isJsonMediaType(contentType);
  for (const media of declared) {
    if (matchesMediaType(contentType, media) || (json && isJsonMediaType(media))) return true;
  }
  return false;
}

/**
 * The media types the spec declares for a 2XX status: its exact key, else `2XX`, else (a 2XX the
 * spec does not declare, typed with every declared success body) all of them. `[]`: no content.
 */
export function declaredSuccessMedia(
  byKey: Readonly<Record<string, readonly string[]>>,
  status: number,
): readonly string[] {
  return pickResponse(byKey, status) ?? Object.values(byKey).flat();
}

// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Media types: the essence of a `Content-Type` header and matching it against the spec's list.
 */

/** `application/JSON; charset=utf-8` → `application/json`; `""` when there is none. */
export function mediaTypeEssence(contentType: string | null): string {
  if (contentType === null) return "";
  if (contentType === "application/json") return contentType;
  const semicolon = contentType.indexOf(";");
  return (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
}

const TOKEN_SLASH_TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** Whether an essence (lower-case, from {@link mediaTypeEssence}) is `type/subtype`. */
export function isMediaTypeEssence(essence: string): boolean {
  return essence === "application/json" || TOKEN_SLASH_TOKEN.test(essence);
}

/** `application/json` and structured `+json` types: the one rule, shared with the client (client/json-media.ts). */
export { isJsonMediaType } from "../../client/json-media.js";

/**
 * A matcher for the media types an operation accepts. `type/*` and `*\/*` wildcards in the spec
 * are honoured; parameters in the spec's entries are ignored.
 */
export function createMediaTypeMatcher(accepted: readonly string[]): (essence: string) => boolean {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  let any = false;
  for (const entry of accepted) {
    const essence = mediaTypeEssence(entry);
    if (essence === "*/*" || essence === "*") any = true;
    else if (essence.endsWith("/*")) prefixes.push(essence.slice(0, -1));
    else exact.add(essence);
  }
  if (any) return (essence) => essence.includes("/");
  if (prefixes.length === 0) return (essence) => exact.has(essence);
  return (essence) => exact.has(essence) || prefixes.some((prefix) => essence.startsWith(prefix));
}

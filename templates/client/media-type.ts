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

/**
 * A media type that keeps the header CORS-safelisted (no preflight of its own): printable ASCII
 * without `"():<>?@[\]{}` (https://fetch.spec.whatwg.org/#cors-unsafe-request-header-byte).
 */
const SAFELISTED = /^[\x20-\x7e]+$/;
const UNSAFE = /["():<>?@[\\\]{}]/;
/** The longest `Accept` value that stays CORS-safelisted. */
const SAFELISTED_LENGTH = 128;

/**
 * The `Accept` header of an operation's calls: the media types its 2XX responses declare, each
 * once, JSON first with the others at `q=0.9` (the result types describe the JSON body), so that
 * a server offering several representations (XML first, say) answers with JSON, and with one the
 * client reads when it cannot. `undefined` when no 2XX declares content. A type that would make
 * the header unsafelisted (so a browser would send a preflight for it) is left out, and a list
 * over 128 characters keeps its JSON types and asks for the rest with `*\/*;q=0.9`.
 */
export function acceptHeader(
  successMedia: Readonly<Record<string, readonly string[]>> | undefined,
): string | undefined {
  if (successMedia === undefined) return undefined;
  const json: string[] = [];
  const other: string[] = [];
  for (const key in successMedia) {
    for (const media of successMedia[key]!) {
      if (!SAFELISTED.test(media) || UNSAFE.test(media)) continue;
      if (json.includes(media) || other.includes(media)) continue;
      (isJsonMediaType(media) ? json : other).push(media);
    }
  }
  const weighed = json.length === 0 ? other : other.map((media) => `${media};q=0.9`);
  const value = [...json, ...weighed].join(", ");
  if (value.length <= SAFELISTED_LENGTH) return value || undefined;
  const short = json.length === 0 ? "*/*" : `${json.join(", ")}, */*;q=0.9`;
  return short.length <= SAFELISTED_LENGTH ? short : undefined;
}

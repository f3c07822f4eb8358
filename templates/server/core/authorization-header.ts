// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * The API descriptor's `readers.authorizationHeader`: the `Authorization` header (RFC 9110
 * §11.6.2) read for the schemes that use it: `Bearer` per RFC 6750 (http `bearer`, OAuth 2,
 * OpenID Connect), `Basic` per RFC 7617 with UTF-8, any other http scheme passed through; and the
 * OAuth 2 scopes a caller lacks (403 `insufficient_scope`), as only these schemes have scopes. The
 * generated server-api.ts passes it only when a security scheme of the spec reads that header
 * (`needsAuthorizationHeader` in auth-credentials.ts), so an API-key-only bundle leaves it out.
 * Nothing here throws: what is unusable is returned as a message (never echoing the secret).
 */
import type { Credential } from "./auth.js";
import type { AuthRefusal } from "./auth-gate.js";
import { quoted } from "./auth-requirements.js";
import type { SecurityRequirementDescriptor, SecuritySchemeDescriptor } from "./descriptor.js";

/** The `Authorization` header's side of the security schemes that read it. */
export interface AuthorizationHeaderReader {
  /**
   * Reads the header for `schemes`: per request, why it is unusable (`malformed`) and, per
   * scheme, its credential, a message why not, or undefined (not that scheme's).
   */
  readonly parser: (schemes: readonly SecuritySchemeDescriptor[]) => (header: string | null) => {
    readonly malformed: string | undefined;
    credential(scheme: SecuritySchemeDescriptor): Credential | string | undefined;
  };
  /** A scheme's `WWW-Authenticate` challenge (RFC 9110 §11.6.1), with the realm. */
  readonly challenge: (scheme: SecuritySchemeDescriptor, realm: string) => string;
  /** How to send a scheme's credential, for the 401 message. */
  readonly howToSend: (scheme: SecuritySchemeDescriptor) => string;
  /**
   * The 403 `forbidden` of a requirement met by credentials that lack scopes its OAuth 2 and
   * OpenID Connect schemes require (with the RFC 6750 §3.1 `insufficient_scope` challenge), or
   * undefined when none lacks. Only these schemes have scopes, and they read this header.
   */
  readonly insufficientScope: (
    requirement: SecurityRequirementDescriptor,
    schemes: Readonly<Record<string, SecuritySchemeDescriptor>>,
    granted: readonly string[] | undefined,
    realm: string,
  ) => AuthRefusal | undefined;
}

const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Decodes `Basic` credentials, or returns why they are malformed. */
export function decodeBasic(
  value: string,
): { readonly username: string; readonly password: string } | string {
  if (!BASE64.test(value)) return "Basic credentials are not valid base64";
  let text: string;
  try {
    const binary = atob(value);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    text = utf8.decode(bytes);
  } catch {
    return "Basic credentials are not valid base64 of UTF-8 text";
  }
  const colon = text.indexOf(":");
  if (colon === -1) return "Basic credentials have no colon between user name and password";
  return { username: text.slice(0, colon), password: text.slice(colon + 1) };
}

/** `Authorization: <scheme> <value>` split, or undefined when there is no value at all. */
function splitAuthorization(header: string): { scheme: string; value: string } | undefined {
  const trimmed = header.trim();
  const space = trimmed.search(/[ \t]/);
  if (space === -1) return undefined;
  return { scheme: trimmed.slice(0, space).toLowerCase(), value: trimmed.slice(space + 1).trim() };
}

/** The credential an `Authorization` header gives a scheme, a problem, or undefined (not its). */
function fromAuthorization(
  scheme: SecuritySchemeDescriptor,
  parts: { scheme: string; value: string },
): Credential | string | undefined {
  const wanted =
    scheme.type === "http" ? scheme.scheme : scheme.type === "apiKey" ? undefined : "bearer";
  if (wanted === undefined || scheme.type === "mutualTLS" || parts.scheme !== wanted) {
    return undefined;
  }
  if (wanted === "bearer") {
    return TOKEN68.test(parts.value)
      ? { type: "bearer", token: parts.value }
      : "empty or malformed Bearer token";
  }
  if (wanted === "basic") {
    const decoded = decodeBasic(parts.value);
    return typeof decoded === "string" ? decoded : { type: "basic", ...decoded };
  }
  return parts.value === ""
    ? `empty ${parts.scheme} credentials`
    : { type: "http", scheme: wanted, value: parts.value };
}

export const authorizationHeader: AuthorizationHeaderReader = {
  /** The accepted scheme names are worked out once per API. */
  parser: (schemes) => {
    const accepted = [
      ...new Set(
        schemes.flatMap((scheme) =>
          scheme.type === "http"
            ? [scheme.scheme]
            : scheme.type === "oauth2" || scheme.type === "openIdConnect"
              ? ["bearer"]
              : [],
        ),
      ),
    ];
    return (header) => {
      const present = header !== null && header.trim() !== "";
      const parts = present ? splitAuthorization(header) : undefined;
      const malformed = !present
        ? undefined
        : parts === undefined
          ? "the Authorization header has a scheme but no credentials"
          : !accepted.includes(parts.scheme)
            ? `the Authorization scheme is not one this API accepts (${accepted.join(", ")})`
            : undefined;
      return {
        malformed,
        credential: (scheme) =>
          parts === undefined ? undefined : fromAuthorization(scheme, parts),
      };
    };
  },
  challenge: (scheme, realm) =>
    scheme.type === "http" && scheme.scheme === "basic"
      ? `Basic realm=${quoted(realm)}, charset="UTF-8"`
      : `${scheme.type === "http" && scheme.scheme !== "bearer" ? scheme.scheme : "Bearer"} realm=${quoted(realm)}`,
  howToSend: (scheme) =>
    scheme.type !== "http"
      ? "an OAuth 2 access token as Bearer in the Authorization header"
      : scheme.scheme === "bearer"
        ? "a Bearer token in the Authorization header"
        : scheme.scheme === "basic"
          ? "Basic credentials in the Authorization header"
          : `${scheme.scheme} credentials in the Authorization header`,
  insufficientScope(requirement, schemes, granted, realm) {
    // the union of its schemes' scopes, each once (they read the one bearer token of the request)
    const missing: string[] = [];
    for (const name in requirement) {
      const type = schemes[name]?.type;
      if (type !== "oauth2" && type !== "openIdConnect") continue;
      for (const scope of requirement[name] ?? []) {
        if ((granted === undefined || !granted.includes(scope)) && !missing.includes(scope))
          missing.push(scope);
      }
    }
    if (missing.length === 0) return undefined;
    return {
      status: 403,
      code: "forbidden",
      message: `Missing scope${missing.length === 1 ? "" : "s"}: ${missing.join(", ")}`,
      challenge: `Bearer realm=${quoted(realm)}, error="insufficient_scope", scope=${quoted(missing.join(" "))}`,
    };
  },
};

// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Reads the credentials a request carries for the spec's security schemes: the `Authorization`
 * header (RFC 9110 §11.6.2: `Bearer` per RFC 6750, `Basic` per RFC 7617 with UTF-8, any other
 * scheme passed through) and API keys from their header, query parameter or cookie.
 *
 * Nothing here throws: a malformed `Authorization` header (bad base64, no colon, an empty token,
 * a scheme no security scheme accepts) is reported as `malformed`, and the request then counts as
 * presenting no credential for it (401 where the operation needs a caller).
 */
import type { Credential, Credentials } from "./auth.js";
import { findCookie } from "./cookies.js";
import type { SecuritySchemeDescriptor } from "./descriptor.js";

/** What a request presented. */
export interface PresentedCredentials {
  readonly credentials: Credentials;
  /** How many schemes have a credential. */
  readonly count: number;
  /** Why the `Authorization` header was not usable, when it was not (never echoes secrets). */
  readonly malformed: string | undefined;
  /**
   * Every secret presented, in scheme order, as one string: what rate limits and idempotency
   * records key on (hashed) when the caller has no `id`. For a lone API key, the key itself.
   */
  readonly secret: string;
  /** The credential, when exactly one scheme has one (the common case: one API key). */
  readonly lone: Credential | undefined;
}

export const NO_CREDENTIALS: PresentedCredentials = Object.freeze({
  credentials: Object.freeze({}),
  count: 0,
  malformed: undefined,
  secret: "",
  lone: undefined,
});

/** Where a request's parts are read from (headers by lower-case name, the query lazily). */
export interface CredentialSource {
  header(name: string): string | null;
  query(name: string): string | null;
}

export type CredentialReader = (source: CredentialSource) => PresentedCredentials;

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

function secretOf(credential: Credential): string {
  switch (credential.type) {
    case "bearer":
      return credential.token;
    case "basic":
      return `${credential.username}:${credential.password}`;
    case "apiKey":
      return credential.value;
    case "http":
      return credential.value;
  }
}

/** A reader for the given schemes; the schemes that read `Authorization` share one parse. */
export function createCredentialReader(
  schemes: Readonly<Record<string, SecuritySchemeDescriptor>>,
): CredentialReader {
  // Per scheme, what each request reads (header names lower-cased once).
  const entries = Object.entries(schemes).map(([name, scheme]) => ({
    name,
    scheme,
    header: scheme.type === "apiKey" && scheme.in === "header" ? scheme.name.toLowerCase() : "",
  }));
  const readsAuthorization = entries.some(
    ({ scheme }) => scheme.type !== "apiKey" && scheme.type !== "mutualTLS",
  );
  const accepted = [
    ...new Set(
      entries.flatMap(({ scheme }) =>
        scheme.type === "http"
          ? [scheme.scheme]
          : scheme.type === "oauth2" || scheme.type === "openIdConnect"
            ? ["bearer"]
            : [],
      ),
    ),
  ];
  if (entries.length === 0) return () => NO_CREDENTIALS;

  return (source) => {
    const credentials: Record<string, Credential> = {};
    let count = 0;
    let malformed: string | undefined;
    let secret = "";
    let lone: Credential | undefined;
    const authorization = readsAuthorization ? source.header("authorization") : null;
    const parts =
      authorization === null || authorization.trim() === ""
        ? undefined
        : splitAuthorization(authorization);
    if (authorization !== null && authorization.trim() !== "" && parts === undefined) {
      malformed = "the Authorization header has a scheme but no credentials";
    } else if (parts !== undefined && !accepted.includes(parts.scheme)) {
      malformed = `the Authorization scheme is not one this API accepts (${accepted.join(", ")})`;
    }
    for (let i = 0; i < entries.length; i++) {
      const { name, scheme, header } = entries[i] as (typeof entries)[number];
      let credential: Credential | string | undefined;
      if (scheme.type === "apiKey") {
        const value =
          scheme.in === "header"
            ? source.header(header)
            : scheme.in === "query"
              ? source.query(scheme.name)
              : findCookie(source.header("cookie"), scheme.name);
        if (value !== null && value !== undefined && value !== "") {
          credential = { type: "apiKey", in: scheme.in, name: scheme.name, value };
        }
      } else if (parts !== undefined) {
        credential = fromAuthorization(scheme, parts);
      }
      if (typeof credential === "string") malformed ??= credential;
      else if (credential !== undefined) {
        credentials[name] = credential;
        secret = count === 0 ? secretOf(credential) : `${secret}\u0000${secretOf(credential)}`;
        lone = count === 0 ? credential : undefined;
        count++;
      }
    }
    if (count === 0 && malformed === undefined) return NO_CREDENTIALS;
    return { credentials, count, malformed, secret, lone };
  };
}

// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Credentials, callers and the constant-time key authenticator. No `node:` module: runs unchanged
 * on Node, Deno, Bun and workers. SHA-256 is @noble/hashes' (audited, plain JavaScript,
 * synchronous): Web Crypto's `crypto.subtle.digest` is asynchronous and on Node goes through the
 * thread pool, about 70 µs per short key against 1–2 µs, and a key is hashed on every request.
 *
 * Presented keys and every known key are hashed with SHA-256, and the digests are compared
 * against EVERY entry without early exit, so neither the length of the presented key nor which
 * entry matched (if any) shows in the time taken. Keys are never logged or kept raw.
 */
import { sha256 } from "@noble/hashes/sha2.js";

/** Who is calling, and on which rate-limit plan (a plan name from the spec's `x-rate-limits`). */
export interface AuthResult<C> {
  readonly caller: C;
  readonly plan: string;
  /**
   * The OAuth 2 / OpenID Connect scopes the caller was granted. Operations whose requirement
   * names scopes answer 403 when one is missing. Leave it out when the API has no scopes.
   */
  readonly scopes?: readonly string[];
  /**
   * A stable identity of the caller (a user or account id): rate limits count per identity
   * (hashed), so that one caller's several tokens share one quota. Default: the credentials
   * presented (their SHA-256).
   */
  readonly id?: string;
}

/** A credential as the request carried it, for one security scheme of the spec. */
export type Credential =
  /** `Authorization: Bearer <token>` (http `bearer`, OAuth 2 and OpenID Connect schemes). */
  | { readonly type: "bearer"; readonly token: string }
  /** `Authorization: Basic <base64>`, decoded as UTF-8 (RFC 7617). */
  | { readonly type: "basic"; readonly username: string; readonly password: string }
  /** An API key, from the header, query parameter or cookie the scheme names. */
  | {
      readonly type: "apiKey";
      readonly in: "header" | "query" | "cookie";
      readonly name: string;
      readonly value: string;
    }
  /** `Authorization: <scheme> <value>` for any other http scheme (`scheme` lower-case). */
  | { readonly type: "http"; readonly scheme: string; readonly value: string };

/** The credentials a request carries, by the spec's security scheme name. */
export type Credentials = Readonly<Record<string, Credential | undefined>>;

/**
 * Turns the credentials a request carries into the caller and their plan, or undefined (the
 * operation then answers 401 when it needs a caller). Sync or async.
 */
export type Authenticator<C> = (
  credentials: Credentials,
) => AuthResult<C> | undefined | PromiseLike<AuthResult<C> | undefined>;

export interface ApiKeyEntry<C> {
  readonly key: string;
  readonly caller: C;
  readonly plan: string;
  /** OAuth 2 scopes granted with this key or token, if the API has scoped operations. */
  readonly scopes?: readonly string[];
}

/**
 * The same check from the key's SHA-256 digest, which the runtime computes once per request for
 * both authentication and rate limiting (so the key is hashed once, not twice).
 */
export const AUTHENTICATE_DIGEST: unique symbol = Symbol.for("petstore.runtime.authenticateDigest");

export interface KeyAuthenticator<C> {
  /** Checks the first API key or bearer token of `credentials` (or a key given as a string). */
  (credentials: Credentials | string): AuthResult<C> | undefined;
  readonly [AUTHENTICATE_DIGEST]: (digest: Uint8Array) => AuthResult<C> | undefined;
}

const encoder = new TextEncoder();

/** UTF-8 of short texts (keys, ids), reused: hashing does not keep its input. */
const digestInput = new Uint8Array(1024);

/** The SHA-256 digest of `text` (UTF-8), 32 bytes. */
export function digestKey(text: string): Uint8Array {
  // At most 3 bytes per UTF-16 unit: a text this short always fits in the buffer.
  if (text.length * 3 > digestInput.length) return sha256(encoder.encode(text));
  const { written } = encoder.encodeInto(text, digestInput);
  const digest = sha256(digestInput.subarray(0, written));
  digestInput.fill(0, 0, written); // no copy of a key stays behind
  return digest;
}

const BASE64URL = new TextEncoder().encode(
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_",
);
const ascii = new TextDecoder();
/** One chunk of output, reused: the string is decoded from it at once. */
const base64UrlChunk = new Uint8Array(4096);

/**
 * Base64url (RFC 4648 §5, no padding) of bytes, for ids. Written out rather than `btoa` and three
 * replacements, and without concatenating characters one by one (each `+=` leaves a string
 * behind): it runs on every request (the rate-limit id).
 */
export function base64Url(bytes: Uint8Array): string {
  const out = base64UrlChunk;
  let text = "";
  let length = 0;
  for (let i = 0; i < bytes.length; i += 3) {
    const rest = bytes.length - i;
    const triple =
      ((bytes[i] as number) << 16) |
      (rest > 1 ? (bytes[i + 1] as number) << 8 : 0) |
      (rest > 2 ? (bytes[i + 2] as number) : 0);
    out[length++] = BASE64URL[triple >>> 18] as number;
    out[length++] = BASE64URL[(triple >>> 12) & 63] as number;
    if (rest > 1) out[length++] = BASE64URL[(triple >>> 6) & 63] as number;
    if (rest > 2) out[length++] = BASE64URL[triple & 63] as number;
    if (length > out.length - 4 || i + 3 >= bytes.length) {
      text += ascii.decode(out.subarray(0, length));
      length = 0;
    }
  }
  return text;
}

/** Whether two equally long byte arrays are equal, in time independent of where they differ. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] as number) ^ (b[i] as number);
  return difference === 0;
}

/**
 * The secret a key authenticator checks: the value of the first API-key credential, else the
 * first bearer token, else undefined.
 */
export function presentedKey(credentials: Credentials): string | undefined {
  let token: string | undefined;
  for (const name in credentials) {
    const credential = credentials[name];
    if (credential?.type === "apiKey") return credential.value;
    if (credential?.type === "bearer" && token === undefined) token = credential.token;
  }
  return token;
}

/**
 * Builds an authenticator for `ServerOptions.authenticate` from a fixed list of API keys (or
 * static bearer tokens).
 *
 * @throws Error naming the entry (never the key) when a key is empty or repeated
 */
export function createKeyAuthenticator<C>(entries: Iterable<ApiKeyEntry<C>>): KeyAuthenticator<C> {
  const keys: string[] = [];
  const results: AuthResult<C>[] = [];
  const seen = new Set<string>();
  let index = 0;
  for (const entry of entries) {
    if (typeof entry.key !== "string" || entry.key === "") {
      throw new Error(`API key entry #${index} has an empty key`);
    }
    if (seen.has(entry.key)) throw new Error(`API key entry #${index} repeats an earlier key`);
    seen.add(entry.key);
    keys.push(entry.key);
    const scopes = entry.scopes === undefined ? {} : { scopes: entry.scopes };
    results.push({ caller: entry.caller, plan: entry.plan, ...scopes });
    index++;
  }
  seen.clear();
  // Hashed once; the raw keys are not kept.
  const known = keys.map(digestKey);
  keys.length = 0;

  const byDigest = (digest: Uint8Array): AuthResult<C> | undefined => {
    let match = -1;
    for (let i = 0; i < known.length; i++) {
      // Every entry is compared, with no early exit on a match.
      const equal = constantTimeEqual(digest, known[i] as Uint8Array);
      match = equal && match === -1 ? i : match;
    }
    return match === -1 ? undefined : results[match];
  };
  const authenticate = (credentials: Credentials | string): AuthResult<C> | undefined => {
    const key = typeof credentials === "string" ? credentials : presentedKey(credentials);
    return key === undefined || key === "" ? undefined : byDigest(digestKey(key));
  };
  return Object.assign(authenticate, { [AUTHENTICATE_DIGEST]: byDigest });
}

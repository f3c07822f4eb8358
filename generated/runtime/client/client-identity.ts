// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * Who a client is, without its secrets: the origin of its base URL and a fingerprint of its
 * credentials. Two clients with the same identity share one rate-limit state (same key, same
 * server); query keys carry it, so two clients never read each other's cached data.
 *
 * The fingerprint is 32 bits of FNV-1a over the credentials: enough to tell a process's few keys
 * apart, too short to recover or confirm a key from (a 32-bit value matches about 2^96 keys of
 * 128 bits), so it may appear in caches, logs and devtools. A credential that is a function (a
 * rotating key) cannot be read up front: it is told apart by identity (the same function, the
 * same client identity).
 */
import type { AuthOption } from "./auth.js";

/** FNV-1a, 32 bits, over UTF-16 code units: 8 hex digits. */
export function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}

const functionIds = new WeakMap<object, number>();
let nextFunctionId = 0;

/** A stable number per function (for credentials and clocks that are functions). */
export function functionId(value: object): number {
  let id = functionIds.get(value);
  if (id === undefined) functionIds.set(value, (id = ++nextFunctionId));
  return id;
}

/**
 * The fingerprint of a client's credentials (scheme names and values, in name order): `"none"`
 * without any; never the credentials themselves.
 */
export function credentialFingerprint(auth: AuthOption): string {
  const names = Object.keys(auth)
    .filter((name) => auth[name] !== undefined)
    .sort();
  if (names.length === 0) return "none";
  const parts = names.map((name) => {
    const value = auth[name];
    if (typeof value === "function") return `${name}=fn#${functionId(value)}`;
    return `${name}=${JSON.stringify(value)}`;
  });
  return fingerprint(parts.join("\n"));
}

/**
 * The origin of a base URL (`https://api.example.com`); a relative one (`/api`) resolved against
 * `location` in a browser, else kept as written.
 */
export function baseOrigin(baseUrl: string): string {
  try {
    const base = (globalThis as { location?: { href?: string } }).location?.href;
    return new URL(baseUrl, base).origin;
  } catch {
    return baseUrl;
  }
}

/** What identifies a client: `origin` and `key` (a credential fingerprint, never a secret). */
export interface ClientIdentity {
  readonly origin: string;
  readonly key: string;
}

/**
 * Where a client made by `bindOperations` keeps its identity (a symbol: an operation method can
 * never be named so). `Symbol.for`, so two copies of the runtime agree.
 */
export const CLIENT_IDENTITY: unique symbol = Symbol.for(
  "openapi-contract-toolchain.client-identity",
);

/** `origin#fingerprint` of a client made by the runtime; `undefined` for any other object. */
export function clientIdentityKey(client: object): string | undefined {
  const identity = (client as { [CLIENT_IDENTITY]?: ClientIdentity })[CLIENT_IDENTITY];
  return identity === undefined ? undefined : `${identity.origin}#${identity.key}`;
}

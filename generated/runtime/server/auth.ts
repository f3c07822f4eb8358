// Runtime template of the pet store contract toolchain: copied verbatim into generated/runtime/. Edit it in templates/, never in generated/.
/**
 * API key authentication in constant time.
 *
 * Both the presented key and every known key are hashed with SHA-256, and the digests are
 * compared with `timingSafeEqual` against EVERY entry, so neither the length of the presented key
 * nor which entry matched (if any) shows in the time taken. Keys are never logged or kept raw.
 */
import { Buffer } from "node:buffer";
import * as crypto from "node:crypto";

/** Who is calling, and on which rate-limit plan (a plan name from the spec's `x-rate-limits`). */
export interface AuthResult<C> {
  readonly caller: C;
  readonly plan: string;
}

export interface ApiKeyEntry<C> {
  readonly key: string;
  readonly caller: C;
  readonly plan: string;
}

export type Authenticator<C> = (key: string) => AuthResult<C> | undefined;

/**
 * The same check from the key's SHA-256 digest, which the runtime computes once per request for
 * both authentication and rate limiting (so the key is hashed once, not twice).
 */
export const AUTHENTICATE_DIGEST: unique symbol = Symbol.for("petstore.runtime.authenticateDigest");

export interface KeyAuthenticator<C> extends Authenticator<C> {
  readonly [AUTHENTICATE_DIGEST]: (digest: Uint8Array) => AuthResult<C> | undefined;
}

/** `crypto.hash` (Node ≥ 20.12) when the runtime has it (Bun and Deno may not): faster. */
const oneShotHash = (crypto as Partial<Pick<typeof crypto, "hash">>).hash;

/** Writes the SHA-256 digest of `key` (UTF-8) into `into` (32 bytes) and returns `into`. */
export function digestKeyInto(key: string, into: Buffer): Buffer {
  // A "binary" (latin1) string result is markedly cheaper than a Buffer result in Node 20.
  const digest =
    oneShotHash === undefined
      ? crypto.createHash("sha256").update(key, "utf8").digest("binary")
      : oneShotHash("sha256", key, "binary");
  into.write(digest, 0, "binary");
  return into;
}

/** Builds an `authenticate(key)` for `ServerOptions.authenticate` from a fixed list of keys. */
export function createKeyAuthenticator<C>(entries: Iterable<ApiKeyEntry<C>>): KeyAuthenticator<C> {
  const digests: Buffer[] = [];
  const results: AuthResult<C>[] = [];
  const seen = new Set<string>();
  let index = 0;
  for (const entry of entries) {
    if (typeof entry.key !== "string" || entry.key === "") {
      throw new Error(`API key entry #${index} has an empty key`);
    }
    const digest = digestKeyInto(entry.key, Buffer.alloc(32));
    const hex = digest.toString("hex");
    if (seen.has(hex)) throw new Error(`API key entry #${index} repeats an earlier key`);
    seen.add(hex);
    digests.push(digest);
    results.push({ caller: entry.caller, plan: entry.plan });
    index++;
  }

  const byDigest = (digest: Uint8Array): AuthResult<C> | undefined => {
    let match = -1;
    for (let i = 0; i < digests.length; i++) {
      // Every entry is compared, with no early exit on a match.
      const equal = crypto.timingSafeEqual(digest, digests[i] as Buffer);
      match = equal && match === -1 ? i : match;
    }
    return match === -1 ? undefined : results[match];
  };
  const scratch = Buffer.alloc(32);
  const authenticate = (key: string): AuthResult<C> | undefined =>
    byDigest(digestKeyInto(key, scratch));
  return Object.assign(authenticate, { [AUTHENTICATE_DIGEST]: byDigest });
}

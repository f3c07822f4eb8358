/**
 * Idempotency record ids and fingerprints through Web Crypto: the same text as the `node:crypto`
 * digests of earlier versions (records already kept in Redis stay valid).
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { idempotencyDigest } from "../../../templates/server/core/idempotency.js";

function nodeDigest(parts: readonly (string | Uint8Array)[]): string {
  const hash = createHash("sha256");
  for (const part of parts) {
    hash.update(part);
    hash.update("\0");
  }
  return hash.digest("base64url");
}

describe("idempotencyDigest", () => {
  it("equals node:crypto's SHA-256 of the NUL-separated parts (text as UTF-8, bytes as they are)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.string({ unit: "grapheme" }), fc.uint8Array({ maxLength: 64 })), {
          maxLength: 5,
        }),
        async (parts) => {
          expect(await idempotencyDigest(parts)).toBe(nodeDigest(parts));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("separates the parts: moving a byte from one part to the next changes the digest", async () => {
    expect(await idempotencyDigest(["ab", "c"])).not.toBe(await idempotencyDigest(["a", "bc"]));
    expect(await idempotencyDigest(["POST", "/pets", "", new Uint8Array([1, 2])])).toMatch(
      /^[A-Za-z0-9_-]{43}$/,
    );
  });
});

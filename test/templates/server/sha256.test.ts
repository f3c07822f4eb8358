/**
 * The runtime's SHA-256 (templates/server/core/sha256.ts): the FIPS 180-2 examples, and the same
 * digest as `node:crypto` for every message length across the padding boundaries and for any
 * split of a message into `update` calls.
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createSha256, IV, K, sha256 } from "../../../templates/server/core/sha256.js";

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");
const text = (value: string): Uint8Array => new TextEncoder().encode(value);
const nodeHex = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

// FIPS 180-4 §4.2.2 and §5.3.3, as the standard prints them
const FIPS_K =
  "428a2f98 71374491 b5c0fbcf e9b5dba5 3956c25b 59f111f1 923f82a4 ab1c5ed5 d807aa98 12835b01 243185be 550c7dc3 72be5d74 80deb1fe 9bdc06a7 c19bf174 " +
  "e49b69c1 efbe4786 0fc19dc6 240ca1cc 2de92c6f 4a7484aa 5cb0a9dc 76f988da 983e5152 a831c66d b00327c8 bf597fc7 c6e00bf3 d5a79147 06ca6351 14292967 " +
  "27b70a85 2e1b2138 4d2c6dfc 53380d13 650a7354 766a0abb 81c2c92e 92722c85 a2bfe8a1 a81a664b c24b8b70 c76c51a3 d192e819 d6990624 f40e3585 106aa070 " +
  "19a4c116 1e376c08 2748774c 34b0bcb5 391c0cb3 4ed8aa4a 5b9cca4f 682e6ff3 748f82ee 78a5636f 84c87814 8cc70208 90befffa a4506ceb bef9a3f7 c67178f2";
const FIPS_IV = "6a09e667 bb67ae85 3c6ef372 a54ff53a 510e527f 9b05688c 1f83d9ab 5be0cd19";
const words = (table: Uint32Array): string =>
  [...table].map((word) => word.toString(16).padStart(8, "0")).join(" ");

describe("sha256", () => {
  it("computes the standard's constants (cube and square roots of the first primes)", () => {
    expect(words(K)).toBe(FIPS_K);
    expect(words(IV)).toBe(FIPS_IV);
  });

  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    [
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ],
    [
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
    ],
  ])("FIPS 180-2 example %j", (message, digest) => {
    expect(hex(sha256(text(message)))).toBe(digest);
  });

  it("hashes a million 'a's (the FIPS 180-2 long example) in one call and in 1000-byte updates", () => {
    const million = new Uint8Array(1_000_000).fill(0x61);
    const want = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
    expect(hex(sha256(million))).toBe(want);
    const hash = createSha256();
    for (let at = 0; at < million.length; at += 1000) hash.update(million.subarray(at, at + 1000));
    expect(hex(hash.digest())).toBe(want);
  });

  it("equals node:crypto for every length from 0 to 300 bytes (each padding case)", () => {
    for (let length = 0; length <= 300; length++) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 131 + length) & 0xff);
      expect(hex(sha256(bytes)), `length ${length}`).toBe(nodeHex(bytes));
    }
  });

  it("equals node:crypto for any bytes split into any updates", () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 150 }), { maxLength: 6 }), (parts) => {
        const hash = createSha256();
        for (const part of parts) hash.update(part);
        expect(hex(hash.digest())).toBe(nodeHex(Buffer.concat(parts)));
      }),
      { numRuns: 300 },
    );
  });

  it("does not change its input", () => {
    const bytes = text("a key that stays as it was");
    const copy = bytes.slice();
    sha256(bytes);
    expect(bytes).toEqual(copy);
  });
});

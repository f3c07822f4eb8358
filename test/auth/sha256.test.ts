import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sha256 } from "../../templates/server/sha256.js";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");

describe("sha256 (plain JavaScript, synchronous)", () => {
  it("gives the FIPS 180-4 example digests", () => {
    expect(hex(sha256("abc"))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
    expect(hex(sha256(""))).toBe(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    );
    expect(hex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
  });

  it("agrees with node:crypto on every length around the block boundaries and on any UTF-8 text", () => {
    for (let length = 0; length <= 200; length++) {
      const text = "k".repeat(length);
      expect(hex(sha256(text)), `length ${length}`).toBe(
        createHash("sha256").update(text).digest("hex"),
      );
    }
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 300 }),
        (text) => hex(sha256(text)) === createHash("sha256").update(text, "utf8").digest("hex"),
      ),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 300 }),
        (bytes) => hex(sha256(bytes)) === createHash("sha256").update(bytes).digest("hex"),
      ),
      { numRuns: 300 },
    );
  });
});

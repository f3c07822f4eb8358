/**
 * Texts hashed a chunk at a time (generator/cache/text-hash.ts): the same SHA-256 as Node's
 * `update` of the whole text, for short and long, one- and two-byte texts, at every chunk
 * boundary (surrogate pairs and lone surrogates included).
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CHUNK, sha256Hex, updateText } from "../../generator/cache/text-hash.js";

const whole = (text: string) => createHash("sha256").update(text).digest("hex");

describe("sha256Hex", () => {
  it("is update's digest for texts of every length around the chunk size", () => {
    for (const length of [0, 1, 16_383, 16_384, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 7]) {
      const ascii = '{"a":1}'.repeat(length).slice(0, length);
      expect(sha256Hex(ascii), `ascii ${length}`).toBe(whole(ascii));
      const wide = "é€x".repeat(length).slice(0, length);
      expect(sha256Hex(wide), `wide ${length}`).toBe(whole(wide));
    }
  });

  it("never splits a surrogate pair, and encodes a lone surrogate as update does", () => {
    for (const at of [CHUNK - 2, CHUNK - 1, CHUNK, CHUNK + 1])
      for (const middle of ["😀", "\ud83d", "\ude00", "\ud83d\ud83d"]) {
        const text = `${"a".repeat(at)}${middle}${"b".repeat(40_000)}`;
        expect(sha256Hex(text), `${JSON.stringify(middle)} at ${at}`).toBe(whole(text));
      }
  });

  it("continues a hash already fed, as update would", () => {
    const text = "x".repeat(2 * CHUNK + 5);
    const fed = updateText(createHash("sha256").update("salt\0"), text).update("\n").digest("hex");
    expect(fed).toBe(createHash("sha256").update(`salt\0${text}\n`).digest("hex"));
  });
});

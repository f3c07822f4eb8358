/** base64url without `node:buffer`: the same text as Node's `Buffer#toString("base64url")`. */
import { Buffer } from "node:buffer";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { base64Url } from "../../../templates/server/base64-url.js";

describe("base64Url", () => {
  it("matches Buffer's base64url for any bytes (every length mod 3)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70 }), (bytes) => {
        expect(base64Url(bytes)).toBe(Buffer.from(bytes).toString("base64url"));
      }),
      { numRuns: 500 },
    );
  });

  it("encodes a SHA-256 digest in 43 characters of the URL-safe alphabet", () => {
    const digest = new Uint8Array(32).map((_, index) => index * 8 + 3);
    expect(base64Url(digest)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(base64Url(new Uint8Array([0xfb, 0xff]))).toBe("-_8");
    expect(base64Url(new Uint8Array(0))).toBe("");
  });
});

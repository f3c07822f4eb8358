import { describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import {
  AUTHENTICATE_DIGEST,
  base64Url,
  constantTimeEqual,
  createKeyAuthenticator,
  digestKey,
  presentedKey,
} from "../../../templates/server/core/auth.js";

describe("createKeyAuthenticator", () => {
  const entries = [
    { key: "key-a", caller: { id: "a" }, plan: "free" },
    { key: "key-b", caller: { id: "b" }, plan: "pro" },
    { key: "key-c", caller: { id: "c" }, plan: "enterprise", scopes: ["read"] },
  ];

  it("returns the caller and plan of a known key, and undefined otherwise", () => {
    const authenticate = createKeyAuthenticator(entries);
    expect(authenticate("key-b")).toEqual({ caller: { id: "b" }, plan: "pro" });
    expect(authenticate("key-a")).toEqual({ caller: { id: "a" }, plan: "free" });
    expect(authenticate("key-c")).toEqual({
      caller: { id: "c" },
      plan: "enterprise",
      scopes: ["read"],
    });
    expect(authenticate("key-")).toBeUndefined();
    expect(authenticate("key-bb")).toBeUndefined();
    expect(authenticate("")).toBeUndefined();
    expect(authenticate("x".repeat(10_000))).toBeUndefined();
  });

  it("reads the first API key, else the first bearer token, of the credentials", () => {
    const authenticate = createKeyAuthenticator(entries);
    const header = { type: "apiKey", in: "header", name: "X-Key", value: "key-a" } as const;
    expect(authenticate({ bearer: { type: "bearer", token: "key-b" }, key: header })).toEqual({
      caller: { id: "a" },
      plan: "free",
    });
    expect(authenticate({ bearer: { type: "bearer", token: "key-b" } })).toEqual({
      caller: { id: "b" },
      plan: "pro",
    });
    expect(
      authenticate({ basic: { type: "basic", username: "key-a", password: "" } }),
    ).toBeUndefined();
    expect(presentedKey({})).toBeUndefined();
  });

  it("answers the same from the key's digest (the runtime hashes a key once)", () => {
    const authenticate = createKeyAuthenticator(entries);
    expect(authenticate[AUTHENTICATE_DIGEST](digestKey("key-c"))).toMatchObject({
      plan: "enterprise",
    });
    expect(authenticate[AUTHENTICATE_DIGEST](digestKey("key-d"))).toBeUndefined();
  });

  it("refuses empty and repeated keys without printing them", () => {
    expect(() => createKeyAuthenticator([{ key: "", caller: 1, plan: "free" }])).toThrow(/empty/);
    let message = "";
    try {
      createKeyAuthenticator([
        { key: "secret-1", caller: 1, plan: "free" },
        { key: "secret-1", caller: 2, plan: "pro" },
      ]);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/#1 repeats/);
    expect(message).not.toContain("secret-1");
  });

  it("keeps no raw key: each digest is computed, synchronously, and fresh", () => {
    const first = digestKey("key-a");
    expect(first).toBeInstanceOf(Uint8Array);
    expect(digestKey("key-a")).not.toBe(first);
    expect(digestKey("key-a")).toEqual(first);
  });

  it("digests keys as SHA-256 of their UTF-8 bytes", () => {
    for (const key of [
      "key-a",
      "ключ-🔑",
      "",
      "🔑".repeat(170),
      "k".repeat(342),
      "x".repeat(5000),
    ]) {
      expect(Buffer.from(digestKey(key))).toEqual(createHash("sha256").update(key).digest());
      expect(base64Url(digestKey(key))).toBe(createHash("sha256").update(key).digest("base64url"));
    }
    const authenticate = createKeyAuthenticator([{ key: "ключ-🔑", caller: 7, plan: "pro" }]);
    expect(authenticate("ключ-🔑")).toEqual({ caller: 7, plan: "pro" });
  });

  it("encodes any bytes as Node's base64url does, for every length", () => {
    for (let length = 0; length <= 9; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + 251) % 256);
      expect(base64Url(bytes)).toBe(Buffer.from(bytes).toString("base64url"));
    }
    const every = Uint8Array.from({ length: 256 }, (_, i) => 255 - i);
    expect(base64Url(every)).toBe(Buffer.from(every).toString("base64url"));
    // Longer than one output chunk (4096 characters).
    const long = Uint8Array.from({ length: 10_000 }, (_, i) => (i * 31) % 256);
    expect(base64Url(long)).toBe(Buffer.from(long).toString("base64url"));
  });

  it("compares digests byte for byte, whatever their contents", () => {
    const a = new Uint8Array(32).fill(7);
    expect(constantTimeEqual(a, a.slice())).toBe(true);
    for (const index of [0, 15, 31]) {
      const b = a.slice();
      b[index] = 8;
      expect(constantTimeEqual(a, b)).toBe(false);
    }
    expect(constantTimeEqual(a, a.subarray(1))).toBe(false);
  });
});

import { describe, expect, it, vi } from "vitest";
import { createHash, timingSafeEqual } from "node:crypto";
import { createKeyAuthenticator, digestKeyInto } from "../../../templates/server/auth.js";

vi.mock("node:crypto", async (importOriginal) => {
  const original = await importOriginal<typeof import("node:crypto")>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

describe("createKeyAuthenticator", () => {
  const entries = [
    { key: "key-a", caller: { id: "a" }, plan: "free" },
    { key: "key-b", caller: { id: "b" }, plan: "pro" },
    { key: "key-c", caller: { id: "c" }, plan: "enterprise" },
  ];

  it("returns the caller and plan of a known key, and undefined otherwise", () => {
    const authenticate = createKeyAuthenticator(entries);
    expect(authenticate("key-b")).toEqual({ caller: { id: "b" }, plan: "pro" });
    expect(authenticate("key-a")).toEqual({ caller: { id: "a" }, plan: "free" });
    expect(authenticate("key-")).toBeUndefined();
    expect(authenticate("key-bb")).toBeUndefined();
    expect(authenticate("")).toBeUndefined();
    expect(authenticate("x".repeat(10_000))).toBeUndefined();
  });

  it("compares digests against every entry, whichever key matches", () => {
    const authenticate = createKeyAuthenticator(entries);
    const spy = vi.mocked(timingSafeEqual);
    for (const key of ["key-a", "key-c", "nope"]) {
      spy.mockClear();
      authenticate(key);
      expect(spy).toHaveBeenCalledTimes(entries.length);
      for (const [left, right] of spy.mock.calls) {
        expect((left as Buffer).length).toBe(32);
        expect((right as Buffer).length).toBe(32);
      }
    }
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
    expect(message).toMatch(/repeats/);
    expect(message).not.toContain("secret-1");
  });

  it("digests keys as SHA-256 of their UTF-8 bytes", () => {
    for (const key of ["key-a", "ключ-🔑", ""]) {
      expect(digestKeyInto(key, Buffer.alloc(32))).toEqual(
        createHash("sha256").update(key).digest(),
      );
    }
    const authenticate = createKeyAuthenticator([{ key: "ключ-🔑", caller: 7, plan: "pro" }]);
    expect(authenticate("ключ-🔑")).toEqual({ caller: 7, plan: "pro" });
  });
});

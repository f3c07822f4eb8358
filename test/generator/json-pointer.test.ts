/**
 * Reading a `$ref`'s JSON pointer (generator/schema/json-pointer.ts): plain segments are read as
 * they are, escaped ones (`~0`, `~1`, percent-escapes of the URI fragment) unescaped first.
 */
import { describe, expect, it } from "vitest";
import { PointerError, readPointer } from "../../generator/schema/json-pointer.js";

describe("readPointer", () => {
  const document = {
    paths: { "/pets/{id}": { get: { operationId: "getPet" } } },
    components: { schemas: { Pet: { type: "object" }, "a~b": { type: "string" } } },
    "100%": { sure: true },
  };

  it("reads plain and escaped segments", () => {
    expect(readPointer(document, "#/components/schemas/Pet")).toEqual({ type: "object" });
    expect(readPointer(document, "#/paths/~1pets~1{id}/get/operationId")).toBe("getPet");
    expect(readPointer(document, "#/paths/~1pets~1%7Bid%7D/get/operationId")).toBe("getPet");
    expect(readPointer(document, "#/components/schemas/a~0b")).toEqual({ type: "string" });
    // a percent-escaped `~1` is a `/` once unescaped, as before any fast path
    expect(readPointer(document, "#/paths/%7E1pets%7E1%7Bid%7D/get/operationId")).toBe("getPet");
    expect(readPointer(document, "#/100%25/sure")).toBe(true);
    // a malformed percent-escape is read as written (a clear error when nothing is there)
    expect(readPointer(document, "#/100%/sure")).toBe(true);
    expect(() => readPointer(document, "#/components/schemas/%E0")).toThrow(/does not exist/);
    expect(readPointer(document, "#")).toBe(document);
  });

  it("refuses a pointer that leads nowhere, and an external one", () => {
    expect(() => readPointer(document, "#/components/schemas/Dog")).toThrow(PointerError);
    expect(() => readPointer(document, "#/components/schemas/Dog")).toThrow(/does not exist/);
    expect(() => readPointer(document, "other.yaml#/Pet")).toThrow(/external reference/);
  });
});

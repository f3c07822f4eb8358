/**
 * The document copy types.ts prepares and slots (generator/schema/document-copy.ts): a deep copy
 * that keeps sharing and cycles as `structuredClone` does, and says when its JSON text says it
 * exactly (the only documents types.ts keys its slotted text by).
 */
import { describe, expect, it } from "vitest";
import { copyDocument } from "../../generator/schema/document-copy.js";

describe("copyDocument", () => {
  it("copies a plain document deeply, equal and exact", () => {
    const document = {
      openapi: "3.0.3",
      paths: { "/pets": { get: { responses: { "200": { description: "ok" } } } } },
      components: { schemas: { Pet: { type: "object", required: ["id"], maximum: 3.5 } } },
      flags: [true, false, null, "x", 0],
    };
    const { copy, exact } = copyDocument(document);
    expect(copy).toEqual(document);
    expect(copy).not.toBe(document);
    expect(copy.components.schemas.Pet).not.toBe(document.components.schemas.Pet);
    expect(copy.flags).not.toBe(document.flags);
    expect(exact).toBe(true);
    copy.components.schemas.Pet.required.push("name");
    expect(document.components.schemas.Pet.required).toEqual(["id"]);
  });

  it("keeps a shared object shared and a cycle a cycle, and is then not exact", () => {
    const shared = { type: "string" };
    const document: Record<string, unknown> = { a: shared, b: { items: shared } };
    const first = copyDocument(document);
    const copy = first.copy as { a: object; b: { items: object } };
    expect(copy.a).toBe(copy.b.items);
    expect(copy.a).not.toBe(shared);
    expect(first.exact).toBe(false);
    const cyclic: Record<string, unknown> = { name: "loop" };
    cyclic.self = cyclic;
    const second = copyDocument(cyclic);
    expect((second.copy as { self: unknown }).self).toBe(second.copy);
    expect(second.exact).toBe(false);
  });

  it("says where a copy shares objects: with the JSON text, the same graph of the same values", () => {
    const plain = copyDocument({ a: { type: "string" }, b: [1, { c: true }] });
    expect(plain.sharing).toBe("");
    const shared = { type: "string" };
    const one = copyDocument({ a: shared, b: { items: shared }, c: { type: "string" } });
    const other = copyDocument({ a: { type: "string" }, b: { items: shared }, c: shared });
    // the same JSON text, shared at other places: told apart
    expect(JSON.stringify(one.copy)).toBe(JSON.stringify(other.copy));
    expect(one.sharing).not.toBe("");
    expect(other.sharing).not.toBe("");
    expect(one.sharing).not.toBe(other.sharing);
    expect(one.exact).toBe(false);
    // the same sharing in another document of that text: the same
    const again = { type: "string" };
    expect(copyDocument({ a: again, b: { items: again }, c: { type: "string" } }).sharing).toBe(
      one.sharing,
    );
    // a cycle JSON cannot write, and a value it does not write as it is: nothing to say
    const cyclic: Record<string, unknown> = { name: "loop" };
    cyclic.self = cyclic;
    expect(copyDocument(cyclic).sharing).toBeUndefined();
    expect(copyDocument({ a: shared, b: shared, n: Number.NaN }).sharing).toBeUndefined();
  });

  it.each([
    ["an infinite number", { maximum: Infinity }],
    ["NaN", { minimum: Number.NaN }],
    ["-0", { minimum: -0 }],
    ["undefined", { default: undefined }],
    ["a sparse list", { enum: [1, , 3] }],
    ["a Date (a YAML timestamp)", { example: new Date(0) }],
    ["a bigint", { example: 1n }],
  ])(
    "is not exact with %s (JSON would not say it as it is), and still copies it",
    (_what, value) => {
      const { copy, exact } = copyDocument(value);
      expect(exact).toBe(false);
      expect(copy).toStrictEqual(value);
    },
  );

  it("copies a __proto__ key as an own property, not as the prototype", () => {
    const document = JSON.parse('{"__proto__": {"polluted": true}, "x": 1}') as Record<
      string,
      unknown
    >;
    const { copy, exact } = copyDocument(document);
    expect(exact).toBe(false);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, "__proto__")).toBe(true);
    expect((copy as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });
});

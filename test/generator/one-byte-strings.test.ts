/**
 * A YAML spec's strings one byte a character (generator/load/one-byte-strings.ts): V8 keeps a
 * string cut from a text with any character beyond Latin-1 two bytes a character, and so every
 * output joined from it.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serialize } from "node:v8";
import { afterAll, describe, expect, it } from "vitest";
import { loadSpec } from "../../generator/load/load-spec.js";
import { withOneByteStrings } from "../../generator/load/one-byte-strings.js";
import { listPetsPaths } from "./small-spec.js";

const work = mkdtempSync(join(tmpdir(), "one-byte-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Whether V8 holds `text` two bytes a character (its serialization's tag says: `"` one byte, `c` two). */
function twoBytes(text: string): boolean {
  const bytes = serialize(text);
  const tag = bytes[2] === 0 ? bytes[3] : bytes[2]; // a padding byte may come first
  return tag === "c".charCodeAt(0);
}

const SPEC = (extra: string) => `openapi: 3.0.3
info: { title: Quotes, version: 1.0.0, description: "The pet’s store" }
${listPetsPaths(`          content:
            application/json:
              schema: { $ref: "#/components/schemas/Pet" }
`)}components:
  schemas:
    Pet:
      type: object
      description: A pet’s record.
      properties:
        name: { type: string, pattern: "^[a-z]+$" }
        ${extra}
`;

describe("a YAML spec's strings", () => {
  it("are one byte a character after the load where the text has a character beyond Latin-1", async () => {
    const path = join(work, "quotes.yaml");
    writeFileSync(path, SPEC("tag: { type: string }"));
    // without a cache; then parsed section by section, and from the sections the cache kept
    for (const cache of [false, true, true]) {
      const { document } = await loadSpec(path, work, { cache });
      const pet = (document as { components: { schemas: { Pet: Record<string, unknown> } } })
        .components.schemas.Pet;
      const properties = pet["properties"] as Record<string, { pattern?: string }>;
      expect(twoBytes(properties["name"]?.pattern ?? "")).toBe(false);
      expect(twoBytes(pet["type"] as string)).toBe(false);
      // the text that needs two bytes keeps them, and its characters
      expect(pet["description"]).toBe("A pet’s record.");
      expect(twoBytes(pet["description"] as string)).toBe(true);
    }
  });

  it("are made again only where JSON gives the same data", () => {
    const parsed = { a: "x", n: 1 };
    const ascii = Buffer.from("a: x\nn: 1\n");
    expect(withOneByteStrings(parsed, ascii)).toBe(parsed); // nothing to gain
    const quoted = Buffer.from("a: x’\nn: 1\n");
    const copy = withOneByteStrings(parsed, quoted);
    expect(copy).not.toBe(parsed);
    expect(copy).toEqual(parsed);
    // a text with an anchor: JSON would copy what the alias shares
    const shared = { s: "x" };
    const aliased = { a: shared, b: shared };
    expect(withOneByteStrings(aliased, Buffer.from("a: &s { s: x }\nb: *s\nc: ’\n"))).toBe(aliased);
    for (const unsafe of [
      "n: .inf",
      "n: .NaN",
      "n: 1e400",
      "b: !!binary aGk=",
      `n: ${"9".repeat(310)}`,
    ]) {
      const value = { n: Number.POSITIVE_INFINITY };
      expect(withOneByteStrings(value, Buffer.from(`a: ’\n${unsafe}\n`)), unsafe).toBe(value);
    }
  });
});

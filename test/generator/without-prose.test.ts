/**
 * The prose-free copy the cached emitters are keyed by and made from (generator/cache/without-prose.ts):
 * string `description` and `summary` values go, everywhere but in literal values, which are kept
 * whole and shared with the document rather than copied.
 */
import { describe, expect, it } from "vitest";
import { withoutProse } from "../../generator/cache/without-prose.js";

describe("withoutProse", () => {
  const example = { description: "a field named description", summary: "kept", nested: [{}] };
  const document = {
    info: { title: "T", description: "The API", summary: "Short" },
    components: {
      schemas: {
        Pet: {
          description: "A pet",
          properties: { description: { type: "string", description: "Its description" } },
          example,
          default: { summary: "kept too" },
          enum: [{ description: "a value" }],
          "x-notes": { description: "an extension's own" },
          title: { description: 3 },
        },
      },
    },
  };

  it("drops string prose outside literal values and keeps everything else", () => {
    expect(withoutProse(document, false)).toEqual({
      info: { title: "T" },
      components: {
        schemas: {
          Pet: {
            properties: { description: { type: "string" } },
            example,
            default: { summary: "kept too" },
            enum: [{ description: "a value" }],
            "x-notes": { description: "an extension's own" },
            title: { description: 3 },
          },
        },
      },
    });
    // the document itself is left as it was
    expect(document.info.description).toBe("The API");
  });

  it("shares literal values with the document instead of copying them", () => {
    const copy = withoutProse(document, false) as typeof document;
    const pet = copy.components.schemas.Pet;
    expect(pet.example).toBe(example);
    expect(pet.enum).toBe(document.components.schemas.Pet.enum);
    expect(pet["x-notes"]).toBe(document.components.schemas.Pet["x-notes"]);
    // what holds prose is a copy
    expect(copy.info).not.toBe(document.info);
    expect(pet.properties).not.toBe(document.components.schemas.Pet.properties);
  });
});

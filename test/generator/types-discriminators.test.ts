/**
 * openapi-typescript's discriminator scan kept from run to run
 * (generator/emit/types-discriminators.ts):
 * a replay changes the document exactly as the scan does and gives the same discriminators; a
 * document JSON cannot carry as it is is scanned every time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { CachePack } from "../../generator/cache/cache-pack.js";
import { emitTypes } from "../../generator/emit/emit-types.js";
import { lastScan, scannedDiscriminators } from "../../generator/emit/types-discriminators.js";

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function pack(): CachePack {
  const dir = mkdtempSync(join(tmpdir(), "types-discriminators-"));
  temps.push(dir);
  return CachePack.open(dir, "types-members", "test");
}

/** A document whose discriminators map a plain object, an `allOf` and a `$ref` chain. */
function documentWith(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    openapi: "3.0.3",
    paths: {},
    components: {
      schemas: {
        Pet: {
          oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }],
          discriminator: {
            propertyName: "kind",
            mapping: { cat: "#/components/schemas/Cat", dog: "#/components/schemas/Alias" },
          },
        },
        Cat: { type: "object", properties: { kind: { type: "string", description: "Its kind" } } },
        Dog: {
          allOf: [{ $ref: "#/components/schemas/Base" }, { type: "object", ...extra }],
        },
        Alias: { $ref: "#/components/schemas/Dog" },
        Base: {
          type: "object",
          required: ["kind"],
          properties: { kind: { type: "string" } },
          discriminator: { propertyName: "kind" },
        },
        Puppy: { allOf: [{ $ref: "#/components/schemas/Base" }] },
      },
    },
  };
}

describe("the discriminator scan, kept", () => {
  it("replays what the scan did to the document, and gives what it gave", async () => {
    const into = pack();
    const first = documentWith();
    const scanned = await scannedDiscriminators(first, into);
    expect(lastScan).toBe("scanned");
    expect(scanned.refsHandled.length).toBeGreaterThan(1);
    into.save();
    const second = documentWith();
    const replayed = await scannedDiscriminators(second, into);
    expect(lastScan).toBe("from the cache");
    expect(second).toEqual(first);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first)); // key order too
    expect(JSON.parse(JSON.stringify(replayed))).toEqual(JSON.parse(JSON.stringify(scanned)));
    // the scan changed the document (the enums it adds): so did the replay
    expect(JSON.stringify(second)).not.toBe(JSON.stringify(documentWith()));
  });

  it("scans every time a document whose changed objects JSON cannot carry", async () => {
    const into = pack();
    await scannedDiscriminators(documentWith({ maximum: Infinity }), into);
    into.save();
    const again = documentWith({ maximum: Infinity });
    await scannedDiscriminators(again, into);
    expect(lastScan).toBe("scanned");
  });

  it("is silent, as openapiTS's with `silent: true`, on every path to types.ts", async () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const document = documentWith();
    // a mapping to a schema that is neither an object nor an `allOf`: openapi-typescript warns
    const schemas = (document["components"] as { schemas: Record<string, unknown> }).schemas;
    schemas["Pet"] = {
      oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Name" }],
      discriminator: {
        propertyName: "kind",
        mapping: { cat: "#/components/schemas/Cat", name: "#/components/schemas/Name" },
      },
    };
    schemas["Name"] = { type: "string" };
    try {
      // the whole transform (no cache), then the kept scan (a replay could not print a warning)
      const types = await emitTypes(structuredClone(document));
      expect(types[0]?.content).toContain("Name: string");
      await scannedDiscriminators(document, pack());
      expect(lastScan).toBe("scanned");
      expect(warned).not.toHaveBeenCalled();
    } finally {
      warned.mockRestore();
    }
  });
});

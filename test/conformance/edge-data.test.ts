/**
 * The data conformance requests carry finds bugs: on the pet store's createPet, bodies hold
 * non-ASCII and astral-plane names, long names (exact limits are the boundary phase's), all valid;
 * mocks (no `edges`) keep readable ASCII.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { positiveRequests, type GeneratedRequest } from "../../conformance/request-arbitrary.js";
import { hasRejected, schemaArbitrary } from "../../generator/schema/schema-arbitrary.js";
import { petStoreApi } from "./reference-server.js";
import { documentSchemaRefs } from "../../generator/schema/schema-refs.js";

async function createPetNames(count: number): Promise<string[]> {
  const api = await petStoreApi();
  const requests = positiveRequests(api, api.operation("createPet"), new Set(["x-api-key"]));
  if (requests.kind !== "ok") throw new Error(requests.reason);
  const drawn = fc
    .sample(requests.arbitrary, { seed: 11, numRuns: count })
    .filter((value): value is GeneratedRequest => value !== undefined);
  for (const request of drawn)
    expect(
      api.validator.isValid(
        api.operation("createPet").requestBody!.contents[0]!.schema ?? {},
        request.body?.value,
      ),
    ).toBe(true);
  return drawn.map((request) => String((request.body?.value as { name: unknown }).name));
}

describe("edge data in requests", () => {
  it("draws full-Unicode names and names longer than 21 code points, all valid", async () => {
    const names = await createPetNames(300);
    expect(names.length).toBeGreaterThan(200);
    const share = (test: (name: string) => boolean): number =>
      names.filter(test).length / names.length;
    expect(share((name) => /[^\x00-\x7f]/.test(name))).toBeGreaterThan(0.3);
    expect(share((name) => /[\u{10000}-\u{10ffff}]/u.test(name))).toBeGreaterThan(0.05);
    expect(
      share((name) => /[\u0300-\u036f\u05d0-\u05ea\u0600-\u06ff\u202e]/.test(name)),
    ).toBeGreaterThan(0.05);
    expect(share((name) => [...name].length > 21)).toBeGreaterThan(0.1);
  });

  it("puts integers at and next to their bounds, and keeps mock data readable", () => {
    const refs = documentSchemaRefs({});
    const schema = { type: "integer", minimum: 1, maximum: 50 };
    const values = fc.sample(
      schemaArbitrary(schema, { refs, direction: "request", edges: true })!,
      { seed: 3, numRuns: 300 },
    ) as number[];
    for (const edge of [1, 2, 49, 50]) expect(values, String(edge)).toContain(edge);
    const text = fc
      .sample(schemaArbitrary({ type: "string", maxLength: 40 }, { refs, direction: "request" })!, {
        seed: 3,
        numRuns: 200,
      })
      .filter((value) => !hasRejected(value));
    for (const value of text) expect(value).toMatch(/^[\x20-\x7e]*$/);
  });
});

/**
 * conformance/wire-reading.ts: which values come back the same from their text, by the rule the
 * server reads text with (docs/server-bodies-errors.md#how-text-is-read), so that positive draws
 * for parameters and forms never carry a value the wire cannot tell apart from another.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadApi } from "../../conformance/load-api.js";
import { positiveRequests } from "../../conformance/request-arbitrary.js";
import { formReadsBack, readsBack } from "../../conformance/wire-reading.js";
import { FIXTURES } from "../runtime-specs/serve-fixture.js";
import { documentSchemaRefs } from "../../generator/schema/schema-refs.js";

const document = {
  components: {
    schemas: {
      Id: { type: "integer" },
      Files: {
        anyOf: [
          { type: "string", format: "binary" },
          { type: "array", items: { type: "string", format: "binary" } },
        ],
      },
    },
  },
};

const refs = documentSchemaRefs(document);

describe("readsBack", () => {
  it("refuses a text that a more specific type of the schema reads", () => {
    const archived = { anyOf: [{ type: "boolean" }, { type: "string", enum: ["true", "false"] }] };
    expect(readsBack(false, archived, refs)).toBe(true);
    expect(readsBack("false", archived, refs)).toBe(false);
    const key = { oneOf: [{ $ref: "#/components/schemas/Id" }, { type: "string" }] };
    expect(readsBack(5, key, refs)).toBe(true);
    expect(readsBack("5", key, refs)).toBe(false);
    expect(readsBack("1e3", key, refs)).toBe(false);
    for (const text of [" ", "", " 1", "0x10", "deploy.yml"])
      expect(readsBack(text, key, refs), JSON.stringify(text)).toBe(true);
    expect(readsBack("true", { type: ["string", "integer"] }, refs)).toBe(true);
    expect(readsBack("42", { type: ["string", "integer"] }, refs)).toBe(false);
  });

  it("keeps only text where the schema has no type", () => {
    expect(readsBack("false", {}, refs)).toBe(true);
    expect(readsBack(false, {}, refs)).toBe(false);
    expect(readsBack(-3, {}, refs)).toBe(false);
  });

  it("refuses a list of one where the single branch reads the item", () => {
    const rates = {
      anyOf: [
        { type: "array", items: { type: "string" } },
        { type: "string", enum: [""] },
      ],
    };
    expect(readsBack([""], rates, refs)).toBe(false);
    expect(readsBack(["r1"], rates, refs)).toBe(true);
    expect(readsBack(["", "r1"], rates, refs)).toBe(true);
    expect(
      readsBack(
        [3],
        { anyOf: [{ type: "integer" }, { type: "array", items: { type: "integer" } }] },
        refs,
      ),
    ).toBe(false);
    expect(readsBack(["x"], { type: "array", items: { type: "string" } }, refs)).toBe(true);
  });

  it("reads object properties through every branch, and multipart files as files", () => {
    const mandate = {
      anyOf: [
        {
          type: "object",
          properties: {
            acceptance: { type: "object", properties: { accepted_at: { type: "integer" } } },
          },
        },
        {
          type: "object",
          properties: {
            acceptance: { type: "object", properties: { online: { type: "boolean" } } },
          },
        },
      ],
    };
    expect(
      formReadsBack(
        { mandate: { acceptance: { accepted_at: 7, online: true } } },
        { type: "object", properties: { mandate } },
        refs,
        false,
      ),
    ).toBe(true);
    expect(
      formReadsBack(
        { mandate: { acceptance: { accepted_at: "7" } } },
        { type: "object", properties: { mandate } },
        refs,
        false,
      ),
    ).toBe(false);
    const upload = {
      type: "object",
      properties: { image: { $ref: "#/components/schemas/Files" } },
    };
    expect(formReadsBack({ image: "bytes" }, upload, refs, true)).toBe(true);
    expect(formReadsBack({ image: ["a", "b"] }, upload, refs, true)).toBe(true);
    expect(formReadsBack({ image: ["a"] }, upload, refs, true)).toBe(false);
    expect(
      formReadsBack(
        { grant_type: false },
        { type: "object", required: ["grant_type"] },
        refs,
        false,
      ),
    ).toBe(false);
    const strategy = {
      type: "object",
      properties: { strategy: { anyOf: [{ type: "string" }, { type: "object" }] } },
    };
    expect(formReadsBack({ strategy: "auto" }, strategy, refs, true)).toBe(true);
    expect(formReadsBack({ strategy: { a: 1 } }, strategy, refs, true)).toBe(true);
    expect(formReadsBack({ strategy: '{"a":1}' }, strategy, refs, true)).toBe(false);
  });
});

describe("positive requests", () => {
  it("never draw a value whose text reads as another type", async () => {
    const api = await loadApi(`${FIXTURES}/text-reading.yaml`);
    const operation = api.model.operations[0]!;
    const generated = positiveRequests(api, operation);
    if (generated.kind !== "ok") throw new Error(generated.reason);
    const requests = fc
      .sample(generated.arbitrary, { seed: 7, numRuns: 300 })
      .filter((request) => request !== undefined);
    expect(requests.length).toBeGreaterThan(100);
    const keys = requests.map((request) => request!.parameters.path.key);
    expect(keys.some((key) => typeof key === "number")).toBe(true);
    expect(keys.some((key) => typeof key === "string")).toBe(true);
    for (const key of keys)
      if (typeof key === "string")
        expect(key).not.toMatch(/^-?(0|[1-9][0-9]*)((\.[0-9]+)?[eE][+-]?[0-9]+)?$/);
    for (const request of requests) {
      const flag = request!.parameters.query.flag;
      if (typeof flag === "string") expect(["true", "false"]).not.toContain(flag);
    }
  });

  it("never draw a form array item that sends no field (it would leave a gap in the indexes)", async () => {
    const api = await loadApi(`${FIXTURES}/form-bodies.yaml`);
    const operation = api.model.operations[0]!;
    const generated = positiveRequests(api, operation);
    if (generated.kind !== "ok") throw new Error(generated.reason);
    const bodies = fc
      .sample(generated.arbitrary, { seed: 3, numRuns: 400 })
      .flatMap((request) =>
        request?.body === undefined ? [] : [request.body.value as Record<string, unknown>],
      );
    const lists = bodies.flatMap((body) =>
      Array.isArray(body.shipping) ? [body.shipping as Record<string, unknown>[]] : [],
    );
    expect(lists.some((list) => list.length > 0)).toBe(true);
    const sendsNothing = (item: Record<string, unknown>) =>
      Object.values(item).every(
        (value) =>
          value === undefined ||
          (typeof value === "object" && value !== null && Object.keys(value).length === 0),
      );
    for (const list of lists)
      for (const item of list) expect(sendsNothing(item), JSON.stringify(item)).toBe(false);
  });

  it("never draw a value that sends nothing for a required parameter (it would arrive missing)", async () => {
    const api = await loadApi(`${FIXTURES}/harness-edges.yaml`);
    const operation = api.model.operations.find((candidate) => candidate.operationId === "lists")!;
    const generated = positiveRequests(api, operation);
    if (generated.kind !== "ok") throw new Error(generated.reason);
    const pageables = fc
      .sample(generated.arbitrary, { seed: 5, numRuns: 300 })
      .flatMap((request) =>
        request === undefined ? [] : [request.parameters.query.pageable as Record<string, unknown>],
      );
    expect(pageables.length).toBeGreaterThan(100);
    // `{ sort: [] }` is drawn beside a page, never alone: an exploded object sends no pair for it
    expect(pageables.some((value) => Array.isArray(value.sort) && value.sort.length === 0)).toBe(
      true,
    );
    for (const value of pageables)
      expect(
        Object.values(value).some((item) => !(Array.isArray(item) && item.length === 0)),
        JSON.stringify(value),
      ).toBe(true);
  });
});

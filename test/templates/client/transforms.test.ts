/**
 * Transforms: the plan the schema model derives (generator/schema/transform-plan.ts) and the
 * codec the runtimes share (templates/client/transforms.ts): date-time → Date, int64 → bigint read
 * from the digits, written back as JSON numbers; off unless asked for.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { transformPlanner } from "../../../generator/schema/transform-plan.js";
import {
  parseTransformed,
  stringifyTransformed,
  transformedText,
  type TransformOptions,
} from "../../../templates/client/transforms.js";

const ON: TransformOptions = { dates: true, int64: "bigint" };
const BIG = "9007199254740993"; // 2^53 + 1: a double reads it as 9007199254740992

const schemas: Record<string, unknown> = {
  Event: {
    type: "object",
    properties: {
      id: { type: "integer", format: "int64" },
      at: { type: "string", format: "date-time" },
      day: { type: "string", format: "date" },
      size: { type: "number" },
      tags: { type: "array", items: { $ref: "#/components/schemas/Tag" } },
      counts: { type: "object", additionalProperties: { type: "integer", format: "int64" } },
      parent: { $ref: "#/components/schemas/Event" },
      payload: {
        oneOf: [{ $ref: "#/components/schemas/Moved" }, { $ref: "#/components/schemas/Tag" }],
      },
    },
  },
  Tag: { type: "object", properties: { name: { type: "string" } } },
  Moved: {
    allOf: [
      { $ref: "#/components/schemas/Tag" },
      { type: "object", properties: { when: { type: "string", format: "date-time" } } },
    ],
  },
};
const planner = transformPlanner(schemas);
const eventPlan = planner.planOf({ $ref: "#/components/schemas/Event" });

describe("transform plans", () => {
  it("name the components with a transform inside, through refs and branches, and skip the others", () => {
    expect(Object.keys(planner.plans).sort()).toEqual(["Event", "Moved"]);
    expect(planner.plans.Event).toEqual({
      p: {
        id: "int64",
        at: "date-time",
        counts: { a: "int64" },
        parent: { r: "Event" },
        payload: { r: "Moved" },
      },
    });
    expect(planner.plans.Moved).toEqual({ p: { when: "date-time" } });
    expect(planner.planOf({ $ref: "#/components/schemas/Tag" })).toBeUndefined();
    expect(planner.planOf({ type: "array", items: { type: "integer", format: "int64" } })).toEqual({
      i: "int64",
    });
  });

  it("cover the pet store's int64 and date-time fields", () => {
    const spec = parse(readFileSync("spec/openapi.yaml", "utf8")) as {
      components: { schemas: Record<string, unknown> };
    };
    const { plans } = transformPlanner(spec.components.schemas);
    expect(plans.Order).toEqual({ p: { id: "int64", petId: "int64", shipDate: "date-time" } });
    expect(plans.Pet).toMatchObject({ p: { id: "int64", categoryId: "int64" } });
  });
});

describe("the codec", () => {
  const text = `{"id":${BIG},"at":"2026-03-04T05:06:07.890Z","day":"2026-03-04","size":${BIG},"counts":{"a":${BIG},"b":2},"tags":[{"name":"x"}],"parent":{"id":1,"at":"2026-01-01T00:00:00Z"},"payload":{"name":"moved","when":"2026-02-02T02:02:02+01:00"}}`;

  it("reads int64 values losslessly as bigint and date-times as Date, nested and in branches", () => {
    const value = parseTransformed(text, eventPlan, planner.plans, ON) as Record<string, unknown>;
    expect(value.id).toBe(9007199254740993n);
    expect(value.at).toEqual(new Date("2026-03-04T05:06:07.890Z"));
    expect(value.day).toBe("2026-03-04"); // format: date is never shifted by a time zone
    expect(value.size).toBe(Number(BIG)); // not int64: a number, as JSON.parse reads it
    expect(value.counts).toEqual({ a: 9007199254740993n, b: 2n });
    expect(value.parent).toEqual({ id: 1n, at: new Date("2026-01-01T00:00:00Z") });
    expect(value.payload).toEqual({ name: "moved", when: new Date("2026-02-02T01:02:02Z") });
  });

  it("writes them back as JSON numbers and ISO 8601, every digit kept", () => {
    const value = parseTransformed(
      `{"id":${BIG},"at":"2026-03-04T05:06:07.890Z"}`,
      eventPlan,
      planner.plans,
      ON,
    );
    expect(stringifyTransformed(value)).toBe(`{"id":${BIG},"at":"2026-03-04T05:06:07.890Z"}`);
    expect(stringifyTransformed({ list: [-12345678901234567890n], text: "a\u0000b" })).toBe(
      '{"list":[-12345678901234567890],"text":"a\\u0000b"}',
    );
    expect(transformedText(new Date(Date.UTC(2026, 0, 2)))).toBe("2026-01-02T00:00:00.000Z");
    expect(transformedText(9007199254740993n)).toBe(BIG);
  });

  describe("without JSON.rawJSON (Node.js 20, older browsers)", () => {
    const json = JSON as { rawJSON?: unknown };
    const original = json.rawJSON;
    afterEach(() => {
      json.rawJSON = original;
    });
    it("writes bigints with every digit too", () => {
      json.rawJSON = undefined;
      expect(stringifyTransformed({ id: 9007199254740993n, name: `"${BIG}"` })).toBe(
        `{"id":${BIG},"name":"\\"${BIG}\\""}`,
      );
    });
  });

  it("changes nothing when off (the default), and parses what JSON.parse parses", () => {
    expect(parseTransformed(text, eventPlan, planner.plans, {})).toEqual(JSON.parse(text));
    const odd =
      '{"__proto__":{"x":1},"a":[1.5e3,-0,true,null,"\\u00e9\\n"],"n":12345678901234567890}';
    expect(parseTransformed(odd, undefined, {}, ON)).toEqual(JSON.parse(odd));
    expect(Object.getPrototypeOf(parseTransformed(odd, undefined, {}, ON))).toBe(Object.prototype);
  });

  it("keeps a string that is no valid date-time, and refuses invalid JSON like JSON.parse", () => {
    const value = parseTransformed('{"at":"soon"}', eventPlan, planner.plans, ON);
    expect(value).toEqual({ at: "soon" });
    expect(() => parseTransformed(`{"id":${BIG},}`, eventPlan, planner.plans, ON)).toThrow(
      SyntaxError,
    );
  });
});

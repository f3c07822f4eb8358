/**
 * house/seed-facts: the real spec keeps every fact of the interface document, and changing one
 * (a seed field removed, retyped or made required, a status value changed, a seed operation
 * moved, a plan's limits) fails lint with a message saying how to comply. Changes the document
 * leaves open (a new optional field on both NewPet and Pet, a new operation) pass.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { describeProblems, lintYaml, SPEC_PATH } from "./helpers.js";
import type { Doc } from "./helpers.js";

const SPEC: Doc = parse(readFileSync(SPEC_PATH, "utf8"));

async function seedProblems(change: (doc: Doc) => void) {
  const doc = structuredClone(SPEC);
  change(doc);
  const problems = await lintYaml(stringify(doc), { seedFacts: true });
  return problems.filter((problem) => problem.ruleId === "house/seed-facts");
}

const schemas = (doc: Doc): Doc => doc.components.schemas;
const nickname = { type: "string", maxLength: 50, example: "Rexy", description: "A nickname." };

describe("house/seed-facts", () => {
  it("passes: the spec as it is", async () => {
    expect(await seedProblems(() => undefined)).toEqual([]);
  });

  it("passes: a new optional field on NewPet and Pet, a new operation, a new error code", async () => {
    const problems = await seedProblems((doc) => {
      schemas(doc).NewPet.properties.nickname = nickname;
      schemas(doc).Pet.properties.nickname = nickname;
      schemas(doc).Error.properties.code.enum.push("teapot");
      doc.paths["/categories/{categoryId}/pets"] = { get: doc.paths["/pets"].get };
    });
    expect(problems, describeProblems(problems)).toEqual([]);
  });

  const failing: Array<[string, (doc: Doc) => void, RegExp]> = [
    [
      "a seed field removed",
      (doc) => delete schemas(doc).NewPet.properties.categoryId,
      /`NewPet` has the field `categoryId`.*Add `categoryId: \{ type: integer, format: int64 \}`/,
    ],
    [
      "a seed field renamed in a response",
      (doc) => {
        const order = schemas(doc).Order.properties;
        order.shippingDate = order.shipDate;
        delete order.shipDate;
      },
      /`Order` has the field `shipDate`.*rename by adding a new field/,
    ],
    [
      "a seed field retyped",
      (doc) => (schemas(doc).InventoryItem.properties.quantity = { type: "string", example: "1" }),
      /`InventoryItem.quantity` is `type: integer`.*It is `type: string` here/,
    ],
    [
      "an optional seed field made required",
      (doc) => schemas(doc).NewPet.required.push("status"),
      /`NewPet.status` is optional.*Remove `status` from `NewPet.required`/,
    ],
    [
      "a field on NewPet but not on Pet",
      (doc) => (schemas(doc).NewPet.properties.nickname = nickname),
      /`Pet` has the field `nickname` \(as in `NewPet`, which `Pet` extends\)/,
    ],
    [
      "an Order field made required",
      (doc) => (schemas(doc).Order.required = ["quantity"]),
      /`Order.quantity` is optional/,
    ],
    [
      "a PetStatus value removed",
      (doc) => (schemas(doc).PetStatus.enum = ["available", "pending"]),
      /`PetStatus` allows exactly `available`, `pending` and `sold`.*missing `sold`/,
    ],
    [
      "GET /pets/{petId} no longer deprecated",
      (doc) => delete doc.paths["/pets/{petId}"].get.deprecated,
      /`GET \/pets\/\{petId\}` is deprecated with a sunset date/,
    ],
    [
      "GET /store/orders moved",
      (doc) => {
        doc.paths["/orders"] = doc.paths["/store/orders"];
        delete doc.paths["/store/orders"];
      },
      /the operation `GET \/store\/orders` exists/,
    ],
    [
      "interactive testing enabled on GET /store/orders",
      (doc) => delete doc.paths["/store/orders"].get["x-hideTryItPanel"],
      /`GET \/store\/orders` has `x-hideTryItPanel: true`/,
    ],
    [
      "a plan's limits changed",
      (doc) => (doc["x-rate-limits"].plans[0].perMinute = 100),
      /the plan `free` allows 60 requests per minute and 1000 per day/,
    ],
  ];
  for (const [name, change, message] of failing) {
    it(`fails: ${name}`, async () => {
      const problems = await seedProblems(change);
      expect(problems.length, describeProblems(problems)).toBeGreaterThan(0);
      expect(problems.map((problem) => problem.message).join("\n")).toMatch(message);
      for (const problem of problems) {
        expect(problem.message).toMatch(/^Seed fact of pet-store-interface\.md: /);
        expect(problem.reference).toBe("docs/contract.md#house-seed-facts");
      }
    });
  }
});

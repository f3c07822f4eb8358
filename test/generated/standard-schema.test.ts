/**
 * Standard Schema v1 objects from `./validate` (`STANDARD_SCHEMAS`), backed by the precompiled
 * validators: plugged into Hono's Standard Schema validator (`@hono/standard-validator`), and
 * checked field by field the way TanStack Form calls a form-level Standard Schema.
 */
import { sValidator } from "@hono/standard-validator";
import { Hono } from "hono";
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  STANDARD_SCHEMAS,
  STANDARD_SCHEMA_VENDOR,
  type StandardSchemaV1,
} from "../../generated/entry/validate.js";
import type { components } from "../../generated/types.js";

type NewPet = components["schemas"]["NewPet"];

async function check<T>(schema: StandardSchemaV1<T>, value: unknown) {
  return schema["~standard"].validate(value);
}

describe("STANDARD_SCHEMAS", () => {
  it("are Standard Schema v1 objects of the toolchain's vendor", () => {
    const body = STANDARD_SCHEMAS.createPet.body["~standard"];
    expect(body.version).toBe(1);
    expect(body.vendor).toBe(STANDARD_SCHEMA_VENDOR);
    expect(typeof body.validate).toBe("function");
    expectTypeOf(STANDARD_SCHEMAS.createPet.body).toEqualTypeOf<StandardSchemaV1<NewPet>>();
  });

  it("validate a request body: the value as given, or issues with a path", async () => {
    const pet = { name: "Rex", categoryId: 1 };
    expect(await check(STANDARD_SCHEMAS.createPet.body, pet)).toEqual({ value: pet });
    const failed = await check(STANDARD_SCHEMAS.createPet.body, { name: "Rex", categoryId: 0 });
    expect(failed.issues).toEqual([{ message: "must be >= 1", path: ["categoryId"] }]);
    const extra = await check(STANDARD_SCHEMAS.createPet.body, { ...pet, owner: "me" });
    expect(extra.issues?.length).toBe(1);
  });

  it("validate a parameter group as the server reads it, coercing a copy of the text", async () => {
    const input = { path: {}, query: { limit: "5" }, header: {}, cookie: {} };
    const result = await check(STANDARD_SCHEMAS.listPets.params, input);
    expect(result.issues).toBeUndefined();
    expect((result as { value: { query: { limit: unknown } } }).value.query.limit).toBe(5);
    expect(input.query.limit).toBe("5");
    const failed = await check(STANDARD_SCHEMAS.listPets.params, {
      ...input,
      query: { limit: "0" },
    });
    expect(failed.issues?.[0]?.path).toEqual(["query", "limit"]);
  });

  it("validate a JSON response by status, array indexes as numbers in the path", async () => {
    const listed = STANDARD_SCHEMAS.listPets.responses["200"];
    const pets = [{ id: 1, name: "Rex", categoryId: 1, status: "available" }];
    expect(await check(listed, pets)).toEqual({ value: pets });
    const failed = await check(listed, [...pets, { ...pets[0], id: "two" }]);
    expect(failed.issues).toEqual([{ message: "must be integer", path: [1, "id"] }]);
  });
});

describe("in a Hono app (sValidator)", () => {
  const app = new Hono().post("/pets", sValidator("json", STANDARD_SCHEMAS.createPet.body), (c) => {
    const pet = c.req.valid("json");
    expectTypeOf(pet).toEqualTypeOf<NewPet>();
    return c.json({ created: pet.name }, 201);
  });
  const post = (body: unknown) =>
    app.request("/pets", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("lets a valid body through, typed", async () => {
    const response = await post({ name: "Rex", categoryId: 1, status: "available" });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ created: "Rex" });
  });

  it("answers 400 with the issues for an invalid one", async () => {
    const response = await post({ name: "", categoryId: 1 });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { success: boolean; error: { path: unknown[] }[] };
    expect(body.success).toBe(false);
    expect(body.error[0]?.path).toEqual(["name"]);
  });
});

describe("as a form-level schema (TanStack Form's field errors)", () => {
  /** What a form library does with a Standard Schema: issues grouped by field path. */
  async function fieldErrors<T>(
    schema: StandardSchemaV1<T>,
    value: unknown,
  ): Promise<Record<string, string>> {
    const result = await schema["~standard"].validate(value);
    const errors: Record<string, string> = {};
    for (const issue of result.issues ?? []) {
      const path = (issue.path ?? []).map((segment) =>
        typeof segment === "object" ? String(segment.key) : String(segment),
      );
      errors[path.join(".")] ??= issue.message;
    }
    return errors;
  }

  it("puts each error on its field and none on a valid form", async () => {
    expect(
      await fieldErrors(STANDARD_SCHEMAS.createPet.body, { name: "Rex", categoryId: 2 }),
    ).toEqual({});
    expect(
      await fieldErrors(STANDARD_SCHEMAS.createPet.body, { name: "x".repeat(101), categoryId: 2 }),
    ).toEqual({ name: "must NOT have more than 100 characters" });
    expect(await fieldErrors(STANDARD_SCHEMAS.createPet.body, { name: "Rex" })).toEqual({
      "": "must have required property 'categoryId'",
    });
  });
});

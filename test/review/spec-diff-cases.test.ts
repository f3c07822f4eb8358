/**
 * The classification table: one mutation of the base contract per case, with every change the
 * diff must report, as `severity | location | field | rule` (the rule's prefix is the side:
 * request, response, operation or document). Exact lists: an extra or a missing change fails.
 */
import { describe, expect, it } from "vitest";
import { diffSpecs } from "../../review/diff-specs.js";
import type { Report } from "../../review/report.js";
import { baseDoc, mutated } from "./fixture.js";
import type { Doc } from "./fixture.js";

const TODAY = "2026-11-22";

interface Case {
  readonly name: string;
  readonly mutate: (doc: Doc) => void;
  /** A mutation of the base side too, when the case needs a different starting point. */
  readonly base?: (doc: Doc) => void;
  readonly expected: readonly string[];
  readonly today?: string;
}

function lines(report: Report): string[] {
  return report.changes.map(
    (change) => `${change.severity} | ${change.location} | ${change.field} | ${change.rule}`,
  );
}

function diff({ mutate, base, today = TODAY }: Case): Report {
  const before = base ? mutated(base) : baseDoc();
  const after = mutated((doc) => {
    base?.(doc);
    mutate(doc);
  });
  return diffSpecs(before, after, { today });
}

const CALLBACK = {
  stockChanged: {
    "{$request.body#/url}": {
      post: {
        requestBody: { content: { "application/json": { schema: { type: "object" } } } },
        responses: { "204": { description: "Received." } },
      },
    },
  },
};

const CASES: readonly Case[] = [
  // --- operations -------------------------------------------------------------------------
  {
    name: "operation removed (never deprecated)",
    mutate: (doc) => delete doc.paths["/pets/by-id/{petId}"],
    expected: ["breaking | GET /pets/by-id/{petId} |  | operation.operation-removed"],
  },
  {
    name: "path changed = removed + added",
    mutate: (doc) => {
      doc.paths["/pets/id/{petId}"] = doc.paths["/pets/by-id/{petId}"];
      delete doc.paths["/pets/by-id/{petId}"];
    },
    expected: [
      "breaking | GET /pets/by-id/{petId} |  | operation.operation-removed",
      "non-breaking | GET /pets/id/{petId} |  | operation.operation-added",
    ],
  },
  {
    name: "path-template variable renamed: the same URLs, one breaking row for generated clients",
    mutate: (doc) => {
      const operation = doc.paths["/pets/by-id/{petId}"];
      operation.get.parameters[0].name = "id";
      doc.paths["/pets/by-id/{id}"] = operation;
      delete doc.paths["/pets/by-id/{petId}"];
    },
    expected: ["breaking | GET /pets/by-id/{petId} | path.petId | request.path-parameter-renamed"],
  },
  // --- callbacks, webhooks, the OpenAPI version -------------------------------------------
  {
    name: "callback added: minor",
    mutate: (doc) => (doc.paths["/pets"].get.callbacks = CALLBACK),
    expected: ["non-breaking | GET /pets | callbacks.stockChanged | operation.callback-added"],
  },
  {
    name: "callback removed: breaking (receivers are no longer called)",
    base: (doc) => (doc.paths["/pets"].get.callbacks = CALLBACK),
    mutate: (doc) => delete doc.paths["/pets"].get.callbacks,
    expected: ["breaking | GET /pets | callbacks.stockChanged | operation.callback-removed"],
  },
  {
    name: "callback operation changed: reported for review",
    base: (doc) => (doc.paths["/pets"].get.callbacks = structuredClone(CALLBACK)),
    mutate: (doc) =>
      (doc.paths["/pets"].get.callbacks.stockChanged["{$request.body#/url}"].post.requestBody = {
        content: { "application/json": { schema: { type: "string" } } },
      }),
    expected: [
      "non-breaking | GET /pets | callbacks.stockChanged.POST {$request.body#/url} | operation.callback-operation-changed",
    ],
  },
  {
    name: "webhook removed: breaking; added: minor",
    base: (doc) =>
      (doc.webhooks = { petAdded: { post: { responses: { "200": { description: "ok" } } } } }),
    mutate: (doc) =>
      (doc.webhooks = { petSold: { post: { responses: { "200": { description: "ok" } } } } }),
    expected: [
      "breaking | #/webhooks | petAdded | document.webhook-removed",
      "non-breaking | #/webhooks | petSold | document.webhook-added",
    ],
  },
  {
    name: "OpenAPI 3.0 → 3.1: a row of its own",
    mutate: (doc) => (doc.openapi = "3.1.0"),
    expected: ["non-breaking | #/openapi |  | document.openapi-version-changed"],
  },
  {
    name: "method changed = removed + added",
    mutate: (doc) => {
      doc.paths["/pets"].put = doc.paths["/pets"].post;
      delete doc.paths["/pets"].post;
    },
    expected: [
      "breaking | POST /pets |  | operation.operation-removed",
      "non-breaking | PUT /pets |  | operation.operation-added",
    ],
  },
  {
    name: "operationId renamed (generated method names change)",
    mutate: (doc) => (doc.paths["/pets"].get.operationId = "findPets"),
    expected: ["breaking | GET /pets |  | operation.operation-id-changed"],
  },
  {
    name: "new operation",
    mutate: (doc) =>
      (doc.paths["/pets"].delete = {
        operationId: "deletePets",
        responses: { "204": { description: "Gone." } },
      }),
    expected: ["non-breaking | DELETE /pets |  | operation.operation-added"],
  },
  {
    name: "stable operation lowered to experimental",
    mutate: (doc) => (doc.paths["/pets"].get["x-stability"] = "experimental"),
    expected: ["breaking | GET /pets |  | operation.stability-lowered"],
  },

  // --- request: parameters ---------------------------------------------------------------------
  {
    name: "required request parameter added",
    mutate: (doc) =>
      doc.paths["/pets"].get.parameters.push({
        name: "owner",
        in: "query",
        required: true,
        schema: { type: "string" },
      }),
    expected: ["breaking | GET /pets | query.owner | request.required-parameter-added"],
  },
  {
    name: "optional request parameter added",
    mutate: (doc) =>
      doc.paths["/pets"].get.parameters.push({
        name: "owner",
        in: "query",
        schema: { type: "string" },
      }),
    expected: ["non-breaking | GET /pets | query.owner | request.parameter-added"],
  },
  {
    name: "optional parameter made required (shared component)",
    mutate: (doc) => (doc.components.parameters.Limit.required = true),
    expected: [
      "breaking | #/components/parameters/Limit | query.limit | request.parameter-made-required",
    ],
  },
  {
    name: "parameter removed",
    mutate: (doc) => doc.paths["/pets"].get.parameters.splice(2, 1),
    expected: ["breaking | GET /pets | query.sort | request.parameter-removed"],
  },
  {
    name: "parameter type changed (path-level parameter)",
    mutate: (doc) => (doc.paths["/pets/{petId}"].parameters[0].schema = { type: "string" }),
    expected: ["breaking | GET /pets/{petId} | path.petId | request.type-changed"],
  },
  {
    name: "parameter maximum tightened",
    mutate: (doc) => (doc.components.parameters.Limit.schema.maximum = 50),
    expected: [
      "breaking | #/components/parameters/Limit | query.limit | request.maximum-tightened",
    ],
  },
  {
    name: "parameter minimum raised",
    mutate: (doc) => (doc.components.parameters.Limit.schema.minimum = 5),
    expected: [
      "breaking | #/components/parameters/Limit | query.limit | request.minimum-tightened",
    ],
  },
  {
    name: "parameter default changed",
    mutate: (doc) => (doc.components.parameters.Limit.schema.default = 10),
    expected: ["breaking | #/components/parameters/Limit | query.limit | request.default-changed"],
  },
  {
    name: "parameter maximum relaxed",
    mutate: (doc) => (doc.components.parameters.Limit.schema.maximum = 500),
    expected: [
      "non-breaking | #/components/parameters/Limit | query.limit | request.maximum-relaxed",
    ],
  },
  {
    name: "enum value removed from a request",
    mutate: (doc) => (doc.paths["/pets"].get.parameters[2].schema.enum = ["name"]),
    expected: ["breaking | GET /pets | query.sort | request.enum-value-removed"],
  },
  {
    name: "enum value added to a request only",
    mutate: (doc) => doc.paths["/pets"].get.parameters[2].schema.enum.push("created"),
    expected: ["non-breaking | GET /pets | query.sort | request.enum-value-added"],
  },

  // --- request: body ------------------------------------------------------------------------
  {
    name: "required body field added",
    mutate: (doc) => {
      doc.components.schemas.NewPet.properties.birthday = { type: "string", format: "date" };
      doc.components.schemas.NewPet.required.push("birthday");
    },
    expected: ["breaking | #/components/schemas/NewPet | birthday | request.required-field-added"],
  },
  {
    name: "optional body field added",
    mutate: (doc) =>
      (doc.components.schemas.NewPet.properties.birthday = { type: "string", format: "date" }),
    expected: ["non-breaking | #/components/schemas/NewPet | birthday | request.field-added"],
  },
  {
    name: "optional body field made required",
    mutate: (doc) => doc.components.schemas.NewPet.required.push("tag"),
    expected: ["breaking | #/components/schemas/NewPet | tag | request.field-made-required"],
  },
  {
    name: "body field format changed",
    mutate: (doc) => (doc.components.schemas.NewPet.properties.tag.format = "uuid"),
    expected: ["breaking | #/components/schemas/NewPet | tag | request.format-changed"],
  },
  {
    name: "request maxLength tightened",
    mutate: (doc) => (doc.components.schemas.NewPet.properties.name.maxLength = 50),
    expected: ["breaking | #/components/schemas/NewPet | name | request.maxLength-tightened"],
  },
  {
    name: "request minLength raised",
    mutate: (doc) => (doc.components.schemas.NewPet.properties.name.minLength = 3),
    expected: ["breaking | #/components/schemas/NewPet | name | request.minLength-tightened"],
  },
  {
    name: "request maxLength relaxed",
    mutate: (doc) => (doc.components.schemas.NewPet.properties.name.maxLength = 200),
    expected: ["non-breaking | #/components/schemas/NewPet | name | request.maxLength-relaxed"],
  },
  {
    name: "request body field default added",
    mutate: (doc) => (doc.components.schemas.NewPet.properties.tag.default = "none"),
    expected: ["non-breaking | #/components/schemas/NewPet | tag | request.default-changed"],
  },
  {
    name: "request body field default changed",
    base: (doc) => (doc.components.schemas.NewPet.properties.tag.default = "none"),
    mutate: (doc) => (doc.components.schemas.NewPet.properties.tag.default = "dog"),
    expected: ["breaking | #/components/schemas/NewPet | tag | request.default-changed"],
  },
  {
    name: "request body made optional",
    mutate: (doc) => (doc.paths["/pets"].post.requestBody.required = false),
    expected: ["non-breaking | POST /pets | body | request.body-made-optional"],
  },
  {
    name: "optional request body made required",
    base: (doc) => (doc.paths["/pets"].post.requestBody.required = false),
    mutate: (doc) => (doc.paths["/pets"].post.requestBody.required = true),
    expected: ["breaking | POST /pets | body | request.body-made-required"],
  },

  {
    name: "required readOnly field added to a schema shared by request and response",
    base: (doc) =>
      (doc.paths["/pets/{petId}"].put = {
        operationId: "updatePet",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
        },
        responses: { "204": { description: "Replaced." } },
      }),
    mutate: (doc) => {
      doc.components.schemas.Pet.properties.createdAt = {
        type: "string",
        format: "date-time",
        readOnly: true,
      };
      doc.components.schemas.Pet.required.push("createdAt");
    },
    expected: ["non-breaking | #/components/schemas/Pet | createdAt | response.field-added"],
  },

  // --- responses ------------------------------------------------------------------------------
  {
    name: "response field removed",
    mutate: (doc) => delete doc.components.schemas.Pet.properties.tag,
    expected: ["breaking | #/components/schemas/Pet | tag | response.field-removed"],
  },
  {
    name: "response field made optional",
    mutate: (doc) => (doc.components.schemas.Pet.required = ["id", "name"]),
    expected: ["breaking | #/components/schemas/Pet | status | response.field-made-optional"],
  },
  {
    name: "response field added",
    mutate: (doc) =>
      (doc.components.schemas.Pet.properties.createdAt = { type: "string", format: "date-time" }),
    expected: ["non-breaking | #/components/schemas/Pet | createdAt | response.field-added"],
  },
  {
    name: "response field type changed",
    mutate: (doc) => (doc.components.schemas.Pet.properties.id = { type: "string" }),
    expected: ["breaking | #/components/schemas/Pet | id | response.type-changed"],
  },
  {
    name: "response field format changed",
    mutate: (doc) => (doc.components.schemas.Pet.properties.id.format = "int32"),
    expected: ["breaking | #/components/schemas/Pet | id | response.format-changed"],
  },
  {
    name: "enum value added to a shared schema: breaking in responses, fine in requests",
    mutate: (doc) => doc.components.schemas.PetStatus.enum.push("adopted"),
    expected: [
      "breaking | #/components/schemas/PetStatus |  | response.enum-value-added",
      "non-breaking | #/components/schemas/PetStatus |  | request.enum-value-added",
    ],
  },
  {
    name: "Error.code value removed",
    mutate: (doc) =>
      (doc.components.schemas.Error.properties.code.enum = ["validation_failed", "not_found"]),
    expected: ["breaking | #/components/schemas/Error | code | response.enum-value-removed"],
  },
  {
    name: "response status removed",
    mutate: (doc) => delete doc.paths["/pets/by-id/{petId}"].get.responses["404"],
    expected: ["breaking | GET /pets/by-id/{petId} | 404 | response.status-removed"],
  },
  {
    name: "success response media type changed",
    mutate: (doc) => {
      const ok = doc.paths["/pets"].get.responses["200"];
      ok.content = { "application/hal+json": ok.content["application/json"] };
    },
    expected: ["breaking | GET /pets | 200.body | response.success-media-type-changed"],
  },
  {
    name: "response header removed",
    mutate: (doc) => delete doc.paths["/pets"].get.responses["200"].headers,
    expected: ["breaking | GET /pets | 200.headers.X-Total-Count | response.header-removed"],
  },
  {
    name: "response header made optional (shared component)",
    mutate: (doc) => (doc.components.headers["X-Total-Count"].required = false),
    expected: ["breaking | #/components/headers/X-Total-Count |  | response.header-made-optional"],
  },

  // --- security ------------------------------------------------------------------------------
  {
    name: "security requirement added to an anonymous operation",
    mutate: (doc) => delete doc.paths["/health"].get.security,
    expected: ["breaking | GET /health | security | request.security-added"],
  },
  {
    name: "root security requirement changed",
    mutate: (doc) => {
      doc.components.securitySchemes.BearerAuth = { type: "http", scheme: "bearer" };
      doc.security = [{ BearerAuth: [] }];
    },
    expected: ["breaking | #/security |  | request.security-changed"],
  },
  {
    name: "security alternative added",
    mutate: (doc) => {
      doc.components.securitySchemes.BearerAuth = { type: "http", scheme: "bearer" };
      doc.security.push({ BearerAuth: [] });
    },
    expected: ["non-breaking | #/security |  | request.security-relaxed"],
  },
  {
    name: "security scheme definition changed",
    mutate: (doc) => (doc.components.securitySchemes.ApiKeyAuth.name = "X-Api-Token"),
    expected: [
      "breaking | #/components/securitySchemes/ApiKeyAuth |  | request.security-scheme-changed",
    ],
  },

  // --- rate limits ---------------------------------------------------------------------------
  {
    name: "rate-limit plan figures lowered",
    mutate: (doc) => {
      doc["x-rate-limits"].plans[0].perMinute = 30;
      doc["x-rate-limits"].plans[1].perDay = 5000;
    },
    expected: [
      "breaking | #/x-rate-limits | plans[free].perMinute | document.limit-tightened",
      "breaking | #/x-rate-limits | plans[pro].perDay | document.limit-tightened",
    ],
  },
  {
    name: "rate-limit plan figure raised",
    mutate: (doc) => (doc["x-rate-limits"].plans[0].perDay = 2000),
    expected: ["non-breaking | #/x-rate-limits | plans[free].perDay | document.limit-relaxed"],
  },
  {
    name: "rate-limit plan removed",
    mutate: (doc) => doc["x-rate-limits"].plans.splice(1, 1),
    expected: ["breaking | #/x-rate-limits | plans[pro] | document.plan-removed"],
  },
  {
    name: "ban rule made stricter",
    mutate: (doc) => (doc["x-rate-limits"].ban.durationSeconds = 3600),
    expected: ["breaking | #/x-rate-limits | ban.durationSeconds | document.limit-tightened"],
  },

  // --- stability -----------------------------------------------------------------------------
  {
    name: "breaking change confined to an experimental operation is not breaking",
    mutate: (doc) =>
      (doc.paths["/store/inventory/{petId}"].put.requestBody.content[
        "application/json"
      ].schema.properties.quantity.maximum = 1000),
    expected: [
      "non-breaking | PUT /store/inventory/{petId} | body.quantity | request.maximum-tightened",
    ],
  },
  {
    name: "experimental operation removed without deprecation is not breaking",
    mutate: (doc) => delete doc.paths["/store/inventory/{petId}"],
    expected: ["non-breaking | PUT /store/inventory/{petId} |  | operation.operation-removed"],
  },
  {
    name: "breaking change on a beta operation is a warning",
    mutate: (doc) => (doc.paths["/categories"].get.parameters[0].schema.maxLength = 20),
    expected: ["warning | GET /categories | query.name | request.maxLength-tightened"],
  },
  {
    name: "shared change reaching stable and experimental operations stays breaking",
    mutate: (doc) => doc.components.schemas.Error.properties.code.enum.push("conflict"),
    expected: ["breaking | #/components/schemas/Error | code | response.enum-value-added"],
  },

  // --- others ------------------------------------------------------------------------------
  {
    name: "change inside a self-referencing schema (cycle) is found once",
    mutate: (doc) => (doc.components.schemas.Category.properties.name.maxLength = 40),
    expected: [
      "non-breaking | #/components/schemas/Category | name | response.maxLength-tightened",
    ],
  },
  {
    name: "description-only change",
    mutate: (doc) => (doc.paths["/pets"].get.description = "Lists the pets."),
    expected: ["non-breaking | # |  | document.other-changed"],
  },
  {
    name: "no change",
    mutate: () => undefined,
    expected: [],
  },
];

// --- sunset policy, with a fixed clock on both sides of the dates ------------------------------

const removeGetPet = (doc: Doc) => delete doc.paths["/pets/{petId}"];
const deprecateGetPetById =
  (sunset?: string, since: string | null = "2026-12-01") =>
  (doc: Doc) => {
    const operation = doc.paths["/pets/by-id/{petId}"].get;
    operation.deprecated = true;
    if (since !== null) operation["x-deprecated-since"] = since;
    if (sunset !== undefined) operation["x-sunset"] = sunset;
  };
const setGetPet = (fields: Record<string, unknown>) => (doc: Doc) =>
  Object.assign(doc.paths["/pets/{petId}"].get, fields);

const SUNSET_CASES: readonly Case[] = [
  {
    name: "removal the day before the sunset",
    today: "2027-06-29",
    mutate: removeGetPet,
    expected: ["breaking | GET /pets/{petId} |  | operation.removed-before-sunset"],
  },
  {
    name: "removal on the sunset date",
    today: "2027-06-30",
    mutate: removeGetPet,
    expected: ["non-breaking | GET /pets/{petId} |  | operation.removed-after-sunset"],
  },
  {
    name: "removal after the sunset date",
    today: "2027-09-01",
    mutate: removeGetPet,
    expected: ["non-breaking | GET /pets/{petId} |  | operation.removed-after-sunset"],
  },
  {
    name: "removal of a deprecated operation that has no x-sunset",
    base: (doc) => delete doc.paths["/pets/{petId}"].get["x-sunset"],
    today: "2030-01-01",
    mutate: removeGetPet,
    expected: ["breaking | GET /pets/{petId} |  | operation.removed-without-sunset"],
  },
  {
    name: "x-sunset added to a deprecated operation that had none (6 months from today)",
    base: (doc) => delete doc.paths["/pets/{petId}"].get["x-sunset"],
    mutate: setGetPet({ "x-sunset": "2027-06-30" }),
    expected: ["deprecation | GET /pets/{petId} |  | operation.sunset-scheduled"],
  },
  {
    name: "deprecation with a sunset exactly 6 months after today",
    today: "2026-12-01",
    mutate: deprecateGetPetById("2027-06-01"),
    expected: ["deprecation | GET /pets/by-id/{petId} |  | operation.operation-deprecated"],
  },
  {
    name: "deprecation with a sunset one day short of 6 months (the 98 days spec:diff used to accept, too)",
    today: "2026-12-01",
    mutate: deprecateGetPetById("2027-05-31"),
    expected: ["breaking | GET /pets/by-id/{petId} |  | operation.notice-too-short"],
  },
  {
    name: "a back-dated x-deprecated-since does not shorten the notice (counted from today)",
    today: "2026-12-01",
    mutate: deprecateGetPetById("2027-03-01", "2026-01-01"),
    expected: ["breaking | GET /pets/by-id/{petId} |  | operation.notice-too-short"],
  },
  {
    name: "deprecation without x-sunset",
    mutate: deprecateGetPetById(),
    expected: ["breaking | GET /pets/by-id/{petId} |  | operation.sunset-missing"],
  },
  {
    name: "deprecation without x-deprecated-since",
    mutate: deprecateGetPetById("2027-12-31", null),
    expected: ["breaking | GET /pets/by-id/{petId} |  | operation.since-missing"],
  },
  {
    name: "deprecation with a malformed x-deprecated-since",
    mutate: deprecateGetPetById("2027-12-31", "23/11/2026"),
    expected: ["breaking | GET /pets/by-id/{petId} |  | operation.since-invalid"],
  },
  {
    name: "a sunset before the deprecation",
    mutate: deprecateGetPetById("2027-12-31", "2028-01-01"),
    expected: ["breaking | GET /pets/by-id/{petId} |  | operation.sunset-before-deprecation"],
  },
  {
    name: "sunset moved earlier, still 6 months after x-deprecated-since",
    mutate: setGetPet({ "x-sunset": "2027-03-31" }),
    expected: ["breaking | GET /pets/{petId} |  | operation.sunset-moved-earlier"],
  },
  {
    name: "sunset moved earlier than 6 months after x-deprecated-since",
    mutate: setGetPet({ "x-sunset": "2026-05-01" }),
    expected: [
      "breaking | GET /pets/{petId} |  | operation.notice-too-short",
      "breaking | GET /pets/{petId} |  | operation.sunset-moved-earlier",
    ],
  },
  {
    name: "sunset postponed",
    mutate: setGetPet({ "x-sunset": "2027-12-31" }),
    expected: ["non-breaking | GET /pets/{petId} |  | operation.sunset-postponed"],
  },
  {
    name: "x-sunset deleted from a still-deprecated operation",
    mutate: (doc) => delete doc.paths["/pets/{petId}"].get["x-sunset"],
    expected: ["breaking | GET /pets/{petId} |  | operation.sunset-removed"],
  },
  {
    name: "deprecation withdrawn",
    mutate: (doc) => {
      delete doc.paths["/pets/{petId}"].get.deprecated;
    },
    expected: ["non-breaking | GET /pets/{petId} |  | operation.deprecation-withdrawn"],
  },
];

describe("spec:diff classification table", () => {
  it.each(CASES)("$name", (testCase) => {
    expect(lines(diff(testCase))).toEqual(testCase.expected);
  });
});

describe("spec:diff sunset policy (fixed clock)", () => {
  it.each(SUNSET_CASES)("$name", (testCase) => {
    expect(lines(diff(testCase))).toEqual(testCase.expected);
  });
});

describe("spec:diff deprecation policy breaches", () => {
  it("fail the review whatever the version bump, and say how to comply", () => {
    const report = diff({
      name: "deprecated without x-sunset, with a major bump",
      mutate: (doc) => {
        deprecateGetPetById()(doc);
        doc.info.version = "2.0.0";
      },
      expected: [],
    });
    expect(report.version.actual).toBe("major");
    expect(report.verdict).toBe("fail");
    const [breach] = report.changes;
    expect(breach?.violation).toBe(true);
    expect(breach?.reason).toContain("add e.g. `x-sunset: '2027-06-01'`");
  });

  it("a major bump still lets an ordinary breaking change pass", () => {
    const report = diff({
      name: "major",
      mutate: (doc) => {
        removeGetPet(doc);
        doc.info.version = "2.0.0";
      },
      expected: [],
    });
    expect(report.verdict).toBe("pass");
  });
});

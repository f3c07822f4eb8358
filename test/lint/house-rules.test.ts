/**
 * Each house rule of redocly.yaml: a document that breaks it fails lint with exactly the
 * rule ids listed, and one that keeps it lints with zero problems. Documents are the
 * shared fixture (helpers.ts) with one inline edit each.
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { stringify } from "yaml";
import { deref, describeProblems, fixture, lintYaml, ruleIds, SPEC_PATH, yaml } from "./helpers.js";
import type { Doc } from "./helpers.js";

interface Case {
  readonly name: string;
  readonly change: (doc: Doc) => void;
}

interface BreakCase extends Case {
  /** Every rule id the broken document must report, and no other. */
  readonly ids: readonly string[];
}

const getPet = (doc: Doc): Doc => doc.paths["/pets/{petId}"].get;
const getInventory = (doc: Doc): Doc => doc.paths["/store/inventory"].get;

/** A 410 Gone response declaring `headers` besides the rate-limit ones. */
function gone(headers: readonly string[]): Doc {
  const response = yaml(`
    description: Gone after the sunset date.
    headers:
      X-RateLimit-Limit: { $ref: '#/components/headers/X-RateLimit-Limit' }
      X-RateLimit-Remaining: { $ref: '#/components/headers/X-RateLimit-Remaining' }
      X-RateLimit-Reset: { $ref: '#/components/headers/X-RateLimit-Reset' }
    content:
      application/json:
        schema: { $ref: '#/components/schemas/Error' }
  `);
  for (const name of headers) {
    response.headers[name] = { description: `${name} header.`, schema: { type: "string" } };
  }
  return response;
}

/**
 * Deprecates getPet as the policy wants it: `x-deprecated-since`, this `x-sunset`, the 410 the
 * sunset requires, and `Deprecation`/`Sunset` declared on every response (inline copies).
 */
function sunsetOn(doc: Doc, date: unknown, since: unknown = "2096-01-01"): void {
  deprecate(doc, { "x-deprecated-since": since, "x-sunset": date });
  getPet(doc).responses["410"] = gone(["Sunset"]);
  declareDeprecationHeaders(doc);
}

/** getPet with `deprecated: true` and these lifecycle fields; every response declares the headers. */
function deprecate(doc: Doc, fields: Record<string, unknown>): void {
  Object.assign(getPet(doc), { deprecated: true, ...fields });
  declareDeprecationHeaders(doc);
}

function declareDeprecationHeaders(doc: Doc): void {
  doc.components.headers.Deprecation = {
    description: "Deprecation date.",
    schema: { type: "string", example: "@4070908800" },
  };
  doc.components.headers.Sunset = {
    description: "Sunset date.",
    schema: { type: "string", example: "Sun, 30 Jun 2099 00:00:00 GMT" },
  };
  const responses = getPet(doc).responses;
  for (const status of Object.keys(responses)) {
    // a shared response (by $ref) gets the headers where it is declared
    const response = deref(doc, responses[status]);
    response.headers = {
      ...response.headers,
      Deprecation: { $ref: "#/components/headers/Deprecation" },
      Sunset: { $ref: "#/components/headers/Sunset" },
    };
  }
}

function expectPasses({ name, change }: Case): void {
  it(`passes: ${name}`, async () => {
    const problems = await lintYaml(fixture(change));
    expect(problems, describeProblems(problems)).toEqual([]);
  });
}

function expectFails({ name, change, ids }: BreakCase): void {
  it(`fails with ${ids.join(" + ")}: ${name}`, async () => {
    const problems = await lintYaml(fixture(change));
    expect(ruleIds(problems), describeProblems(problems)).toEqual([...ids].sort());
  });
}

describe("the fixture", () => {
  expectPasses({ name: "keeps every rule as it is", change: () => {} });
});

describe("house rule 1: the deprecation policy (x-deprecated-since, x-sunset 6 months later, not passed)", () => {
  const id = "house/deprecation-policy";
  expectPasses({
    name: "deprecated since 2096-01-01 with x-sunset 2099-06-30",
    change: (doc) => sunsetOn(doc, "2099-06-30"),
  });
  expectPasses({
    name: "exactly 6 months, to a leap day",
    change: (doc) => sunsetOn(doc, "2096-02-29", "2095-08-29"),
  });
  expectPasses({
    name: "an operation that is not deprecated needs no x-sunset",
    change: (doc) => Object.assign(getPet(doc), { deprecated: false }),
  });
  expectFails({
    name: "deprecated without x-sunset",
    change: (doc) => deprecate(doc, { "x-deprecated-since": "2096-01-01" }),
    ids: [id],
  });
  expectFails({
    name: "x-sunset is not a real date (30 February)",
    change: (doc) => sunsetOn(doc, "2097-02-30"),
    ids: [id],
  });
  expectFails({
    name: "x-sunset is not an ISO date",
    change: (doc) => sunsetOn(doc, "30/06/2099"),
    ids: [id],
  });
  expectFails({
    name: "x-sunset is a date-time, not a date",
    change: (doc) => sunsetOn(doc, "2099-06-30T00:00:00Z"),
    ids: [id],
  });
  expectFails({
    name: "x-sunset is a number",
    change: (doc) => sunsetOn(doc, 20990630),
    ids: [id],
  });
  expectFails({
    name: "deprecated without x-deprecated-since",
    change: (doc) => {
      sunsetOn(doc, "2099-06-30");
      delete getPet(doc)["x-deprecated-since"];
    },
    ids: [id],
  });
  expectFails({
    name: "a malformed x-deprecated-since (23/11/2096)",
    change: (doc) => sunsetOn(doc, "2099-06-30", "23/11/2096"),
    ids: [id],
  });
  expectFails({
    name: "a sunset before the deprecation",
    change: (doc) => sunsetOn(doc, "2096-06-30", "2097-01-01"),
    ids: [id],
  });
  expectFails({
    name: "less than 6 months' notice (98 days)",
    change: (doc) => sunsetOn(doc, "2096-04-08", "2096-01-01"),
    ids: [id],
  });
  expectFails({
    name: "a sunset that has passed",
    change: (doc) => sunsetOn(doc, "2020-07-01", "2020-01-01"),
    ids: [id],
  });
  expectFails({
    name: "x-sunset on an operation that is not deprecated",
    change: (doc) => {
      getPet(doc)["x-sunset"] = "2099-06-30";
      getPet(doc).responses["410"] = gone(["Sunset"]);
    },
    ids: [id],
  });
  it("a sunset within 30 days, or passed, is a warning (lint passes), saying what to do", async () => {
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const soon = await lintYaml(fixture((doc) => sunsetOn(doc, day(10), day(-200))));
    expect(soon.map((problem) => [problem.ruleId, problem.severity, problem.message])).toEqual([
      [
        id,
        "warn",
        `\`getPet\`: The sunset ${day(10)} is 10 days away: from that day the operation answers 410: plan its removal (after the sunset, removing it is a minor change), or postpone \`x-sunset\` if clients need longer.`,
      ],
    ]);
    expect(await lintYaml(fixture((doc) => sunsetOn(doc, day(40), day(-200))))).toEqual([]);
    const passed = await lintYaml(fixture((doc) => sunsetOn(doc, "2020-07-01", "2020-01-01")));
    expect(passed.map((problem) => problem.severity)).toEqual(["warn"]);
  });
  it("says how to comply, with the date that would", async () => {
    const problems = await lintYaml(fixture((doc) => sunsetOn(doc, "2096-04-08", "2096-01-01")));
    expect(problems.map((problem) => problem.message)).toEqual([
      "`getPet`: `x-sunset` 2096-04-08 gives less than 6 months' notice from `x-deprecated-since` 2096-01-01: set it to `'2096-07-01'` or later.",
    ]);
    expect(problems[0]?.location[0]?.pointer).toBe("#/paths/~1pets~1{petId}/get/x-sunset");
  });
});

describe("house rule 1a: deprecation in four lines (the lifecycle headers and the 410 are implied)", () => {
  expectPasses({
    name: "deprecated, x-deprecated-since, x-sunset and x-replaced-by, nothing copied into the responses",
    change: (doc) => {
      Object.assign(getPet(doc), {
        deprecated: true,
        "x-deprecated-since": "2096-01-01",
        "x-sunset": "2099-06-30",
        "x-replaced-by": "getInventory",
      });
    },
  });
  expectPasses({
    name: "the same with the headers and the 410 spelled out (still allowed)",
    change: (doc) => {
      sunsetOn(doc, "2099-06-30");
      getPet(doc)["x-replaced-by"] = "getInventory";
      doc.components.headers.Link = { description: "Successor.", schema: { type: "string" } };
      getPet(doc).responses["410"] = gone([]);
      getPet(doc).responses["410"].headers.Link = { $ref: "#/components/headers/Link" };
    },
  });
});

describe("house rule 2: x-stability is only experimental or beta", () => {
  const id = "rule/x-stability-values";
  expectPasses({
    name: "experimental",
    change: (doc) => (getPet(doc)["x-stability"] = "experimental"),
  });
  expectPasses({ name: "beta", change: (doc) => (getPet(doc)["x-stability"] = "beta") });
  expectFails({
    name: "stable (absent means stable)",
    change: (doc) => (getPet(doc)["x-stability"] = "stable"),
    ids: [id],
  });
  expectFails({
    name: "wrong case",
    change: (doc) => (getPet(doc)["x-stability"] = "Beta"),
    ids: [id],
  });
  expectFails({
    name: "alpha",
    change: (doc) => (getInventory(doc)["x-stability"] = "alpha"),
    ids: [id],
  });
});

describe("house rule 3: 429 with Retry-After on every operation, X-RateLimit-* on every response", () => {
  expectPasses({
    name: "an inline 429 with Retry-After and the rate-limit headers",
    change: (doc) => {
      getInventory(doc).responses["429"] = yaml(`
        description: Rate limited.
        headers:
          Retry-After: { $ref: '#/components/headers/Retry-After' }
          X-RateLimit-Limit: { $ref: '#/components/headers/X-RateLimit-Limit' }
          X-RateLimit-Remaining: { $ref: '#/components/headers/X-RateLimit-Remaining' }
          X-RateLimit-Reset: { $ref: '#/components/headers/X-RateLimit-Reset' }
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Error' }
      `);
    },
  });
  expectFails({
    name: "an operation without a 429 response",
    change: (doc) => delete getInventory(doc).responses["429"],
    ids: ["rule/operation-declares-429"],
  });
  expectFails({
    name: "the shared 429 response without Retry-After",
    change: (doc) => {
      delete doc.components.responses.TooManyRequests.headers["Retry-After"];
      delete doc.components.headers["Retry-After"];
    },
    ids: ["house/rate-limit-headers"],
  });
  expectFails({
    name: "a success response without X-RateLimit-Reset",
    change: (doc) => delete getPet(doc).responses["200"].headers["X-RateLimit-Reset"],
    ids: ["house/rate-limit-headers"],
  });
  expectFails({
    name: "a shared error response without X-RateLimit-Remaining",
    change: (doc) => delete doc.components.responses.NotFound.headers["X-RateLimit-Remaining"],
    ids: ["house/rate-limit-headers"],
  });
  expectFails({
    name: "a default response without headers",
    change: (doc) => {
      getPet(doc).responses.default = yaml(`
        description: Any other error.
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Error' }
      `);
    },
    ids: ["house/rate-limit-headers"],
  });
});

describe("house rule 3: the messages say how to comply, once per response", () => {
  it("names every missing header of a response in one message, with the components to $ref", async () => {
    const problems = await lintYaml(
      fixture((doc) => {
        delete getPet(doc).responses["200"].headers["X-RateLimit-Reset"];
        delete getPet(doc).responses["200"].headers["X-RateLimit-Limit"];
      }),
    );
    expect(problems.map((problem) => problem.message)).toEqual([
      "The 200 response of `getPet` does not declare `X-RateLimit-Limit` and `X-RateLimit-Reset`, which the server sends on it: add `X-RateLimit-Limit: { $ref: '#/components/headers/X-RateLimit-Limit' }`, `X-RateLimit-Reset: { $ref: '#/components/headers/X-RateLimit-Reset' }` under its `headers`.",
    ]);
  });
  it("reports a shared response once, where it is declared", async () => {
    const problems = await lintYaml(
      fixture((doc) => delete doc.components.responses.TooManyRequests.headers["Retry-After"]),
    );
    const rateLimit = problems.filter((problem) => problem.ruleId === "house/rate-limit-headers");
    expect(rateLimit.map((problem) => [problem.location[0]?.pointer, problem.message])).toEqual([
      [
        "#/components/responses/TooManyRequests",
        "The shared response `#/components/responses/TooManyRequests` (the 429 response of `getPet` and every other use) does not declare `Retry-After`, which the server sends on it: add `Retry-After: { $ref: '#/components/headers/Retry-After' }` under its `headers`.",
      ],
    ]);
  });
  it("names the shared 429 response to $ref", async () => {
    const problems = await lintYaml(fixture((doc) => delete getInventory(doc).responses["429"]));
    expect(problems.map((problem) => problem.message)).toEqual([
      "Every operation declares the 429 the server may answer it with: add `'429': { $ref: '#/components/responses/TooManyRequests' }` under its responses (429 is required)",
    ]);
  });
});

describe("house rule 4: every 4xx/5xx body is the Error schema", () => {
  const id = "house/error-response-schema";
  const errorResponse = (schema: string, mediaType = "application/json"): Doc =>
    yaml(`
      description: Error.
      headers:
        X-RateLimit-Limit: { $ref: '#/components/headers/X-RateLimit-Limit' }
        X-RateLimit-Remaining: { $ref: '#/components/headers/X-RateLimit-Remaining' }
        X-RateLimit-Reset: { $ref: '#/components/headers/X-RateLimit-Reset' }
      content:
        ${mediaType}:
          schema: ${schema}
    `);
  expectPasses({
    name: "an inline 500 and a default response referencing Error",
    change: (doc) => {
      getPet(doc).responses["500"] = errorResponse("{ $ref: '#/components/schemas/Error' }");
      getPet(doc).responses.default = errorResponse("{ $ref: '#/components/schemas/Error' }");
    },
  });
  expectFails({
    name: "a 500 with an inline schema",
    change: (doc) =>
      (getPet(doc).responses["500"] = errorResponse(
        "{ type: object, properties: { code: { type: string, example: x } } }",
      )),
    ids: [id],
  });
  expectFails({
    name: "a 5XX body that is another schema",
    change: (doc) =>
      (getPet(doc).responses["5XX"] = errorResponse("{ $ref: '#/components/schemas/Pet' }")),
    ids: [id],
  });
  expectFails({
    name: "the shared 404 response has no body",
    change: (doc) => delete doc.components.responses.NotFound.content,
    ids: [id],
  });
  expectFails({
    name: "an error body that is not JSON",
    change: (doc) =>
      (getPet(doc).responses["500"] = errorResponse(
        "{ type: string, example: oops }",
        "text/plain",
      )),
    ids: [id, "response-mime-type"],
  });
  expectFails({
    name: "a default response with another schema",
    change: (doc) =>
      (getPet(doc).responses.default = errorResponse("{ $ref: '#/components/schemas/Pet' }")),
    ids: [id],
  });
});

describe("house rule 5: operationId, exactly one tag of Pets/Store, and the API-key security", () => {
  const security = "house/api-key-security";
  const tag = "rule/operation-single-tag";
  expectPasses({
    name: "security declared per operation instead of at the root",
    change: (doc) => {
      delete doc.security;
      getPet(doc).security = [{ ApiKeyAuth: [] }];
      getInventory(doc).security = [{ ApiKeyAuth: [] }];
    },
  });
  expectFails({
    name: "no operationId",
    change: (doc) => delete getPet(doc).operationId,
    ids: ["operation-operationId"],
  });
  expectFails({
    name: "operationId is not camelCase",
    change: (doc) => (getPet(doc).operationId = "get_pet"),
    ids: ["rule/operation-id-camel-case"],
  });
  expectFails({
    name: "no tags",
    change: (doc) => delete getPet(doc).tags,
    ids: [tag, "operation-tag-defined"],
  });
  expectFails({ name: "an empty tag list", change: (doc) => (getPet(doc).tags = []), ids: [tag] });
  expectFails({
    name: "both tags",
    change: (doc) => (getPet(doc).tags = ["Pets", "Store"]),
    ids: [tag, "operation-singular-tag"],
  });
  expectFails({
    name: "a tag other than Pets or Store",
    change: (doc) => {
      doc.tags.push({ name: "Zoo", description: "Zoo." });
      getPet(doc).tags = ["Zoo"];
    },
    ids: [tag],
  });
  expectFails({
    name: "an operation that opts out of security",
    change: (doc) => (getPet(doc).security = []),
    ids: [security],
  });
  expectFails({
    name: "an anonymous alternative ({}) makes the key optional",
    change: (doc) => (getPet(doc).security = [{ ApiKeyAuth: [] }, {}]),
    ids: [security],
  });
  expectFails({
    name: "no root security and none on the operation",
    change: (doc) => {
      delete doc.security;
      getPet(doc).security = [{ ApiKeyAuth: [] }];
    },
    ids: [security, "security-defined"],
  });
  expectFails({
    name: "the scheme is not an API key",
    change: (doc) =>
      (doc.components.securitySchemes.ApiKeyAuth = { type: "http", scheme: "bearer" }),
    ids: [security],
  });
});

describe("house/no-unused-components: every component is referenced, but for the lifecycle kit", () => {
  const id = "house/no-unused-components";
  expectFails({
    name: "a schema nothing references",
    change: (doc) => (doc.components.schemas.Unused = { type: "object" }),
    ids: [id],
  });
  expectPasses({
    name: "a Sunset header kept unused for the next deprecation",
    change: (doc) =>
      (doc.components.headers.Sunset = {
        description: "Sunset date.",
        schema: { type: "string", example: "Wed, 30 Jun 2027 00:00:00 GMT" },
      }),
  });
  it("says how to comply", async () => {
    const problems = await lintYaml(
      fixture((doc) => (doc.components.schemas.Unused = { type: "object" })),
    );
    expect(problems.map((problem) => problem.message)).toEqual([
      "`#/components/schemas/Unused` is not referenced by any `$ref`: reference it where it applies, or remove it (redocly.yaml's `keep` lists the components kept on purpose).",
    ]);
  });
  it("removing the last deprecated operation from the real spec leaves lint green", async () => {
    const spec = yaml(readFileSync(SPEC_PATH, "utf8"));
    const deprecated = Object.entries<Doc>(spec.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => item[method]?.deprecated === true)
        .map((method) => [path, method] as const),
    );
    expect(deprecated.length).toBeGreaterThan(0);
    for (const [path, method] of deprecated) delete spec.paths[path][method];
    const problems = await lintYaml(stringify(spec));
    expect(problems, describeProblems(problems)).toEqual([]);
  });
});

/**
 * The house conventions that lint checks (item 9 of issue 35), each with a passing and a failing
 * document (the shared fixture with one edit) and the message saying how to comply, with its docs
 * link: the declared error statuses, X-Total-Count on paginated lists, x-replaced-by naming a live
 * operation, and examples matching their schemas (Redocly's built-in rules, configured as errors).
 */
import { describe, expect, it } from "vitest";
import {
  describeProblems,
  fixture,
  lintYaml,
  ruleIds,
  yaml,
  takePageParameters,
} from "./helpers.js";
import type { Doc } from "./helpers.js";

const getPet = (doc: Doc): Doc => doc.paths["/pets/{petId}"].get;
const getInventory = (doc: Doc): Doc => doc.paths["/store/inventory"].get;

async function problemsOf(change: (doc: Doc) => void) {
  return lintYaml(fixture(change));
}

function paginate(doc: Doc, withCount: boolean): void {
  takePageParameters(getInventory(doc), doc);
  getInventory(doc)["x-pagination"] = {
    style: "offset",
    offset: "$request.query.offset",
    limit: "$request.query.limit",
    ...(withCount ? { total: "$response.header.X-Total-Count" } : {}),
  };
  if (withCount) {
    doc.components.headers["X-Total-Count"] = yaml(
      "{ description: Matching records., schema: { type: integer, example: 2 } }",
    );
    getInventory(doc).responses["200"].headers["X-Total-Count"] = {
      $ref: "#/components/headers/X-Total-Count",
    };
  }
}

describe("house/declared-statuses", () => {
  it("passes: the fixture declares 400, 401, 414, 429, 431, 500, 503 and 404 with a path id", async () => {
    expect(await problemsOf(() => undefined)).toEqual([]);
  });

  it("fails: a missing 503 and 404, naming the shared responses to $ref", async () => {
    const problems = await problemsOf((doc) => {
      delete getPet(doc).responses["503"];
      delete getPet(doc).responses["404"];
      getInventory(doc).responses["404"] = { $ref: "#/components/responses/NotFound" }; // keeps it used
    });
    expect(ruleIds(problems), describeProblems(problems)).toEqual(["house/declared-statuses"]);
    expect(problems[0]?.message).toBe(
      "`getPet` does not declare `404` and `503`, which the server can answer it with: add `'404': { $ref: '#/components/responses/NotFound' }`, `'503': { $ref: '#/components/responses/ServiceUnavailable' }` under its `responses`.",
    );
    expect(problems[0]?.reference).toBe("docs/contract.md#house-declared-statuses");
    expect(problems[0]?.location[0]?.pointer).toBe("#/paths/~1pets~1{petId}/get/responses");
  });

  it("fails: a 415 on an operation without a body", async () => {
    const problems = await problemsOf((doc) => {
      getInventory(doc).responses["415"] = { $ref: "#/components/responses/Failure" };
    });
    expect(ruleIds(problems)).toEqual(["house/declared-statuses"]);
    expect(problems[0]?.message).toMatch(/takes no request body, so it cannot answer `415`/);
  });
});

describe("house/list-total-count", () => {
  it("passes: a list paged by offset declaring X-Total-Count; a list without x-pagination needs none", async () => {
    const problems = await problemsOf((doc) => paginate(doc, true));
    expect(problems, describeProblems(problems)).toEqual([]);
  });

  it("fails: an x-pagination offset list without X-Total-Count on the 200", async () => {
    const problems = await problemsOf((doc) => paginate(doc, false));
    expect(ruleIds(problems), describeProblems(problems)).toEqual(["house/list-total-count"]);
    expect(problems[0]?.message).toBe(
      "`getInventory` is a list paged by offset (its `x-pagination` says so), but its 200 response does not declare `X-Total-Count`: add `X-Total-Count: { $ref: '#/components/headers/X-Total-Count' }` under its `headers` (the total number of matching records).",
    );
    expect(problems[0]?.reference).toBe("docs/contract.md#house-list-total-count");
  });
});

describe("house/replaced-by-exists", () => {
  const replaced = (successor: unknown) => (doc: Doc) => {
    getPet(doc)["x-replaced-by"] = successor;
  };

  it("passes: x-replaced-by names an existing operation that is not deprecated", async () => {
    const problems = await problemsOf(replaced("getInventory"));
    expect(ruleIds(problems)).not.toContain("house/replaced-by-exists");
  });

  it("fails: a typo, with a did-you-mean", async () => {
    const problems = await problemsOf(replaced("getInventry"));
    const mine = problems.filter((problem) => problem.ruleId === "house/replaced-by-exists");
    expect(mine.map((problem) => problem.message)).toEqual([
      "`getPet`: `x-replaced-by: getInventry` names no operation of this spec: did you mean `getInventory`?",
    ]);
    expect(mine[0]?.location[0]?.pointer).toBe("#/paths/~1pets~1{petId}/get/x-replaced-by");
    expect(mine[0]?.reference).toBe("docs/contract.md#house-replaced-by-exists");
  });

  it("fails: a name nothing resembles, itself, a deprecated successor", async () => {
    const cases: Array<[(doc: Doc) => void, RegExp]> = [
      [replaced("listEverything"), /names no operation of this spec: set it to the operationId/],
      [replaced("getPet"), /`getPet` names itself/],
      [
        (doc) => {
          replaced("getInventory")(doc);
          getInventory(doc).deprecated = true;
        },
        /the successor `getInventory` is itself deprecated/,
      ],
    ];
    for (const [change, message] of cases) {
      const problems = await problemsOf(change);
      const mine = problems.filter((problem) => problem.ruleId === "house/replaced-by-exists");
      expect(mine.map((problem) => problem.message).join("\n")).toMatch(message);
    }
  });
});

describe("examples match their schemas (no-invalid-*-examples)", () => {
  it("passes: the fixture's examples", async () => {
    expect(await problemsOf(() => undefined)).toEqual([]);
  });

  it("fails: a media-type example, a schema example and a parameter example that break their schemas", async () => {
    const problems = await problemsOf((doc) => {
      getPet(doc).responses["200"].content["application/json"].example = { id: "one" };
      doc.components.schemas.Pet.properties.id.example = "one";
      getPet(doc).parameters[0].example = "one";
    });
    expect(ruleIds(problems), describeProblems(problems)).toEqual([
      "no-invalid-media-type-examples",
      "no-invalid-parameter-examples",
      "no-invalid-schema-examples",
    ]);
  });
});

describe("callbacks: the API calls the client, so the serving rules do not apply", () => {
  const callback = (doc: Doc) => {
    getInventory(doc).callbacks = {
      stockChanged: {
        "{$request.query.callbackUrl}": {
          post: {
            summary: "Stock changed",
            description: "Sent when a stock count changes.",
            tags: ["Store"],
            requestBody: {
              required: true,
              content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
            },
            responses: {
              "204": { description: "Received." },
              "400": { description: "The receiver refused it." },
            },
          },
        },
      },
    };
  };

  it("passes: a callback without rate-limit headers, 429 or the error statuses, its expression not a path", async () => {
    const problems = await problemsOf(callback);
    expect(problems, describeProblems(problems)).toEqual([]);
  });

  it("fails: a path of the API that is not kebab-case (rule/paths-kebab-case)", async () => {
    const problems = await problemsOf((doc) => {
      doc.paths["/store/stockLevels"] = doc.paths["/store/inventory"];
      delete doc.paths["/store/inventory"];
    });
    expect(ruleIds(problems), describeProblems(problems)).toEqual(["rule/paths-kebab-case"]);
  });
});

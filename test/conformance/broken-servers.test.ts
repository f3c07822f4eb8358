/**
 * Deliberately broken variants of the reference server, each built here (wrapped handlers, or a
 * corrupting proxy in front): the tool must catch every one, with the check that failed, the
 * expected and actual values, the JSON pointer and a shrunk, ready-to-run curl reproduction.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  runConformance,
  type ConformanceFailure,
  type ConformanceOptions,
} from "../../conformance/index.js";
import { petStoreApi, startTestServer, type Corrupt, type TestServer } from "./reference-server.js";
import type { PetStoreServerOptions } from "../../examples/petstore/index.js";

let open: TestServer | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function failuresOf(
  serverOptions: PetStoreServerOptions & { corrupt?: Corrupt },
  run: Partial<ConformanceOptions>,
): Promise<{ failures: readonly ConformanceFailure[]; baseUrl: string }> {
  open = await startTestServer(serverOptions);
  const report = await runConformance({
    ...open.options(),
    spec: await petStoreApi(),
    maxExamples: 15,
    seed: 7,
    stateful: false,
    unsupportedMethods: false,
    ...run,
  });
  expect(report.ok).toBe(false);
  return { failures: report.failures, baseUrl: open.baseUrl };
}

function only(
  failures: readonly ConformanceFailure[],
  check: string,
  operationId: string,
): ConformanceFailure {
  const found = failures.filter(
    (failure) => failure.check === check && failure.operationId === operationId,
  );
  expect(
    found.length,
    `${check} on ${operationId} among ${failures.map((failure) => `${failure.operationId}/${failure.check}`).join(", ")}`,
  ).toBeGreaterThan(0);
  const failure = found[0] as ConformanceFailure;
  expect(failure.curl).toMatch(/^curl -i -X [A-Z]+ '/);
  expect(failure.seed).toBe(7);
  return failure;
}

/** The JSON body of a curl command's `--data-raw '...'`. */
function curlBody(curl: string): unknown {
  const match = /--data-raw '(.*)'$/s.exec(curl);
  return match === null ? undefined : JSON.parse((match[1] as string).replace(/'\\''/g, "'"));
}

describe("deliberately broken servers are caught", () => {
  it("a wrong status (202 instead of 200)", async () => {
    const { failures, baseUrl } = await failuresOf(
      {
        wrapHandlers: (reference) => ({
          listCategories: async (request) =>
            ({ ...(await reference.listCategories(request)), status: 202 }) as never,
        }),
      },
      { operations: ["listCategories"] },
    );
    const failure = only(failures, "status_code_conformance", "listCategories");
    expect(failure).toMatchObject({
      actual: "202",
      phase: "positive",
      pointer: "#/paths/~1categories/get/responses",
    });
    expect(failure.expected).toContain("200");
    // Shrunk: no optional query parameter is needed to show it.
    expect(failure.url).toBe(`${baseUrl}/categories`);
  });

  it("a missing required property in a response body", async () => {
    const { failures } = await failuresOf(
      {
        wrapHandlers: (reference) => ({
          createCategory: async (request) => {
            const response = await reference.createCategory(request);
            if (response.status !== 201) return response;
            const { name: _name, ...rest } = response.body;
            return { ...response, body: rest } as never;
          },
        }),
      },
      { operations: ["createCategory"] },
    );
    const failure = only(failures, "response_schema_conformance", "createCategory");
    expect(failure.message).toMatch(/required property 'name'/);
    expect(failure.pointer).toBe("");
    expect(failure.expected).toContain("#/components/schemas/Category");
    // Shrunk towards the smallest valid body: a one-character name (names are unique, so a
    // repeat of an earlier name answers 409 and the shrinker keeps a short description instead).
    const body = curlBody(failure.curl) as Record<string, unknown>;
    expect(String(body["name"]).length).toBe(1);
    // (a non-ASCII character may take up to 12 bytes as JSON, `\ud83d\ude00`)
    expect(JSON.stringify(body).length).toBeLessThanOrEqual(80);
  });

  it("a missing declared header", async () => {
    const { failures, baseUrl } = await failuresOf(
      {
        wrapHandlers: (reference) => ({
          listPets: async (request) => {
            const response = await reference.listPets(request);
            return (
              response.status === 200 ? { status: 200, body: response.body } : response
            ) as never;
          },
        }),
      },
      { operations: ["listPets"] },
    );
    const failure = only(failures, "response_headers_conformance", "listPets");
    expect(failure).toMatchObject({
      message: "header X-Total-Count is missing",
      expected: "X-Total-Count present",
      actual: "absent",
      pointer: "#/paths/~1pets/get/responses/200/headers/X-Total-Count",
    });
    expect(failure.url).toBe(`${baseUrl}/pets`);
  });

  it("a missing header that the spec does not mark required passes with headerPresence: required (Schemathesis's rule)", async () => {
    open = await startTestServer({
      wrapHandlers: (reference) => ({
        listPets: async (request) => {
          const response = await reference.listPets(request);
          return (
            response.status === 200 ? { status: 200, body: response.body } : response
          ) as never;
        },
      }),
    });
    const report = await runConformance({
      ...open.options(),
      spec: await petStoreApi(),
      maxExamples: 5,
      seed: 7,
      stateful: false,
      unsupportedMethods: false,
      operations: ["listPets"],
      headerPresence: "required",
    });
    expect(report.failures).toEqual([]);
  });

  it("a 500 on an edge value (the largest allowed limit)", async () => {
    const { failures, baseUrl } = await failuresOf(
      {
        wrapHandlers: (reference) => ({
          listPets: (request) => {
            if (request.query.limit === 100) throw new Error("off by one");
            return reference.listPets(request);
          },
        }),
      },
      { operations: ["listPets"] },
    );
    const failure = only(failures, "not_a_server_error", "listPets");
    expect(failure.actual).toMatch(/^500 /);
    // Shrunk to exactly the edge value, with every other parameter dropped.
    expect(failure.url).toBe(`${baseUrl}/pets?limit=100`);
  });

  it("a 500 on any non-ASCII name", async () => {
    const { failures } = await failuresOf(
      {
        wrapHandlers: (reference) => ({
          createCategory: (request) => {
            if (/[^\x00-\x7f]/.test(request.body.name)) throw new Error("latin-1 column");
            return reference.createCategory(request);
          },
        }),
      },
      { operations: ["createCategory"] },
    );
    const failure = only(failures, "not_a_server_error", "createCategory");
    // Shrunk to a short name with a non-ASCII character (one that is not blank, such as U+200B
    // alone, may need a second character).
    const name = String((curlBody(failure.curl) as { name: string }).name);
    expect([...name].length).toBeLessThanOrEqual(2);
    expect(name).toMatch(/[^\x00-\x7f]/);
  });

  it("accepting an invalid body", async () => {
    const accept: Corrupt = async (request, forward) => {
      const response = await forward(request);
      if (request.method !== "POST" || response.status !== 400) return response;
      const headers = new Headers(response.headers);
      headers.delete("content-length");
      const text = await response.text();
      const error = JSON.parse(text) as { message: string };
      if (!/^body|request body/i.test(error.message))
        return new Response(text, { status: response.status, headers });
      headers.set("location", "/categories/1");
      return new Response(JSON.stringify({ id: 1, name: "accepted" }), { status: 201, headers });
    };
    const { failures } = await failuresOf({ corrupt: accept }, { operations: ["createCategory"] });
    const failure = only(failures, "negative_data_rejection", "createCategory");
    expect(failure).toMatchObject({
      phase: "negative",
      expected: "a 4xx rejection",
      actual: "201",
    });
    expect(failure.mutation).toMatch(/^body: |^missing required body$/);
  });

  it("a missing auth check", async () => {
    let key = "";
    const authless: Corrupt = (request, forward) => {
      const headers = new Headers(request.headers);
      if (!headers.has("x-api-key")) headers.set("x-api-key", key);
      return forward(
        new Request(request.url, {
          method: request.method,
          headers,
          body: request.body,
          duplex: "half",
        } as RequestInit),
      );
    };
    open = await startTestServer({ corrupt: authless });
    key = open.key("enterprise");
    const report = await runConformance({
      ...open.options(),
      spec: await petStoreApi(),
      maxExamples: 3,
      seed: 7,
      stateful: false,
      unsupportedMethods: false,
      operations: ["listCategories"],
    });
    const failure = only(report.failures, "missing_auth", "listCategories");
    expect(failure).toMatchObject({
      phase: "missing-auth",
      expected: "401",
      actual: "200",
      pointer: "#/paths/~1categories/get/security",
    });
    expect(failure.curl).not.toContain("X-API-Key");
    expect(failure.url).toBe(`${open.baseUrl}/categories`);
  });

  it("a deleted record that is still readable", async () => {
    const { failures } = await failuresOf(
      { wrapHandlers: () => ({ deleteCategory: () => ({ status: 204 }) }) },
      { operations: ["createCategory"], stateful: true, maxExamples: 5 },
    );
    const failure = only(failures, "use_after_free", "getCategory");
    expect(failure).toMatchObject({ phase: "stateful", expected: "404 or 410", actual: "200" });
    // The chain that led there: create, read, update (and read again when it succeeded),
    // delete; then the failing read.
    const steps = failure.steps.map((step) =>
      /-X ([A-Z]+) '[^']*?(\/categories[^'?]*)/.exec(step)?.slice(1).join(" "),
    );
    expect(steps.slice(0, 3)).toEqual([
      "POST /categories",
      expect.stringMatching(/^GET \/categories\/[0-9]+$/),
      expect.stringMatching(/^PUT \/categories\/[0-9]+$/),
    ]);
    expect(steps.at(-1)).toMatch(/^DELETE \/categories\/[0-9]+$/);
    expect(failure.curl).toMatch(/-X GET '.*\/categories\/[0-9]+' /);
  });

  it("a stateful failure's steps start with what the failing sequence refers to (its category)", async () => {
    const { failures } = await failuresOf(
      { wrapHandlers: () => ({ deletePet: () => ({ status: 204 }) }) },
      { operations: ["createPet"], stateful: true, boundary: false, maxExamples: 3 },
    );
    const failure = failures.find((item) => item.check === "use_after_free");
    expect(
      failure,
      failures.map((item) => `${item.operationId} ${item.check}`).join(", "),
    ).toBeDefined();
    const steps = failure!.steps.map((step) =>
      /-X ([A-Z]+) '[^']*?(\/[a-z]+)/.exec(step)?.slice(1).join(" "),
    );
    // the category the pet belongs to is created first, so the steps replay on a fresh server
    expect(steps.slice(0, 2)).toEqual(["POST /categories", "POST /pets"]);
    expect(failure!.steps[1]).toMatch(/"categoryId":[0-9]+/);
  });

  it("replays a run exactly with the same seed", async () => {
    const broken: PetStoreServerOptions = {
      wrapHandlers: (reference) => ({
        listPets: (request) => {
          if (request.query.offset !== undefined && request.query.offset > 1000)
            throw new Error("boom");
          return reference.listPets(request);
        },
      }),
    };
    const runs: string[][] = [];
    for (let index = 0; index < 2; index++) {
      const { failures, baseUrl } = await failuresOf(broken, {
        operations: ["listPets"],
        seed: 99,
      });
      runs.push(
        failures.map((failure) => `${failure.check} ${failure.curl.replace(baseUrl, "BASE")}`),
      );
      await open?.close();
      open = undefined;
    }
    expect(runs[0]?.length).toBeGreaterThan(0);
    expect(runs[1]).toEqual(runs[0]);
  });
});

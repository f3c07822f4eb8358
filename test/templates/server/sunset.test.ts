/** 410 Gone after an operation's `x-sunset` date, on the server's injectable clock. */
import { describe, expect, it } from "vitest";
import type {
  ApiDescriptor,
  ServerOperationDescriptor,
} from "../../../templates/server/core/descriptor.js";
import type { HandlerMap } from "../../../templates/server/core/handler-api.js";
import {
  api as fixtureApi,
  compileBody,
  errorSchema,
  handlers as fixtureHandlers,
  KEYS,
  parameters,
  petSchema,
  type Caller,
} from "./fixture-api.js";
import { isError, testServer } from "./helpers.js";

const SUNSET = Date.UTC(2031, 5, 30);

const legacyPet: ServerOperationDescriptor = {
  operationId: "getLegacyPet",
  method: "get",
  path: "/legacy/pets/{petId}/owners/{ownerId}",
  secured: true,
  ...parameters([
    { name: "petId", in: "path", schema: { type: "integer", minimum: 1 } },
    { name: "ownerId", in: "path", schema: { type: "string" } },
  ]),
  responses: {
    "200": { validate: compileBody(petSchema), mediaType: "application/json" },
    "410": { validate: compileBody(errorSchema), mediaType: "application/json" },
  },
  deprecated: {
    since: "2031-01-01",
    sunset: "2031-06-30",
    replacedBy: { operationId: "getPet", method: "get", path: "/pets/{petId}/owners/{ownerId}" },
  },
};

const api: ApiDescriptor = { ...fixtureApi, operations: [...fixtureApi.operations, legacyPet] };

function setup(options: Parameters<typeof testServer>[0] = {}) {
  const calls: string[] = [];
  const handlers: HandlerMap<Caller> = {
    ...fixtureHandlers,
    getLegacyPet: ({ path }) => {
      calls.push(String(path["petId"]));
      return { status: 200, body: { id: path["petId"], name: "Rex" } };
    },
  };
  const server = testServer({ api, handlers, ...options });
  return { calls, server };
}

const key = KEYS.enterprise;

describe("sunset: 410 gone", () => {
  it("serves the operation until 00:00 UTC of its sunset date, then answers 410 without calling it", async () => {
    const { calls, server } = setup();
    server.clock = SUNSET - 1;
    const before = await server.call("GET", "/legacy/pets/7/owners/ann", { key });
    expect(before.status).toBe(200);
    expect(before.headers.get("sunset")).toBe("Mon, 30 Jun 2031 00:00:00 GMT");
    expect(before.headers.get("link")).toBeNull();

    server.clock = SUNSET;
    const after = await server.call("GET", "/legacy/pets/7/owners/ann%20b", { key });
    expect(after.status).toBe(410);
    expect(isError(after.body, 410, "gone")).toBe(true);
    expect((after.body as { message: string }).message).toBe(
      "getLegacyPet was sunset on 2031-06-30 and is no longer served; use getPet (GET /pets/{petId}/owners/{ownerId})",
    );
    expect(after.headers.get("sunset")).toBe("Mon, 30 Jun 2031 00:00:00 GMT");
    expect(after.headers.get("deprecation")).toBe(`@${Date.UTC(2031, 0, 1) / 1000}`);
    expect(after.headers.get("link")).toBe('</pets/7/owners/ann%20b>; rel="successor-version"');
    expect(after.headers.get("x-ratelimit-remaining")).not.toBeNull();
    expect(calls).toEqual(["7"]);
    expect(server.logged).toEqual([]);
  });

  it("puts the base path in front of the successor's path", async () => {
    const { server } = setup({ basePath: "/v1" });
    server.clock = SUNSET + 86_400_000;
    const after = await server.call("GET", "/v1/legacy/pets/1/owners/x", { key });
    expect(after.status).toBe(410);
    expect(after.headers.get("link")).toBe('</v1/pets/1/owners/x>; rel="successor-version"');
  });

  it("authentication comes first: a missing key is still 401", async () => {
    const { server } = setup();
    server.clock = SUNSET;
    const answer = await server.call("GET", "/legacy/pets/1/owners/x");
    expect(answer.status).toBe(401);
  });

  it("an operation without a successor gets no Link", async () => {
    const { server } = setup();
    server.clock = Date.UTC(2031, 5, 30);
    const answer = await server.call("GET", "/legacy/sunset-only");
    expect(answer.status).toBe(410);
    expect(answer.headers.get("link")).toBeNull();
    expect((answer.body as { message: string }).message).toBe(
      "sunsetOnly was sunset on 2031-06-30 and is no longer served",
    );
  });
});

describe("sunset: serveAfterSunset", () => {
  it("true keeps serving every operation; a list keeps serving the ones it names", async () => {
    const all = setup({ serveAfterSunset: true });
    all.server.clock = SUNSET;
    expect((await all.server.call("GET", "/legacy/pets/1/owners/x", { key })).status).toBe(200);
    expect((await all.server.call("GET", "/legacy/sunset-only")).status).toBe(200);

    const some = setup({ serveAfterSunset: ["getLegacyPet"] });
    some.server.clock = SUNSET;
    expect((await some.server.call("GET", "/legacy/pets/1/owners/x", { key })).status).toBe(200);
    expect((await some.server.call("GET", "/legacy/sunset-only")).status).toBe(410);
  });

  it("refuses a name that is not an operation with an x-sunset date", () => {
    expect(() => setup({ serveAfterSunset: ["getLegacyPets"] })).toThrow(
      'serveAfterSunset names "getLegacyPets", which is not an operation with an x-sunset date (operations with one: listLegacyPets, sunsetOnly, getLegacyPet)',
    );
    expect(() => setup({ serveAfterSunset: ["listPets"] })).toThrow(/"listPets"/);
  });
});

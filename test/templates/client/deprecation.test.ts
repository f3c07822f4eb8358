import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createClientRuntime,
  formatDeprecationNotice,
  type ClientOperationDescriptor,
  type DeprecationNotice,
} from "../../../templates/client/index.js";
import { getPet, listPets } from "./pet-descriptors.js";
import { json, scriptedFetch } from "./fake-fetch.js";

const listPetsV1: ClientOperationDescriptor = {
  operationId: "listPetsV1",
  method: "get",
  path: "/v1/pets",
  secured: false,
  deprecated: { sunset: "2026-06-30", replacement: "listPets" },
};

function client(responses: Response[]) {
  const notices: DeprecationNotice[] = [];
  const { fetch, calls } = scriptedFetch(...responses);
  const runtime = createClientRuntime({
    baseUrl: "https://api.test",
    fetch,
    onDeprecation: (n) => notices.push(n),
  });
  return { runtime, notices, calls };
}

describe("client runtime: deprecation", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("reports a deprecated operation once, when it is first called", async () => {
    const { runtime, notices } = client([json(200, []), json(200, []), json(200, [])]);
    await runtime.call(listPetsV1);
    await runtime.call(listPetsV1);
    await runtime.call(listPetsV1);
    expect(notices).toEqual([
      {
        operationId: "listPetsV1",
        method: "get",
        path: "/v1/pets",
        source: "spec",
        sunset: "2026-06-30",
        replacement: "listPets",
      },
    ]);
  });

  it("reports once per client instance", async () => {
    const first = client([json(200, [])]);
    const second = client([json(200, [])]);
    await first.runtime.call(listPetsV1);
    await second.runtime.call(listPetsV1);
    expect(first.notices).toHaveLength(1);
    expect(second.notices).toHaveLength(1);
  });

  it("reports an operation once when a response carries a Deprecation header", async () => {
    const headers = {
      deprecation: "@1767225600",
      sunset: "Tue, 30 Jun 2026 23:59:59 GMT",
      link: '<https://api.test/docs/v2>; rel="successor-version"',
    };
    const { runtime, notices } = client([
      json(200, {}, headers),
      json(200, {}, headers),
      json(200, [], headers),
    ]);
    await runtime.call(getPet, { path: { petId: 1 } });
    await runtime.call(getPet, { path: { petId: 2 } });
    await runtime.call(listPets);
    expect(notices).toEqual([
      {
        operationId: "getPet",
        method: "get",
        path: "/pets/{petId}",
        source: "response",
        sunset: "2026-06-30",
        replacement: "https://api.test/docs/v2",
        deprecationHeader: "@1767225600",
      },
      {
        operationId: "listPets",
        method: "get",
        path: "/pets",
        source: "response",
        sunset: "2026-06-30",
        replacement: "https://api.test/docs/v2",
        deprecationHeader: "@1767225600",
      },
    ]);
  });

  it("reports on a Sunset header alone", async () => {
    const { runtime, notices } = client([
      json(200, [], { sunset: "Wed, 31 Dec 2025 00:00:00 GMT" }),
    ]);
    await runtime.call(listPets);
    expect(notices).toEqual([
      {
        operationId: "listPets",
        method: "get",
        path: "/pets",
        source: "response",
        sunset: "2025-12-31",
      },
    ]);
  });

  it("does not report twice when a deprecated operation also gets the headers", async () => {
    const { runtime, notices } = client([
      json(200, [], { deprecation: "true" }),
      json(200, [], { deprecation: "true" }),
    ]);
    await runtime.call(listPetsV1);
    await runtime.call(listPetsV1);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.source).toBe("spec");
  });

  it("does not report without deprecation or headers", async () => {
    const { runtime, notices } = client([json(200, [])]);
    await runtime.call(listPets);
    expect(notices).toEqual([]);
  });

  it("warns once through console.warn by default, naming the operation and the sunset date", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { fetch } = scriptedFetch(json(200, []), json(200, []));
    const runtime = createClientRuntime({ baseUrl: "https://api.test", fetch });
    await runtime.call(listPetsV1);
    await runtime.call(listPetsV1);
    expect(warn).toHaveBeenCalledTimes(1);
    const message = String(warn.mock.calls[0]?.[0]);
    expect(message).toContain('"listPetsV1"');
    expect(message).toContain("GET /v1/pets");
    expect(message).toContain("2026-06-30");
    expect(message).toContain("listPets instead");
  });

  it("formats a notice without sunset or replacement", () => {
    expect(
      formatDeprecationNotice({
        operationId: "getPet",
        method: "get",
        path: "/pets/{petId}",
        source: "response",
      }),
    ).toBe(
      'Deprecated API operation "getPet" (GET /pets/{petId}) was reported deprecated by the server; no sunset date announced.',
    );
  });
});

/**
 * Path templates with parameters inside a segment, literal queries, and a spec that cannot be
 * routed apart: generated, served and called over real HTTP.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../generator/cli-helper.js";
import { FIXTURES, generateFixture, type GeneratedFixture } from "./serve-fixture.js";

let fixture: GeneratedFixture;
let server: { baseUrl: string; close(): Promise<void> };
beforeAll(async () => {
  fixture = await generateFixture("routing.yaml");
  const echo = (handler: string) => (request: { path: unknown; query: unknown }) => ({
    status: 200,
    body: { handler, path: request.path, query: request.query },
  });
  const handlers = Object.fromEntries(
    [
      "fetchAccount",
      "listCall",
      "fetchCall",
      "downloadFile",
      "getResponse",
      "betaGetResponse",
      "clashFirst",
      "clashSecond",
    ].map((name) => [name, echo(name)]),
  );
  server = await fixture.serve(handlers, { validateResponses: true });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});

async function call(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server.baseUrl}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("routing real-world path templates", () => {
  it("generate warns about the operations that cannot be routed apart, naming both", () => {
    const routing = fixture.rendered.warnings.filter((warning) => warning.startsWith("routing:"));
    expect(routing).toHaveLength(1);
    expect(routing[0]).toContain("clashFirst (GET /clash/{a}) and clashSecond (GET /clash/{b})");
  });

  it("the CLI prints that warning and still generates", () => {
    const out = join(fixture.outDir, "..", "cli");
    const result = runCli("generator/cli.ts", [
      "--spec",
      join(FIXTURES, "routing.yaml"),
      "--out",
      out,
      "--name",
      "Routing",
    ]);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain(
      "warning: routing: clashFirst (GET /clash/{a}) and clashSecond (GET /clash/{b}) answer the same requests: clashSecond is never reached",
    );
  }, 120_000);

  it("routes parameters that are part of a segment, coerced and validated as declared", async () => {
    expect(await call("/2010-04-01/Accounts/AC12ab.json")).toEqual({
      status: 200,
      body: { handler: "fetchAccount", path: { Sid: "AC12ab" }, query: {} },
    });
    expect((await call("/2010-04-01/Accounts/AC1/Calls.json")).body).toMatchObject({
      handler: "listCall",
      path: { AccountSid: "AC1" },
    });
    expect((await call("/2010-04-01/Accounts/AC1/Calls/CA%209.json")).body).toMatchObject({
      handler: "fetchCall",
      path: { AccountSid: "AC1", Sid: "CA 9" },
    });
    expect((await call("/files/42/download.pdf")).body).toMatchObject({
      handler: "downloadFile",
      path: { id: 42, extension: ".pdf" },
    });
    // The pattern (AC + hex) and the enum still hold: 400, not a misroute.
    expect((await call("/2010-04-01/Accounts/XY1.json")).status).toBe(400);
    expect((await call("/files/42/download.exe")).status).toBe(400);
    expect((await call("/files/42/download")).status).toBe(404);
  });

  it("a literal query in the template selects its operation when the request carries it", async () => {
    expect((await call("/responses/r1")).body).toMatchObject({
      handler: "getResponse",
      path: { response_id: "r1" },
    });
    expect((await call("/responses/r1?include=usage")).body).toMatchObject({
      handler: "getResponse",
      query: { include: "usage" },
    });
    expect((await call("/responses/r1?beta=true")).body).toMatchObject({
      handler: "betaGetResponse",
      path: { response_id: "r1" },
    });
    expect((await call("/responses/r1?include=usage&beta=true")).body).toMatchObject({
      handler: "betaGetResponse",
      query: { include: "usage" },
    });
  });

  it("serves every other operation of a spec with an unroutable pair (the first in spec order wins)", async () => {
    expect((await call("/clash/x")).body).toMatchObject({
      handler: "clashFirst",
      path: { a: "x" },
    });
  });
});

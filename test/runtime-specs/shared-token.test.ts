/**
 * One OAuth 2 token for a requirement of two OAuth 2 schemes that share the `Authorization` header
 * (Google's `Oauth2` + `Oauth2c`; test/fixtures/runtime-specs/shared-token.yaml), over real HTTP:
 * the generated client sends the token given for either scheme once; the generated server checks
 * the union of both schemes' scopes; a missing credential's error names what the client lacks.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateFixture, type GeneratedFixture } from "./serve-fixture.js";

type Call = (init?: Record<string, unknown>) => Promise<{
  status: number;
  data?: unknown;
  error?: unknown;
}>;
type ClientFactory = (options: object) => Record<string, Call>;

const READ = "https://example.test/auth/files.readonly";
const DRIVE = "https://example.test/auth/drive";
const ADMIN = "https://example.test/auth/admin";
/** The scopes each token grants. */
const TOKENS: Record<string, string[]> = { both: [READ, DRIVE, ADMIN], read: [READ] };

let fixture: GeneratedFixture;
let server: { baseUrl: string; close(): Promise<void> };
let createClient: ClientFactory;

beforeAll(async () => {
  fixture = await generateFixture("shared-token.yaml");
  const view = (request: { header: Record<string, unknown> }) => ({
    status: 200,
    body: { authorization: String(request.header["authorization"] ?? "") },
  });
  server = await fixture.serve(
    { listFiles: view, admin: view },
    {
      authenticate: (credentials: Record<string, { token?: string; value?: string }>) => {
        const token = credentials["Oauth2"]?.token ?? credentials["Oauth2c"]?.token;
        const scopes = token === undefined ? [] : TOKENS[token];
        return scopes === undefined ? undefined : { caller: {}, scopes };
      },
    },
  );
  const module = (await import(join(fixture.outDir, "client.ts"))) as {
    createFixtureClient: ClientFactory;
  };
  createClient = module.createFixtureClient;
}, 120_000);
afterAll(async () => {
  await server?.close();
  fixture?.remove();
});

const client = (auth: object) =>
  createClient({ baseUrl: server.baseUrl, retry: false, auth }) as Record<string, Call>;

describe("one token for every OAuth 2 scheme of a requirement", () => {
  it("is sent once, whichever scheme it is given for", async () => {
    for (const auth of [{ Oauth2: "both" }, { Oauth2c: "both" }, { Oauth2: () => "both" }]) {
      expect(await client(auth).listFiles!()).toMatchObject({ status: 200 });
    }
    expect(await client({}).listFiles!()).toMatchObject({ status: 401 });
  });

  it("is checked by the server against the union of both schemes' scopes", async () => {
    const partial = await client({ Oauth2: "read" }).listFiles!();
    expect(partial).toMatchObject({
      status: 403,
      error: { detail: `Missing scope: ${DRIVE}` },
    });
    const raw = await fetch(`${server.baseUrl}/files`, {
      headers: { authorization: "Bearer read" },
    });
    expect(raw.headers.get("www-authenticate")).toContain(`scope="${DRIVE}"`);
  });

  it("names the scheme the client lacks, not 'none', when a requirement also needs another", async () => {
    await expect(client({ Oauth2: "both" }).admin!()).rejects.toThrow(
      "admin needs credentials for Oauth2 + ApiKey, and the client has Oauth2 but not ApiKey",
    );
    expect(await client({ Oauth2: "both", ApiKey: "k" }).admin!()).toMatchObject({ status: 200 });
  });
});

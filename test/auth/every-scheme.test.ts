/**
 * Every security scheme kind, on both sides, with the fixture test/fixtures/security/every-scheme.yaml
 * (bearer, basic, API keys in header/query/cookie, OAuth 2 and OpenID Connect with scopes, another
 * http scheme, mutualTLS; AND and OR requirements, the root default, an opt-out, optional auth).
 * The generated client talks over real HTTP to a capturing server; the generated request handler
 * answers real requests.
 */
import { createHash } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthResult, Credentials } from "../../templates/server/core/auth.js";
import {
  createMemoryRateLimitStore,
  type RateLimitStore,
} from "../../templates/server/stores/rate-limiter.js";
import type { HandlerMap, HandlerRequest } from "../../templates/server/core/handler-api.js";
import { ROOT } from "../generator/cli-helper.js";
import { typecheckFolders } from "../generator/typecheck.js";
import {
  generateApi,
  startCapturingServer,
  workFolder,
  type CapturingServer,
  type GeneratedApi,
} from "./generated-api.js";

const SPEC = join(ROOT, "test/fixtures/security/every-scheme.yaml");
const work = workFolder("auth");
const out = join(work, "every-scheme");
let api: GeneratedApi;
let capture: CapturingServer;

beforeAll(async () => {
  api = await generateApi(SPEC, out, "Secure");
  capture = await startCapturingServer();
}, 120_000);
afterAll(async () => {
  await capture?.close();
  rmSync(work, { recursive: true, force: true });
});

const basicOf = (header: string | undefined): string =>
  Buffer.from((header ?? "").replace(/^Basic /, ""), "base64").toString("utf8");

describe("the model", () => {
  it("reads every scheme and every requirement: AND, OR, scopes, the root default, opt-outs", () => {
    const kinds = Object.fromEntries(
      api.model.securitySchemes.map((scheme) => [scheme.name, scheme.kind]),
    );
    expect(kinds).toEqual({
      bearerAuth: "http",
      basicAuth: "http",
      headerKey: "apiKey",
      queryKey: "apiKey",
      cookieKey: "apiKey",
      oauth: "oauth2",
      oidc: "openIdConnect",
      signature: "http",
      clientCert: "mutualTLS",
    });
    expect(api.model.securitySchemes.find((scheme) => scheme.name === "signature")).toMatchObject({
      scheme: "signature",
    });
    expect(api.model.securitySchemes.find((scheme) => scheme.name === "oauth")).toMatchObject({
      scopes: ["pets:read", "pets:write"],
    });
    const byId = Object.fromEntries(
      api.model.operations.map((operation) => [operation.operationId, operation]),
    );
    const requirements = (id: string) =>
      byId[id]?.securityRequirements.map((requirement) =>
        requirement.schemes.map((scheme) => `${scheme.name}[${scheme.scopes.join(" ")}]`),
      );
    expect(requirements("rootDefault")).toEqual([["bearerAuth[]"]]);
    expect(requirements("publicStatus")).toEqual([]);
    expect(requirements("optionalAuth")).toEqual([[], ["bearerAuth[]"]]);
    expect(requirements("bothKeys")).toEqual([["headerKey[]", "queryKey[]"]]);
    expect(requirements("bearerOrBasic")).toEqual([["bearerAuth[]"], ["basicAuth[]"]]);
    expect(requirements("writePets")).toEqual([["oauth[pets:write]"]]);
    const secured = Object.fromEntries(
      api.model.operations.map((operation) => [operation.operationId, operation.secured]),
    );
    expect(secured).toMatchObject({
      rootDefault: true,
      publicStatus: false,
      optionalAuth: false,
      bothKeys: true,
      certificateOnly: false,
      profile: true,
    });
  });

  it("types the auth option from the scheme names, and the caller from the requirements", () => {
    writeFileSync(
      join(out, "usage.ts"),
      [
        'import { createSecureClient, type SecureAuth } from "./client.js";',
        'import type { SecureHandlers } from "./server.js";',
        'const auth: SecureAuth = { bearerAuth: "t", basicAuth: { username: "u", password: "p" }, headerKey: async () => "k", oauth: () => undefined, signature: "keyId=1" };',
        'createSecureClient({ baseUrl: "http://127.0.0.1:1", auth });',
        "// @ts-expect-error basic needs { username, password }",
        'createSecureClient({ baseUrl: "http://127.0.0.1:1", auth: { basicAuth: "user:pass" } });',
        "// @ts-expect-error not a scheme of the spec",
        'createSecureClient({ baseUrl: "http://127.0.0.1:1", auth: { nope: "x" } });',
        "// @ts-expect-error mutualTLS has nothing to send",
        'createSecureClient({ baseUrl: "http://127.0.0.1:1", auth: { clientCert: "x" } });',
        'export const handlers: Pick<SecureHandlers<string>, "rootDefault" | "publicStatus"> = {',
        "  rootDefault: ({ caller }) => ({ status: 200, body: { caller: caller.toUpperCase() } }),",
        "  publicStatus: ({ caller }) => ({ status: 200, body: { caller: caller ?? null } }),",
        "};",
        "",
      ].join("\n"),
    );
    expect(typecheckFolders([out])).toEqual([]);
    // the generated README's client example shows the first scheme's credential
    expect(readFileSync(join(out, "README.md"), "utf8")).toMatch(
      /auth: \{\n\s*bearerAuth: "<your token>",\n\s*\}/,
    );
  }, 120_000);
});

describe("the client, over HTTP", () => {
  const send = async (
    auth: Parameters<GeneratedApi["createClient"]>[0]["auth"],
    operation: string,
    init?: object,
  ) => {
    const before = capture.received.length;
    const client = api.createClient({ baseUrl: capture.url, auth, retry: false });
    const result = await client[operation]!(init);
    expect(result.status).toBe(200);
    expect(capture.received.length).toBe(before + 1);
    return capture.received[before]!;
  };

  it("sends a bearer token, and nothing to an operation that opts out", async () => {
    expect((await send({ bearerAuth: "tok-1" }, "rootDefault")).headers.authorization).toBe(
      "Bearer tok-1",
    );
    const publicRequest = await send({ bearerAuth: "tok-1", headerKey: "hk" }, "publicStatus");
    expect(publicRequest.headers.authorization).toBeUndefined();
    expect(publicRequest.headers["x-api-key"]).toBeUndefined();
    // the table says the top-level requirements once; an operation repeats only its own
    expect(api.security.requirements).toEqual([["bearerAuth"]]);
    expect(api.operations.rootDefault).not.toHaveProperty("security");
    expect(api.operations.publicStatus?.security).toEqual([]);
    expect(api.operations.bearerOrBasic?.security).toEqual([["bearerAuth"], ["basicAuth"]]);
  });

  it("sends basic credentials as base64 of UTF-8", async () => {
    const seen = await send(
      { basicAuth: { username: "zoë", password: "pä:ss wörd🔑" } },
      "basicOnly",
    );
    expect(seen.headers.authorization).toMatch(/^Basic [A-Za-z0-9+/]+=*$/);
    expect(basicOf(seen.headers.authorization)).toBe("zoë:pä:ss wörd🔑");
  });

  it("puts API keys in their header, query parameter and cookie; AND requirements get every one", async () => {
    expect((await send({ headerKey: "hk 1" }, "headerKey")).headers["x-api-key"]).toBe("hk 1");
    expect((await send({ queryKey: "q k&" }, "queryKey", { query: { limit: 2 } })).url).toBe(
      "/query-key?limit=2&api_key=q%20k%26",
    );
    expect((await send({ cookieKey: "c=1" }, "cookieKey")).headers.cookie).toBe("session=c%3D1");
    const both = await send({ headerKey: "h", queryKey: "q" }, "bothKeys");
    expect(both.headers["x-api-key"]).toBe("h");
    expect(both.url).toBe("/both-keys?api_key=q");
  });

  it("picks the first requirement it can satisfy (OR), and prefers credentials on optional auth", async () => {
    expect(
      (
        await send(
          { bearerAuth: "b", basicAuth: { username: "u", password: "p" } },
          "bearerOrBasic",
        )
      ).headers.authorization,
    ).toBe("Bearer b");
    expect(
      basicOf(
        (await send({ basicAuth: { username: "u", password: "p" } }, "bearerOrBasic")).headers
          .authorization,
      ),
    ).toBe("u:p");
    expect(
      (
        await send(
          {
            bearerAuth: () => undefined,
            basicAuth: async () => ({ username: "v", password: "w" }),
          },
          "bearerOrBasic",
        )
      ).headers.authorization,
    ).toBe(`Basic ${btoa("v:w")}`);
    expect((await send({ bearerAuth: "b" }, "optionalAuth")).headers.authorization).toBe(
      "Bearer b",
    );
    expect(
      (await send({ basicAuth: { username: "u", password: "p" } }, "optionalAuth")).headers
        .authorization,
    ).toBeUndefined();
  });

  it("sends OAuth 2 / OpenID Connect tokens as Bearer, other http schemes as written, nothing for mutualTLS", async () => {
    expect((await send({ oauth: "at-1" }, "writePets")).headers.authorization).toBe("Bearer at-1");
    expect((await send({ oidc: async () => "id-1" }, "profile")).headers.authorization).toBe(
      "Bearer id-1",
    );
    expect(
      (await send({ signature: 'keyId="k1",signature="abc"' }, "signed")).headers.authorization,
    ).toBe('signature keyId="k1",signature="abc"');
    expect(
      (await send({ bearerAuth: "x" }, "certificateOnly")).headers.authorization,
    ).toBeUndefined();
  });

  it("asks a credential function again on every retry (token refresh)", async () => {
    let calls = 0;
    const client = api.createClient({
      baseUrl: capture.url,
      auth: { bearerAuth: async () => `fresh-${++calls}` },
      retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 2 },
    });
    const before = capture.received.length;
    capture.script.push(503, 503);
    expect((await client.rootDefault!()).status).toBe(200);
    expect(capture.received.slice(before).map((request) => request.headers.authorization)).toEqual([
      "Bearer fresh-1",
      "Bearer fresh-2",
      "Bearer fresh-3",
    ]);
  });

  it("rejects before sending when no credential meets the requirements, naming the schemes and no secret", async () => {
    const before = capture.received.length;
    const client = api.createClient({
      baseUrl: capture.url,
      auth: { basicAuth: { username: "u", password: "s3cret" } },
    });
    const error = await client.rootDefault!().catch((caught: unknown) => caught);
    // the generated package's own copy of the class
    expect(error).toMatchObject({
      name: "MissingCredentialsError",
      operationId: "rootDefault",
      requirements: [["bearerAuth"]],
    });
    expect((error as Error).message).toContain("bearerAuth");
    expect((error as Error).message).not.toContain("s3cret");
    const later = api.createClient({ baseUrl: capture.url, auth: { bearerAuth: () => undefined } });
    await expect(later.rootDefault!()).rejects.toMatchObject({ name: "MissingCredentialsError" });
    const wrong = api.createClient({
      baseUrl: capture.url,
      auth: { bearerAuth: 42 as unknown as string },
    });
    await expect(wrong.rootDefault!()).rejects.toThrow(
      /"bearerAuth" is number; it must be a string/,
    );
    expect(capture.received.length).toBe(before);
  });

  it("sends without credentials when told to, or when the client has none at all", async () => {
    const before = capture.received.length;
    const sending = api.createClient({
      baseUrl: capture.url,
      auth: { basicAuth: { username: "u", password: "p" } },
      missingAuth: "send",
      retry: false,
    });
    expect((await sending.rootDefault!()).status).toBe(200);
    const anonymous = api.createClient({ baseUrl: capture.url, retry: false });
    expect((await anonymous.rootDefault!()).status).toBe(200);
    expect(capture.received.slice(before).map((request) => request.headers.authorization)).toEqual([
      undefined,
      undefined,
    ]);
  });
});

describe("the server", () => {
  type Caller = string;
  const tokens: Record<string, AuthResult<Caller>> = {
    "good-token": { caller: "bearer-user", plan: "free" },
    "oauth-read": { caller: "reader", plan: "free", scopes: ["pets:read"] },
    "oauth-write": { caller: "writer", plan: "free", scopes: ["pets:read", "pets:write"] },
    "user-7-a": { caller: "seven", plan: "free", id: "user-7" },
    "user-7-b": { caller: "seven", plan: "free", id: "user-7" },
  };
  const seenCredentials: Credentials[] = [];
  function authenticate(credentials: Credentials): AuthResult<Caller> | undefined {
    seenCredentials.push(credentials);
    for (const credential of Object.values(credentials)) {
      if (credential?.type === "bearer" && tokens[credential.token])
        return tokens[credential.token];
      if (
        credential?.type === "basic" &&
        credential.username === "zoë" &&
        credential.password === "pä:ss"
      )
        return { caller: "basic-user", plan: "free" };
      if (credential?.type === "apiKey" && credential.value === `${credential.in}-secret`)
        return { caller: `${credential.in}-user`, plan: "free" };
      if (
        credential?.type === "http" &&
        credential.scheme === "signature" &&
        credential.value === "keyId=1"
      )
        return { caller: "signer", plan: "free" };
    }
    return undefined;
  }
  const rateIds: string[] = [];
  const memory = createMemoryRateLimitStore();
  const store: RateLimitStore = {
    hit: (id, options) => (rateIds.push(id), memory.hit(id, options)),
  };
  const echo = (request: HandlerRequest<Caller>) => ({
    status: 200,
    body: { caller: request.caller ?? null },
  });
  let handle: (request: Request) => Promise<Response>;
  beforeAll(() => {
    const handlers = Object.fromEntries(
      api.api.operations.map((operation) => [operation.operationId, echo]),
    ) as HandlerMap<Caller>;
    handle = api.createRequestHandler<Caller>(handlers, {
      authenticate,
      rateLimitStore: store,
      validateResponses: true,
    });
  });
  const call = async (path: string, headers: Record<string, string> = {}, method = "GET") => {
    const response = await handle(new Request(`http://api.test${path}`, { method, headers }));
    return {
      status: response.status,
      challenge: response.headers.get("www-authenticate"),
      body: (await response.json()) as Record<string, unknown>,
    };
  };
  const basic = (text: string) => `Basic ${Buffer.from(text, "utf8").toString("base64")}`;

  it("401 with the error body and a challenge per scheme of the operation", async () => {
    const root = await call("/default");
    expect(root).toMatchObject({
      status: 401,
      body: {
        code: "unauthorized",
        status: 401,
        message: "Missing credentials: send a Bearer token in the Authorization header",
      },
    });
    expect(root.challenge).toBe('Bearer realm="Every security scheme"');
    const either = await call("/either");
    expect(either.challenge).toBe(
      'Bearer realm="Every security scheme", Basic realm="Every security scheme", charset="UTF-8"',
    );
    expect(either.body.message).toBe(
      "Missing credentials: send a Bearer token in the Authorization header, or Basic credentials in the Authorization header",
    );
    expect((await call("/cookie-key")).challenge).toBe(
      'ApiKey realm="Every security scheme", in="cookie", name="session"',
    );
    expect((await call("/cookie-key")).body.message).toBe(
      "Missing API key: send it in the session cookie",
    );
    expect((await call("/default", { authorization: "Bearer wrong" })).body).toMatchObject({
      code: "unauthorized",
      message: "Invalid credentials",
    });
  });

  it("gives authenticate the credentials by scheme, and the handler the caller", async () => {
    seenCredentials.length = 0;
    expect(await call("/default", { authorization: "Bearer good-token" })).toMatchObject({
      status: 200,
      body: { caller: "bearer-user" },
    });
    expect(seenCredentials[0]).toEqual({
      bearerAuth: { type: "bearer", token: "good-token" },
      oauth: { type: "bearer", token: "good-token" },
      oidc: { type: "bearer", token: "good-token" },
    });
    expect((await call("/basic", { authorization: basic("zoë:pä:ss") })).body).toEqual({
      caller: "basic-user",
    });
    expect((await call("/header-key", { "x-api-key": "header-secret" })).body).toEqual({
      caller: "header-user",
    });
    expect((await call("/query-key?api_key=query-secret")).body).toEqual({ caller: "query-user" });
    expect((await call("/cookie-key", { cookie: "a=1; session=cookie-secret" })).body).toEqual({
      caller: "cookie-user",
    });
    expect((await call("/signed", { authorization: "Signature keyId=1" })).body).toEqual({
      caller: "signer",
    });
    expect((await call("/either", { authorization: basic("zoë:pä:ss") })).body).toEqual({
      caller: "basic-user",
    });
  });

  it("needs every scheme of an AND requirement", async () => {
    expect((await call("/both-keys", { "x-api-key": "header-secret" })).status).toBe(401);
    expect(
      (await call("/both-keys?api_key=query-secret", { "x-api-key": "header-secret" })).status,
    ).toBe(200);
  });

  it("opt-outs, optional auth and mutualTLS let anonymous requests through; a caller still reaches the handler", async () => {
    expect((await call("/public")).body).toEqual({ caller: null });
    expect((await call("/public", { authorization: "Bearer good-token" })).body).toEqual({
      caller: "bearer-user",
    });
    expect((await call("/optional")).status).toBe(200);
    expect((await call("/certificate")).status).toBe(200);
  });

  it("403 with an insufficient_scope challenge when OAuth 2 / OpenID Connect scopes are missing", async () => {
    const read = await call("/pets", { authorization: "Bearer oauth-read" }, "POST");
    expect(read).toMatchObject({
      status: 403,
      body: { code: "forbidden", status: 403, message: "Missing scope: pets:write" },
    });
    expect(read.challenge).toBe(
      'Bearer realm="Every security scheme", error="insufficient_scope", scope="pets:write"',
    );
    expect((await call("/pets", { authorization: "Bearer oauth-write" }, "POST")).body).toEqual({
      caller: "writer",
    });
    expect((await call("/profile", { authorization: "Bearer oauth-write" })).status).toBe(403);
    expect((await call("/pets", {}, "POST")).status).toBe(401);
  });

  it("answers malformed Authorization headers 401, never 500", async () => {
    const cases: [string, RegExp][] = [
      ["Basic !!!not-base64", /not valid base64/],
      [basic("no colon here"), /no colon/],
      [`Basic ${Buffer.from([0xff, 0xfe, 0x3a]).toString("base64")}`, /UTF-8/],
      ["Bearer ", /no credentials/],
      ["Bearer", /no credentials/],
      ["Bearer two words", /Bearer token/],
      ["Digest username=x", /not one this API accepts/],
      ["   ", /Missing credentials/],
    ];
    for (const [header, message] of cases) {
      for (const path of ["/either", "/basic", "/default"]) {
        const answer = await call(path, { authorization: header });
        expect(answer.status, `${header} on ${path}`).toBe(401);
        expect(answer.body.code).toBe("unauthorized");
        expect(String(answer.body.message), `${header} on ${path}`).toMatch(message);
        expect(answer.challenge).not.toBeNull();
      }
    }
    // a scheme the operation does not accept, though the API does
    expect(await call("/basic", { authorization: "Bearer good-token" })).toMatchObject({
      status: 401,
      body: {
        message:
          "These credentials do not satisfy this operation: send Basic credentials in the Authorization header",
      },
    });
  });

  it("lets browsers send Authorization and read the challenge (CORS)", async () => {
    const cors = api.createRequestHandler<Caller>({}, { authenticate, cors: { origins: "*" } });
    const preflight = await cors(
      new Request("http://api.test/either", {
        method: "OPTIONS",
        headers: { origin: "https://app.test", "access-control-request-method": "GET" },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")?.split(", ")).toEqual(
      expect.arrayContaining(["Authorization", "X-Api-Key"]),
    );
    const refused = await cors(
      new Request("http://api.test/either", { headers: { origin: "https://app.test" } }),
    );
    expect(refused.status).toBe(401);
    expect(refused.headers.get("access-control-expose-headers")).toContain("WWW-Authenticate");
  });

  it("rate limits on the caller's hashed identity, whatever the scheme", async () => {
    rateIds.length = 0;
    await call("/default", { authorization: "Bearer good-token" });
    await call("/basic", { authorization: basic("zoë:pä:ss") });
    await call("/header-key", { "x-api-key": "header-secret" });
    await call("/default", { authorization: "Bearer user-7-a" });
    await call("/default", { authorization: "Bearer user-7-b" });
    await call("/default", { authorization: "Bearer unknown" });
    const sha = (text: string) => createHash("sha256").update(text).digest("base64url");
    expect(rateIds[0]).toMatch(/^cred:[A-Za-z0-9_-]{43}$/);
    expect(rateIds[1]).toMatch(/^cred:[A-Za-z0-9_-]{43}$/);
    expect(rateIds[1]).not.toBe(rateIds[0]);
    expect(rateIds[2]).toBe(`key:${sha("header-secret")}`);
    expect(rateIds[3]).toBe(`id:${sha("user-7")}`);
    expect(rateIds[4]).toBe(rateIds[3]);
    expect(rateIds[5]).toBe("anonymous");
    for (const id of rateIds) expect(id).not.toMatch(/good-token|zoë|header-secret|user-7/);
  });
});

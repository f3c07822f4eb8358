/**
 * Auth on real specs of the shared corpus that use bearer, basic and OAuth 2 (with OpenID
 * Connect and API keys besides): each is generated; its client sends, over real HTTP to a
 * capturing server, the credentials of each operation's first requirement; its server (stubs
 * only) refuses requests without credentials (401 + a challenge), refuses missing scopes (403) and
 * lets the right credentials through to the stub (never 401, 403 or 500). Skips without
 * ../shared.
 */
import { join } from "node:path";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthOption } from "../../templates/client/auth.js";
import type { AuthResult, Credentials } from "../../templates/server/core/auth.js";
import type { SecurityRequirementModel, SecuritySchemeModel } from "../../generator/model/types.js";
import { CORPUS_DIR, hasCorpus } from "../corpus/corpus-index.js";
import {
  generateApi,
  startCapturingServer,
  workFolder,
  type CapturingServer,
  type GeneratedApi,
} from "./generated-api.js";

const ENTRIES = [
  "readme/3.0/yaml/security.yaml", // every kind: API keys, basic, bearer, OAuth 2 flows, OpenID Connect
  "readme/3.0/yaml/security-multiple.yaml", // AND, OR and AND-OR requirements
  "readme/3.1/yaml/train-travel.yaml", // OAuth 2 with read/write scopes (3.1)
] as const;

const present = hasCorpus();
if (!present) console.log(`corpus auth tests skipped: no shared corpus at ${CORPUS_DIR}`);

/** A distinct credential per scheme, and how it must appear on the wire. */
function credentialFor(scheme: SecuritySchemeModel): {
  value: string | { username: string; password: string };
  bearer?: string;
} {
  const token = `tok-${scheme.name}`;
  if (scheme.kind === "http" && scheme.scheme === "basic")
    return { value: { username: `user-${scheme.name}`, password: "pä:ss" } };
  if (scheme.kind === "apiKey") return { value: `key-${scheme.name}` };
  return { value: token, bearer: token };
}

/** Path with every `{param}` filled. */
const fillPath = (path: string) => path.replace(/\{[^}]+\}/g, "1");

/** Whether a requirement sends two different things in `Authorization` (a spec contradiction). */
function authorizationConflict(
  requirement: SecurityRequirementModel,
  schemes: Map<string, SecuritySchemeModel>,
): boolean {
  const users = requirement.schemes
    .map((entry) => schemes.get(entry.name))
    .filter(
      (scheme) => scheme !== undefined && scheme.kind !== "apiKey" && scheme.kind !== "mutualTLS",
    );
  return (
    new Set(users.map((scheme) => (scheme!.kind === "http" ? scheme!.scheme : "bearer"))).size >
      1 ||
    users.filter((scheme) => scheme!.kind !== "http" || scheme!.scheme === "bearer").length > 1
  );
}

describe.skipIf(!present)("auth on corpus specs", () => {
  const work = workFolder("auth-corpus");
  const apis = new Map<string, GeneratedApi>();
  let capture: CapturingServer;
  beforeAll(async () => {
    capture = await startCapturingServer();
    for (const [index, entry] of ENTRIES.entries())
      apis.set(
        entry,
        await generateApi(join(CORPUS_DIR, entry), join(work, String(index)), "Corpus"),
      );
  }, 240_000);
  afterAll(async () => {
    await capture?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("the three specs use bearer, basic and OAuth 2 between them", () => {
    const kinds = new Set(
      [...apis.values()].flatMap((api) =>
        api.model.securitySchemes.map((scheme) =>
          scheme.kind === "http" ? scheme.scheme : scheme.kind,
        ),
      ),
    );
    for (const kind of ["bearer", "basic", "oauth2", "openIdConnect", "apiKey"])
      expect(kinds).toContain(kind);
  });

  for (const entry of ENTRIES) {
    it(`${entry}: the client sends the first requirement's credentials over HTTP`, async () => {
      const api = apis.get(entry)!;
      const schemes = new Map(api.model.securitySchemes.map((scheme) => [scheme.name, scheme]));
      const auth: Record<string, AuthOption[string]> = {};
      for (const scheme of schemes.values())
        if (scheme.kind !== "mutualTLS") auth[scheme.name] = credentialFor(scheme).value;
      const client = api.createClient({ baseUrl: capture.url, auth, retry: false });
      let checked = 0;
      for (const operation of api.model.operations) {
        const first = operation.securityRequirements.find(
          (requirement) => requirement.schemes.length > 0,
        );
        if (first === undefined || authorizationConflict(first, schemes)) continue;
        const before = capture.received.length;
        const path = Object.fromEntries(
          operation.parameters.path.map((parameter) => [parameter.name, "1"]),
        );
        await client[operation.name]!({ path });
        const seen = capture.received[before]!;
        expect(capture.received.length).toBe(before + 1);
        for (const { name } of first.schemes) {
          const scheme = schemes.get(name)!;
          const { value, bearer } = credentialFor(scheme);
          if (scheme.kind === "apiKey") {
            if (scheme.in === "header")
              expect(seen.headers[scheme.parameterName.toLowerCase()]).toBe(value);
            if (scheme.in === "query")
              expect(new URL(seen.url, capture.url).searchParams.get(scheme.parameterName)).toBe(
                value,
              );
            if (scheme.in === "cookie")
              expect(seen.headers.cookie).toContain(`${scheme.parameterName}=${String(value)}`);
          } else if (bearer !== undefined) {
            expect(seen.headers.authorization).toBe(`Bearer ${bearer}`);
          } else if (typeof value === "object") {
            expect(
              Buffer.from(seen.headers.authorization!.slice(6), "base64").toString("utf8"),
            ).toBe(`${value.username}:${value.password}`);
          }
        }
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    });

    it(`${entry}: the server (stubs) answers 401 + challenge, 403 on missing scopes, and lets credentials through`, async () => {
      const api = apis.get(entry)!;
      const schemes = new Map(api.model.securitySchemes.map((scheme) => [scheme.name, scheme]));
      const allScopes = api.model.securitySchemes.flatMap((scheme) =>
        scheme.kind === "oauth2" ? scheme.scopes : [],
      );
      let grantScopes = true;
      const authenticate = (credentials: Credentials): AuthResult<string> | undefined =>
        Object.keys(credentials).length === 0
          ? undefined
          : {
              caller: "c",
              plan: "free",
              ...(grantScopes
                ? {
                    scopes: [
                      ...allScopes,
                      ...api.model.operations.flatMap((operation) =>
                        operation.securityRequirements.flatMap((requirement) =>
                          requirement.schemes.flatMap((scheme) => scheme.scopes),
                        ),
                      ),
                    ],
                  }
                : { scopes: [] }),
            };
      const handle = api.createRequestHandler<string>(api.createStubs<string>(), {
        authenticate,
        onError: () => undefined,
      });
      let checked = 0;
      for (const operation of api.model.operations) {
        if (!operation.secured) continue;
        const first = operation.securityRequirements.find(
          (requirement) => requirement.schemes.length > 0,
        )!;
        if (authorizationConflict(first, schemes)) continue;
        const url = new URL(`http://api.test${fillPath(operation.path)}`);
        const headers = new Headers();
        for (const { name } of first.schemes) {
          const scheme = schemes.get(name)!;
          const { value, bearer } = credentialFor(scheme);
          if (scheme.kind === "apiKey") {
            if (scheme.in === "header") headers.set(scheme.parameterName, String(value));
            if (scheme.in === "query") url.searchParams.set(scheme.parameterName, String(value));
            if (scheme.in === "cookie")
              headers.append("cookie", `${scheme.parameterName}=${String(value)}`);
          } else if (bearer !== undefined) headers.set("authorization", `Bearer ${bearer}`);
          else if (typeof value === "object")
            headers.set(
              "authorization",
              `Basic ${Buffer.from(`${value.username}:${value.password}`).toString("base64")}`,
            );
        }
        const method = operation.method.toUpperCase();
        const anonymous = await api.createRequestHandler<string>(api.createStubs<string>(), {
          authenticate,
          onError: () => undefined,
        })(new Request(url.href.replace(url.search, ""), { method }));
        expect(anonymous.status, `${method} ${operation.path} without credentials`).toBe(401);
        expect(anonymous.headers.get("www-authenticate")).toMatch(/realm="/);
        // the runtime's error in the format the spec declares for 401 (its Error, or problem details)
        const body = (await anonymous.json()) as { code?: string; status?: number };
        expect(body.code === "unauthorized" || body.status === 401, JSON.stringify(body)).toBe(
          true,
        );
        grantScopes = true;
        const allowed = await handle(new Request(url, { method, headers }));
        expect(
          [401, 403, 500],
          `${method} ${operation.path} with credentials: ${allowed.status}`,
        ).not.toContain(allowed.status);
        const scoped = first.schemes.some(
          (scheme) =>
            scheme.scopes.length > 0 &&
            ["oauth2", "openIdConnect"].includes(schemes.get(scheme.name)?.kind ?? ""),
        );
        if (scoped && operation.securityRequirements.length === 1) {
          grantScopes = false;
          const refused = await handle(new Request(url, { method, headers }));
          expect(refused.status, `${method} ${operation.path} without scopes`).toBe(403);
          expect(refused.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
        }
        checked++;
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});

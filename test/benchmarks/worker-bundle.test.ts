/**
 * Figure 6's worker bundle (issue 41 item 3), built exactly as benchmarks/worker-bundle.ts builds
 * it, carries none of the code its worker cannot run: no client side of the transforms
 * (client-transforms.ts), no optional reader the pet store does not need (styles, forms, the
 * stream writer, the Authorization header with its OAuth 2 scopes, the Cookie header), no answer
 * to node's parser rejections, no Node.js built-in; a spec that reads cookies bundles the cookie
 * reader and serves them over HTTP; and a spec with no `date-time` or `int64` field
 * bundles no transforms codec at all (its server.ts imports none), while its handler still
 * accepts the option `transforms` (which then changes nothing). The figure's ratio to Hono is
 * reported by `npm run bench`, not asserted here.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workerBundleSize, workerEntry } from "../../benchmarks/worker-bundle.js";
import { generateFixture, type GeneratedFixture } from "../runtime-specs/serve-fixture.js";

const root = join(import.meta.dirname, "../..");

/** The worker of a runtime-spec fixture: its handler with its stubs, as the figure's entry. */
function fixtureWorker(outDir: string): string {
  return [
    `import { createFixtureStubs, createRequestHandler } from ${JSON.stringify(join(outDir, "server.ts"))};`,
    "export default { fetch: createRequestHandler(createFixtureStubs(), {}) };",
  ].join("\n");
}

/** The bundle's inputs with bytes in it (as the figure groups them: a runtime file by its path). */
function inputs(byInput: Readonly<Record<string, number>>): string[] {
  return Object.keys(byInput).filter((name) => (byInput[name] ?? 0) > 0);
}

describe("the pet store's worker bundle (figure 6)", () => {
  it("carries the transforms codec's shared part only, no reader it never runs", async () => {
    const bundle = await workerBundleSize(root, workerEntry(root));
    const names = inputs(bundle.byInput);
    expect(bundle.nodeBuiltins).toEqual([]);
    // the pet store has int64 and date-time fields: the codec may be asked for, so it is there
    expect(names).toContain("runtime/client/transforms.ts");
    expect(names).toContain("runtime/server"); // the controls: the grouping sees the runtime
    for (const absent of [
      "runtime/client/client-transforms.ts", // the client's side of the option transforms
      "runtime/client/build-request.ts",
    ]) {
      expect(names, absent).not.toContain(absent);
    }
    // the readers the pet store does not need (optional-readers.ts), and node-only code
    const modules = bundle.modules.join("\n");
    expect(modules).toContain("runtime/server/core/auth-credentials.ts"); // the control
    expect(modules).not.toMatch(
      /form-reader|parameter-styles|multipart-body|stream-writer|authorization-header|cookies|transport-rejection/,
    );
    const code = bundle.code;
    expect(code).toContain("Invalid API key"); // the control: the API key's messages are there
    expect(code).not.toContain("insufficient_scope"); // OAuth 2 scopes: the header reader's
  }, 60_000);
});

describe("a spec that reads cookies (a cookie parameter, an API key in a cookie)", () => {
  let fixture: GeneratedFixture;
  beforeAll(async () => {
    fixture = await generateFixture("cookies.yaml");
  }, 120_000);
  afterAll(() => fixture?.remove());

  it("bundles the cookie reader", async () => {
    const bundle = await workerBundleSize(root, fixtureWorker(fixture.outDir));
    expect(bundle.modules.join("\n")).toContain("runtime/server/core/cookies.ts");
  }, 60_000);

  it("reads both cookies over HTTP", async () => {
    const served = await fixture.serve(
      {
        whoAmI: ({ cookie, caller }: { cookie: { theme: string }; caller: string }) => ({
          status: 200,
          body: { caller, theme: cookie.theme },
        }),
      },
      {
        authenticate: (credentials: Record<string, { value?: string } | undefined>) =>
          credentials["Session"]?.value === "s3cret" ? { caller: "ann", plan: "free" } : undefined,
      },
    );
    try {
      const ok = await fetch(`${served.baseUrl}/me`, {
        headers: { cookie: "theme=dark; sid=s3cret" },
      });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ caller: "ann", theme: "dark" });
      const noKey = await fetch(`${served.baseUrl}/me`, { headers: { cookie: "theme=dark" } });
      expect(noKey.status).toBe(401);
      // no error schema in the spec: RFC 9457 problem details
      expect(((await noKey.json()) as { detail: string }).detail).toBe(
        "Missing API key: send it in the sid cookie",
      );
      const badTheme = await fetch(`${served.baseUrl}/me`, {
        headers: { cookie: "theme=blue; sid=s3cret" },
      });
      expect(badTheme.status).toBe(400);
      expect(((await badTheme.json()) as { detail: string }).detail).toContain("cookie.theme");
    } finally {
      await served.close();
    }
  });
});

describe("a spec with no date-time or int64 field", () => {
  let fixture: GeneratedFixture;
  beforeAll(async () => {
    fixture = await generateFixture("shared-token.yaml");
  }, 120_000);
  afterAll(() => fixture?.remove());

  it("bundles no transforms codec: its server.ts imports none", async () => {
    const bundle = await workerBundleSize(root, fixtureWorker(fixture.outDir));
    const names = bundle.modules.join("\n");
    expect(names).not.toMatch(/transforms/);
    expect(names).toContain("server-api.ts"); // the control: the fixture's own table is in it
  }, 60_000);

  it("still takes the option transforms, which changes nothing", async () => {
    const served = await fixture.serve(
      { listFiles: () => ({ status: 200, body: { authorization: "none" } }) },
      {
        transforms: { dates: true, int64: "bigint" },
        authenticate: () => ({
          caller: {},
          plan: "free",
          scopes: ["https://example.test/auth/files.readonly", "https://example.test/auth/drive"],
        }),
      },
    );
    try {
      const response = await fetch(`${served.baseUrl}/files`, {
        headers: { authorization: "Bearer t" },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ authorization: "none" });
    } finally {
      await served.close();
    }
  });
});

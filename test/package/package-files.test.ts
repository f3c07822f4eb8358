/**
 * The package files the generator emits (package.json, README.md, entry/*.ts), on a small spec
 * with every stability and a deprecation, and the `--package-name` option. Fast: no build.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { GeneratorError } from "../../generator/errors.js";
import { PACKAGE_DEPENDENCIES } from "../../generator/emit/package/layout.js";
import { CLIENT_PUBLIC_NAMES } from "../../generator/emit/package/emit-entries.js";
import ts from "typescript";
import {
  defaultPackageName,
  packageLicense,
  packageVersion,
} from "../../generator/emit/package/package-meta.js";
import { render, type Rendered } from "../../generator/generate.js";
import { buildModel } from "../../generator/model/build-model.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
mkdirSync(join(ROOT, ".tmp"), { recursive: true });
const work = mkdtempSync(join(ROOT, ".tmp", "package-files-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const json = { "application/json": { schema: { $ref: "#/components/schemas/Widget" } } };
const id = [{ name: "id", in: "path", required: true, schema: { type: "integer" } }];
function spec(version: string, license?: Record<string, string>): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Widget Service", version, ...(license ? { license } : {}) },
    servers: [{ url: "https://widgets.example.com/v1" }],
    paths: {
      "/widgets": {
        get: {
          operationId: "listWidgets",
          summary: "List | widgets <b>all</b>",
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: { type: "array", items: { $ref: "#/components/schemas/Widget" } },
                },
              },
            },
          },
        },
        post: {
          operationId: "createWidget",
          "x-stability": "beta",
          requestBody: { required: true, content: json },
          responses: { "201": { description: "ok", content: json } },
        },
      },
      "/widgets/{id}": {
        get: {
          operationId: "getWidget",
          deprecated: true,
          "x-sunset": "2030-01-31",
          "x-deprecated-since": "2029-06-30",
          "x-replaced-by": "getWidgetById",
          parameters: id,
          responses: { "200": { description: "ok", content: json } },
        },
        put: {
          operationId: "tuneWidget",
          "x-stability": "experimental",
          parameters: id,
          requestBody: { required: true, content: json },
          responses: { "204": { description: "done" } },
        },
      },
      "/widgets/by-id/{id}": {
        get: {
          operationId: "getWidgetById",
          parameters: id,
          responses: { "200": { description: "ok", content: json } },
        },
      },
    },
    components: {
      schemas: {
        Widget: { type: "object", required: ["name"], properties: { name: { type: "string" } } },
      },
    },
  });
}

async function renderSpec(name: string, text: string, packageName?: string): Promise<Rendered> {
  const path = join(work, `${name}.json`);
  writeFileSync(path, text);
  return render({
    specPath: path,
    outDir: join(work, `out-${name}`),
    cwd: ROOT,
    ...(packageName === undefined ? {} : { packageName }),
  });
}

function file(rendered: Rendered, path: string): string {
  const found = rendered.files.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`${path} was not rendered`);
  return found.content;
}

describe("the package files", () => {
  it("version the package with info.version, and follow it when the spec changes", async () => {
    const first = await renderSpec("v1", spec("2.3.4", { name: "MIT" }));
    expect(JSON.parse(file(first, "package.json"))).toMatchObject({
      name: "widgetservice-api",
      version: "2.3.4",
      license: "MIT",
    });
    const second = await renderSpec("v1", spec("2.4.0", { name: "MIT" }));
    expect(JSON.parse(file(second, "package.json"))).toMatchObject({ version: "2.4.0" });
    expect(file(second, "README.md")).toContain("Package version `2.4.0`");
    expect(second.warnings).toEqual([]);
  });

  it("declare ESM entry points into dist/, runtime dependencies as ranges, and nothing for development", async () => {
    const pkg = JSON.parse(
      file(await renderSpec("shape", spec("1.0.0", { name: "MIT" })), "package.json"),
    ) as Record<string, unknown>;
    expect(pkg).toMatchObject({
      type: "module",
      sideEffects: false,
      engines: { node: "^20.19.0 || ^22.12.0 || >=24.0.0" },
      files: ["dist"],
      exports: {
        ".": { types: "./dist/entry/client.d.ts", import: "./dist/entry/client.js" },
        "./client": { types: "./dist/entry/client.d.ts", import: "./dist/entry/client.js" },
        "./types": { types: "./dist/types.d.ts", import: "./dist/types.js" },
        "./server": { types: "./dist/entry/server.d.ts", import: "./dist/entry/server.js" },
        "./raw": { types: "./dist/entry/raw.d.ts", import: "./dist/entry/raw.js" },
        "./validate": { types: "./dist/entry/validate.d.ts", import: "./dist/entry/validate.js" },
        "./query": { types: "./dist/entry/query.d.ts", import: "./dist/entry/query.js" },
        "./mocks": { types: "./dist/entry/mocks.d.ts", import: "./dist/entry/mocks.js" },
        "./runtime": { types: "./dist/entry/runtime.d.ts", import: "./dist/entry/runtime.js" },
        "./experimental": {
          types: "./dist/entry/experimental.d.ts",
          import: "./dist/entry/experimental.js",
        },
      },
      dependencies: PACKAGE_DEPENDENCIES,
      // the frontend entries' libraries are optional peers: never installed for the other entries;
      // so is the OpenTelemetry API, which the runtime never imports (telemetry.api is passed in)
      peerDependencies: {
        "@tanstack/query-core": "^5.0.0",
        msw: "^2.0.0",
        "@opentelemetry/api": "^1.9.0",
      },
      peerDependenciesMeta: {
        "@tanstack/query-core": { optional: true },
        msw: { optional: true },
        "@opentelemetry/api": { optional: true },
      },
    });
    expect(pkg).not.toHaveProperty("devDependencies");
    for (const range of Object.values(pkg.dependencies as Record<string, string>))
      expect(range).toMatch(/^\^\d+\.\d+\.\d+$/);
  });

  it("keep experimental operations out of the client entry, and in the experimental one", async () => {
    const rendered = await renderSpec("entries", spec("1.0.0"), "@acme/widgets");
    const flat = (path: string) => file(rendered, path).replace(/\s+/g, " ");
    const client = flat("entry/client.ts");
    const experimental = flat("entry/experimental.ts");
    expect(client).toContain('export const EXPERIMENTAL_OPERATIONS = ["tuneWidget"] as const;');
    expect(client).toMatch(
      /Omit<\s*ClientWithAllOperations<Throws>,\s*WidgetServiceExperimentalOperationName,?\s*>/,
    );
    expect(client).toContain("const { tuneWidget: _tuneWidget, ...client } =");
    expect(client).not.toMatch(/TuneWidget(Params|Body|Response|Operation)/);
    expect(client).toContain("`@acme/widgets/experimental`");
    expect(experimental).toContain(
      'export type { TuneWidgetOperation, TuneWidgetParams, TuneWidgetResponse, TuneWidgetBody, } from "../client.js";',
    );
    expect(experimental).toContain(
      "export function createWidgetServiceExperimentalClient<Throws extends boolean = false>(",
    );
    expect(experimental).toContain("@experimental");
    expect(file(rendered, "entry/server.ts")).not.toContain("client");
  });

  it("write a README with install, usage and the operations table (stability, deprecation, sunset, replacement)", async () => {
    const rendered = await renderSpec(
      "readme",
      spec("1.0.0", { name: "Proprietary", url: "https://widgets.example.com/terms" }),
      "@acme/widgets",
    );
    const readme = file(rendered, "README.md");
    expect(JSON.parse(file(rendered, "package.json"))).toMatchObject({
      name: "@acme/widgets",
      license: "SEE LICENSE IN README.md",
    });
    expect(readme).toContain("npm install @acme/widgets");
    expect(readme).toContain('import { createWidgetServiceClient } from "@acme/widgets";');
    expect(readme).toContain('baseUrl: "https://widgets.example.com/v1"');
    expect(readme).toContain('from "@acme/widgets/server"');
    expect(readme).toContain(
      'import { createWidgetServiceExperimentalClient } from "@acme/widgets/experimental";',
    );
    // cells split on unescaped pipes: [method, request, summary, stability, deprecation]
    const row = (method: string) =>
      readme
        .split("\n")
        .find((line) => line.startsWith(`| \`${method}\``))
        ?.split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim());
    expect(row("listWidgets")).toEqual([
      "`listWidgets`",
      "`GET /widgets`",
      "List \\| widgets \\<b\\>all\\</b\\>",
      "stable",
      "",
    ]);
    expect(row("createWidget")?.[3]).toBe("**beta**");
    expect(row("tuneWidget")?.[3]).toBe("**experimental** (`@acme/widgets/experimental`)");
    expect(row("getWidget")?.[4]).toBe(
      "deprecated since 2029-06-30, sunset 2030-01-31, use `getWidgetById`",
    );
    // the server lifecycle part follows the spec: a sunset here, no Idempotency-Key header
    expect(readme).toContain("### Idempotent requests and the sunset");
    expect(readme).toContain('serveAfterSunset: ["getWidget"]');
    expect(readme).toContain("(`getWidget` on 2030-01-31)");
    expect(readme).not.toContain("createMemoryIdempotencyStore");
    expect(readme).toContain("[Proprietary](https://widgets.example.com/terms)");
    expect(readme).not.toMatch(/<b>/);
  });

  it("refuse a package name npm would refuse", async () => {
    const error = await renderSpec("bad-name", spec("1.0.0"), "Not A Name").catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).kind).toBe("usage");
  });
});

describe("package identity rules", () => {
  it("derive the default name from the API name", () => {
    expect(defaultPackageName("PetStore")).toBe("petstore-api");
    expect(defaultPackageName("PetStoreApi")).toBe("petstore-api");
    expect(defaultPackageName("Api")).toBe("api-client");
    expect(defaultPackageName("CréerB")).toBe("creerb-api");
  });

  it("turn a non-semver info.version into a valid one, with a warning", () => {
    const warnings: string[] = [];
    expect(packageVersion("1.2.3-rc.1+build.5", warnings)).toBe("1.2.3-rc.1+build.5");
    expect(warnings).toEqual([]);
    expect(packageVersion("2.1", warnings)).toBe("2.1.0");
    expect(packageVersion("v3", warnings)).toBe("3.0.0");
    expect(packageVersion("2024-05 beta", warnings)).toBe("0.0.0-2024-05-beta");
    expect(warnings).toHaveLength(3);
  });

  it("take the license from the spec, never invent one", () => {
    const warnings: string[] = [];
    // the license as the model reads it from `info`
    const licenseOf = (info: object) =>
      buildModel({ openapi: "3.1.0", info: { title: "T", version: "1", ...info } }, "0").license;
    expect(packageLicense(licenseOf({ license: { name: "Apache-2.0" } }), warnings).field).toBe(
      "Apache-2.0",
    );
    expect(
      packageLicense(
        licenseOf({ license: { name: "Apache 2.0", identifier: "Apache-2.0" } }),
        warnings,
      ).field,
    ).toBe("Apache-2.0");
    expect(packageLicense(licenseOf({ license: { name: "mit" } }), warnings).field).toBe("MIT");
    expect(packageLicense(licenseOf({ license: { name: "Our terms" } }), warnings).field).toBe(
      "SEE LICENSE IN README.md",
    );
    expect(packageLicense(licenseOf({ license: { name: "Proprietary" } }), warnings).field).toBe(
      "SEE LICENSE IN README.md",
    );
    expect(warnings).toEqual([]);
    expect(packageLicense(licenseOf({}), warnings).field).toBe("UNLICENSED");
    expect(warnings).toHaveLength(1);
  });

  it("declare dependency ranges that the versions this project tests with satisfy", () => {
    for (const [name, range] of Object.entries(PACKAGE_DEPENDENCIES)) {
      const installed = (
        JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as {
          version: string;
        }
      ).version;
      const [major, minor, patch] = installed.split(".").map(Number) as [number, number, number];
      const [wantMajor, wantMinor, wantPatch] = range.slice(1).split(".").map(Number) as [
        number,
        number,
        number,
      ];
      // caret: same major (same minor below 1.0), and not older
      expect(major, name).toBe(wantMajor);
      if (major === 0) expect(minor, name).toBe(wantMinor);
      expect(minor * 1e6 + patch, name).toBeGreaterThanOrEqual(wantMinor * 1e6 + wantPatch);
    }
  });
});

describe("npm run generate -- --package-name", () => {
  const cli = (args: readonly string[]) =>
    promisify(execFile)(
      process.execPath,
      [
        join(ROOT, "node_modules/tsx/dist/cli.mjs"),
        "generator/cli.ts",
        "--name",
        "PetStore",
        ...args,
      ],
      { cwd: ROOT },
    ).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code?: number; stderr?: string }) => ({
        code: error.code ?? 1,
        stderr: error.stderr ?? "",
      }),
    );

  it("is part of the drift check: another name than the one generated is drift (the fast path does not hide it)", async () => {
    const other = await cli(["--check", "--package-name", "@acme/petstore"]);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/changed\s+generated\/package\.json/);
    expect(other.stderr).toMatch(/changed\s+generated\/README\.md/);
    expect(other.stderr).toMatch(/changed\s+generated\/entry\/client\.ts/);
  }, 60_000);
});

/** The names a module exports through `export { … }` lists (values and types). */
function exportedNames(path: string): string[] {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest);
  return source.statements
    .filter(ts.isExportDeclaration)
    .flatMap((statement) =>
      statement.exportClause && ts.isNamedExports(statement.exportClause)
        ? statement.exportClause.elements
        : [],
    )
    .map((element) => element.name.text);
}

describe("the client entry exports what users call", () => {
  it("the runtime's public names, not its internals (those are under ./runtime)", async () => {
    expect([...CLIENT_PUBLIC_NAMES].sort()).toEqual(
      exportedNames(join(ROOT, "templates/client/public.ts")).sort(),
    );
    const entry = (await import("../../generated/entry/client.js")) as Record<string, unknown>;
    const values = Object.keys(entry);
    for (const internal of [
      "sleep",
      "backoffDelay",
      "readTextCapped",
      "MiddlewareStack",
      "createClientRuntime",
      "buildPath",
    ]) {
      expect(values).not.toContain(internal);
    }
    expect(values).toContain("createPetStoreClient");
    expect(values).toContain("NotFoundError");
    expect(values.length).toBeLessThanOrEqual(25);
    const runtime = (await import("../../generated/entry/runtime.js")) as Record<string, unknown>;
    expect(Object.keys(runtime)).toEqual(
      expect.arrayContaining(["sleep", "MiddlewareStack", "createClientRuntime"]),
    );
  });

  it("names the spec's schemas, with a Schema suffix for one that would shadow a global", () => {
    const entry = readFileSync(join(ROOT, "generated/entry/client.ts"), "utf8");
    expect(entry).toContain('export type Pet = components["schemas"]["Pet"];');
    expect(entry).toContain('export type NewPet = components["schemas"]["NewPet"];');
    expect(entry).toContain('export type ErrorSchema = components["schemas"]["Error"];');
    expect(entry).not.toMatch(/export type Error = /);
  });
});

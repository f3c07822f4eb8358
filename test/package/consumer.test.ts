/**
 * The generated package as a downstream team gets it: built (scripts/build-package.ts), packed
 * with `npm pack`, installed from the tarball into a fresh project outside this repository
 * (offline: dependencies from the local npm cache), type-checked under strict TypeScript with
 * both `moduleResolution: bundler` and `nodenext`, and run with node against the reference
 * server on 127.0.0.1. Wrong consumers must fail to compile with exactly the expected errors.
 *
 * The package is copied to .tmp/ and built there, so the test never races with anything that
 * reads generated/ (or its dist/) meanwhile; .tmp/ is inside the project, so the build resolves
 * openapi-fetch, ajv and @types/node from the project's node_modules, as `npm run build` does.
 */
import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createPetStoreServer, type PetStoreServer } from "../../examples/petstore/server.js";
import { OPERATIONS } from "../../generated/client.js";
import type { ClientOperationDescriptor } from "../../generated/runtime/client/descriptor.js";
import { PACKAGE_DEPENDENCIES } from "../../generator/emit/package/layout.js";
import { consumerFiles, expectedErrors, installedVersions } from "./consumer-project.js";
import { missingCompiler, runTsc, TYPESCRIPT_COMPILERS } from "./typescript-compilers.js";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const TSX = join(ROOT, "node_modules/tsx/dist/cli.mjs");
const TYPES_NODE_VERSION = (
  JSON.parse(readFileSync(join(ROOT, "node_modules/@types/node/package.json"), "utf8")) as {
    version: string;
  }
).version;
/** The optional peers of the frontend entries (`./query`, `./mocks`) the consumer installs. */
const FRONTEND_PEERS = ["@tanstack/query-core", "msw"];
const SPEC_VERSION = (
  parse(readFileSync(join(ROOT, "spec/openapi.yaml"), "utf8")) as { info: { version: string } }
).info.version;

interface PackResult {
  readonly name: string;
  readonly version: string;
  readonly filename: string;
  readonly files: readonly { readonly path: string }[];
}

/** npm and node without the variables `npm test` puts in the environment (prefixes, lifecycle). */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) && !/^npm_config_(cache|userconfig|globalconfig|registry)$/i.test(key))
      continue;
    if (key === "NODE_OPTIONS" || key.startsWith("VITEST") || key === "TSX_TSCONFIG_PATH") continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

async function exec(
  file: string,
  args: readonly string[],
  cwd: string,
  env = cleanEnv(),
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(file, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof failed.code === "number" ? failed.code : 1,
      stdout: failed.stdout ?? "",
      stderr: failed.stderr ?? String(error),
    };
  }
}

/** The bad consumers fail with exactly the errors their `// EXPECT` comments name. */
function expectBadErrors(output: string): void {
  const errors = [...output.matchAll(/^(bad\/[^(]+)\((\d+),\d+\): error (TS\d+)/gm)].map(
    (match) => `${match[1]}:${match[2]} ${match[3]}`,
  );
  expect([...new Set(errors)].sort()).toEqual(expectedErrors(files));
  expect(output).toMatch(/Property 'tag' does not exist/);
  expect(output).toMatch(/Property 'setInventoryStock' does not exist/);
}

function tsc(consumer: string, config: string) {
  return exec(process.execPath, [TSC, "-p", config, "--pretty", "false"], consumer);
}

const timings: Record<string, number> = {};
async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[label] = Math.round(performance.now() - started);
  }
}

let work: string;
let consumer: string;
let packed: PackResult;
let files: Record<string, string>;
let reference: PetStoreServer;
let referenceUrl: string;
let installMode = "";
type Outcome = Awaited<ReturnType<typeof exec>>;
let checks: { nodenext: Outcome; bundler: Outcome; browser: Outcome; bad: Outcome };

beforeAll(async () => {
  mkdirSync(join(ROOT, ".tmp"), { recursive: true });
  work = mkdtempSync(join(ROOT, ".tmp", "package-"));
  const packageDir = join(work, "package");
  cpSync(join(ROOT, "generated"), packageDir, {
    recursive: true,
    filter: (source) => {
      const inside = relative(join(ROOT, "generated"), source).split(sep)[0];
      return inside !== "dist" && inside !== "node_modules";
    },
  });

  const build = await timed("build", () =>
    exec(process.execPath, [TSX, "scripts/build-package.ts", "--dir", packageDir], ROOT),
  );
  expect(build.stderr + build.stdout, "npm run build").toMatch(/Built .+ into/);
  expect(build.code).toBe(0);

  const pack = await timed("pack", () =>
    exec("npm", ["pack", "--json", "--pack-destination", work], packageDir),
  );
  expect(pack.code, pack.stderr).toBe(0);
  [packed] = JSON.parse(pack.stdout) as [PackResult];

  // a fresh project outside the repository: nothing resolves from the project's node_modules
  consumer = mkdtempSync(join(tmpdir(), "petstore-consumer-"));
  const lockfile = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8")) as Parameters<
    typeof installedVersions
  >[0];
  // (@types/node is a direct dependency of the consumer, installed at that exact version: no override)
  const { "@types/node": _direct, ...overrides } = installedVersions(lockfile, [
    ...Object.keys(PACKAGE_DEPENDENCIES),
    "@types/node",
    ...FRONTEND_PEERS,
  ]);
  // the optional peers of ./query and ./mocks, installed by this consumer (a frontend team would)
  const peers = FRONTEND_PEERS.map((name) => `${name}@${overrides[name] ?? "missing"}`);
  for (const name of FRONTEND_PEERS) delete overrides[name];
  files = consumerFiles(packed.name, overrides);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(consumer, path)), { recursive: true });
    writeFileSync(join(consumer, path), content);
  }
  // offline: everything from the npm cache; only if that fails, the registry for what is missing
  const installArgs = [
    "--no-audit",
    "--no-fund",
    join(work, packed.filename),
    `@types/node@${TYPES_NODE_VERSION}`,
    ...peers,
  ];
  let install = await timed("install", () =>
    exec("npm", ["install", "--offline", ...installArgs], consumer),
  );
  installMode = "--offline";
  if (install.code !== 0 && /ENOTCACHED/.test(install.stderr)) {
    console.warn(
      `npm install --offline could not find everything in the npm cache; retrying with --prefer-offline:\n${install.stderr}`,
    );
    install = await timed("install", () =>
      exec("npm", ["install", "--prefer-offline", ...installArgs], consumer),
    );
    installMode = "--prefer-offline";
  }
  expect(install.code, install.stderr).toBe(0);

  // the README's code examples are type-checked with the consumer's code
  const readme = readFileSync(join(consumer, "node_modules", packed.name, "README.md"), "utf8");
  [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].forEach((match, index) => {
    mkdirSync(join(consumer, "readme"), { recursive: true });
    writeFileSync(join(consumer, "readme", `example-${index + 1}.ts`), match[1] ?? "");
  });

  // two lanes of type checks at once (the nodenext one also emits build/ for the run)
  const [nodenext, others] = await Promise.all([
    timed("tsc nodenext", () => tsc(consumer, "tsconfig.nodenext.json")),
    timed("tsc bundler+browser+bad", async () => ({
      bundler: await tsc(consumer, "tsconfig.bundler.json"),
      browser: await tsc(consumer, "tsconfig.browser.json"),
      bad: await tsc(consumer, "tsconfig.bad.json"),
    })),
  ]);
  checks = { nodenext, ...others };

  reference = createPetStoreServer({ seed: true, onError: () => undefined });
  referenceUrl = await reference.listen({ port: 0, host: "127.0.0.1" });
}, 150_000);

afterAll(async () => {
  await reference?.close();
  if (work) rmSync(work, { recursive: true, force: true });
  if (consumer) rmSync(consumer, { recursive: true, force: true });
  console.info(`package test timings (ms): ${JSON.stringify(timings)}; npm install ${installMode}`);
});

describe("the generated package, installed from its tarball", () => {
  it("declares STANDARD_SCHEMAS by its written type, not its inferred one", () => {
    // inferred, the table's type is too large to serialize on large specs (TS7056 on Stripe and
    // DigitalOcean: the build failed); the declaration must name the emitted type
    const declaration = readFileSync(
      join(consumer, "node_modules", packed.name, "dist", "validate.d.ts"),
      "utf8",
    );
    expect(declaration).toContain("export declare const STANDARD_SCHEMAS: StandardSchemas;");
    expect(declaration).toMatch(/export type StandardSchemas = \{/);
  });

  it("is named, versioned from the spec, and packs the build, not the sources", () => {
    expect(packed.name).toBe("petstore-api");
    expect(packed.version).toBe(SPEC_VERSION);
    const paths = packed.files.map((file) => file.path).sort();
    for (const path of [
      "package.json",
      "README.md",
      "dist/entry/client.js",
      "dist/entry/client.d.ts",
      "dist/entry/client.js.map",
      "dist/entry/server.js",
      "dist/entry/experimental.js",
      "dist/types.d.ts",
      "dist/validators/bodies.js",
      "dist/validators/bodies.d.ts",
    ]) {
      expect(paths).toContain(path);
    }
    expect(
      paths.filter(
        (path) => !path.startsWith("dist/") && path !== "package.json" && path !== "README.md",
      ),
    ).toEqual([]);
    const installed = JSON.parse(
      readFileSync(join(consumer, "node_modules", packed.name, "package.json"), "utf8"),
    ) as Record<string, unknown>;
    expect(installed).toMatchObject({
      type: "module",
      sideEffects: false,
      license: "MIT",
      engines: { node: "^20.19.0 || ^22.12.0 || >=24.0.0" },
    });
    expect(installed).not.toHaveProperty("devDependencies");
    expect(Object.keys(installed.exports as object)).toEqual([
      ".",
      "./client",
      "./types",
      "./server",
      "./server/node",
      "./server/redis",
      "./server/express",
      "./server/fastify",
      "./operations",
      "./raw",
      "./validate",
      "./query",
      "./zod",
      "./mocks",
      "./runtime",
      "./mcp",
      "./experimental",
      "./package.json",
    ]);
    expect(paths).toContain("dist/entry/server-redis.js");
    expect(paths).toContain("dist/entry/server-node.js");
    expect(paths).toContain("dist/runtime/server/core/validator-functions.js");
    // ioredis is an optional peer: not installed here, and the consumer's server (./server) runs without it
    expect(installed).toMatchObject({
      peerDependencies: { ioredis: expect.any(String) },
      peerDependenciesMeta: { ioredis: { optional: true } },
    });
    expect(existsSync(join(consumer, "node_modules", "ioredis"))).toBe(false);
    // so are the peers of ./query and ./mocks (this consumer installs them)
    for (const name of FRONTEND_PEERS) {
      expect(installed).toMatchObject({
        peerDependencies: { [name]: expect.any(String) },
        peerDependenciesMeta: { [name]: { optional: true } },
      });
    }
    for (const path of [
      "dist/entry/query.js",
      "dist/entry/query.d.ts",
      "dist/entry/mocks.js",
      "dist/entry/mocks.d.ts",
    ])
      expect(paths).toContain(path);
  });

  it("runs the query and mocks entries: query-core fetches and invalidates through the client answered by msw/node", async () => {
    const result = await timed("node frontend", () =>
      exec(process.execPath, ["build/src/frontend.js"], consumer),
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout.trim())).toEqual({
      names: ["Rex", "Tom"],
      // the last part: the client's identity, origin and key fingerprint (never the key)
      key: [
        "PetStore",
        "pets",
        "listPets",
        { query: { limit: 2 } },
        { client: expect.stringMatching(/^http:\/\/mocked\.petstore\.test#[0-9a-f]{8}$/) },
      ],
      created: 77,
      invalidated: true,
      invalidates: 3,
      all: ["PetStore", "pets"],
      missing: 404,
      mockedOperations: Object.keys(OPERATIONS).length,
    });
  });

  it("type-checks a consumer (client, experimental opt-in, handler, README examples) under strict, moduleResolution nodenext", () => {
    const result = checks.nodenext;
    expect(result.stdout + result.stderr).toBe("");
    expect(result.code).toBe(0);
  });

  it("type-checks the same consumer under strict, moduleResolution bundler", () => {
    const result = checks.bundler;
    expect(result.stdout + result.stderr).toBe("");
    expect(result.code).toBe(0);
  });

  it("runs against the reference server over 127.0.0.1, and serves its own handler", async () => {
    const key = reference.keys.find((entry) => entry.plan === "pro") ?? reference.keys[0];
    expect(key).toBeDefined();
    const result = await timed("node run", () =>
      exec(
        process.execPath,
        ["build/src/main.js"],
        consumer,
        cleanEnv({ PETSTORE_URL: referenceUrl, PETSTORE_KEY: key?.key ?? "" }),
      ),
    );
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout.trim())).toEqual({
      experimentalOperations: ["setInventoryStock"],
      pet: { name: "Consumer Rex", sameId: true },
      categoryListed: true,
      missing: { status: 404, code: "not_found" },
      stock: 3,
      inventoryStock: 3,
      raw: { status: 200, name: "Consumer Rex" },
      // the POST carries a fresh Idempotency-Key when (and only when) the spec declares one
      middleware: [
        `POST /pets key:${(OPERATIONS.createPet as ClientOperationDescriptor).idempotencyKeyHeader === undefined ? "none" : "uuid"}`,
        "201",
      ],
      timedOut: "TimeoutError",
      own: { name: "served to consumers", notFound: 404, stubbed: 501, unauthorized: 401 },
    });
  });

  it("type-checks client-only code in a browser project (no Node.js types), declarations included", () => {
    const result = checks.browser;
    expect(result.stdout + result.stderr).toBe("");
    expect(result.code).toBe(0);
  });

  it("refuses to compile consumers that use a removed field, a wrong type, a wrong response, or experimental or server code from the client entry", () => {
    const result = checks.bad;
    expect(result.code).not.toBe(0);
    expectBadErrors(result.stdout);
  });

  // the same consumer under the other TypeScript lines its users have (5.9 is the checks above)
  for (const compiler of TYPESCRIPT_COMPILERS.filter((entry) => entry.line !== "5.9")) {
    const missing = missingCompiler(compiler);
    if (missing !== undefined && process.env["CI"] === undefined) {
      it.skip(`TypeScript ${compiler.line}: ${missing}`, () => undefined);
      continue;
    }
    it(`type-checks the consumer (nodenext, bundler, browser) and refuses the bad ones under TypeScript ${compiler.line}`, async () => {
      expect(missing).toBeUndefined();
      const check = (config: string, ...extra: string[]) =>
        timed(`tsc ${compiler.line} ${config}`, () =>
          runTsc(compiler, ["-p", config, ...extra], consumer, cleanEnv()),
        );
      for (const config of ["tsconfig.nodenext.json", "tsconfig.bundler.json"]) {
        // --noEmit: build/ stays what 5.9 emitted for the runs above
        const result = await check(config, "--noEmit");
        expect(result.output, config).toBe("");
        expect(result.code, config).toBe(0);
      }
      const browser = await check("tsconfig.browser.json");
      expect(browser.output).toBe("");
      const bad = await check("tsconfig.bad.json");
      expect(bad.code).not.toBe(0);
      expectBadErrors(bad.output);
    }, 240_000);
  }

  it("bundles the client entries for the browser without any server code, and openapi-fetch only in ./raw", async () => {
    const esbuild = await import("esbuild");
    for (const entry of ["", "/experimental", "/operations", "/raw", "/query", "/mocks"]) {
      const bundle = await esbuild.build({
        stdin: { contents: `export * from "${packed.name}${entry}";`, resolveDir: consumer },
        absWorkingDir: consumer,
        bundle: true,
        write: false,
        metafile: true,
        minify: true,
        platform: "browser",
        format: "esm",
        logLevel: "silent",
      });
      const inputs = Object.keys(bundle.metafile.inputs);
      expect(
        inputs.some((input) => input.includes("openapi-fetch")),
        `openapi-fetch in "${entry}"`,
      ).toBe(entry === "/raw");
      expect(
        inputs.filter((input) =>
          /runtime\/server|validators|dist\/server\.js|entry\/server|ajv|node:/.test(input),
        ),
      ).toEqual([]);
    }
  });
});

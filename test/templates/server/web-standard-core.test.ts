/**
 * The `./server` entry is a web-standard core: no Node.js built-in (`node:x` or a bare `buffer`,
 * `crypto`, ...) and no `require` may reach its module graph, so it runs on Deno, Bun and in
 * workers as it runs on Node.js. The entry (generated/entry/server.ts: the runtime, the pet
 * store's descriptors and its precompiled validators) is bundled with esbuild for a platform
 * without Node.js built-ins; every import of a built-in is reported with the module that makes it.
 * The bundle is then loaded and serves requests, so the check covers what runs, not only what
 * resolves.
 */
import { builtinModules } from "node:module";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../..");
const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

interface CoreBundle {
  readonly code: string;
  /** `importer → built-in` for every built-in the graph reaches. */
  readonly builtins: readonly string[];
}

/** Bundles `entry` for a neutral platform, recording every import of a Node.js built-in. */
async function bundleCore(entry: string): Promise<CoreBundle> {
  const builtins: string[] = [];
  const recordBuiltins: Plugin = {
    name: "record-builtins",
    setup(plugin) {
      plugin.onResolve({ filter: /.*/ }, (args) => {
        if (!BUILTINS.has(args.path)) return undefined;
        builtins.push(`${relative(join(ROOT, "generated"), args.importer)} → ${args.path}`);
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: "neutral",
    format: "esm",
    target: "es2022",
    mainFields: ["module", "main"],
    conditions: ["worker", "browser"],
    write: false,
    logLevel: "silent",
    plugins: [recordBuiltins],
  });
  return { code: result.outputFiles[0]?.text ?? "", builtins: [...new Set(builtins)].sort() };
}

let bundled: Promise<CoreBundle> | undefined;
const coreBundle = (): Promise<CoreBundle> =>
  (bundled ??= bundleCore(join(ROOT, "generated/entry/server.ts")));

let dir: string | undefined;
afterAll(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe("the ./server entry (web-standard core)", () => {
  it("reaches no Node.js built-in and no require, and serves requests once bundled for a worker", async () => {
    const core = await coreBundle();
    expect(core.builtins, "Node.js built-ins imported by the ./server core").toEqual([]);
    // esbuild keeps a `require` it could not bundle behind a `var __require` shim.
    expect(core.code).not.toMatch(/var __require\b|(?<![\w$.])require\(/);
    expect(core.code).not.toMatch(/createRequire/);

    dir = await mkdtemp(join(tmpdir(), "web-core-"));
    await writeFile(join(dir, "core.mjs"), core.code);
    const server = (await import(pathToFileURL(join(dir, "core.mjs")).href)) as {
      createRequestHandler: (
        handlers: object,
        options: object,
      ) => (request: Request) => Promise<Response>;
      createPetStoreStubs: () => object;
      createKeyAuthenticator: (entries: readonly object[]) => unknown;
    };
    const handler = server.createRequestHandler(
      {
        ...server.createPetStoreStubs(),
        listPets: () => ({ status: 200, body: [], headers: { "X-Total-Count": 0 } }),
      },
      {
        authenticate: server.createKeyAuthenticator([
          { key: "k-1", plan: "free", caller: { name: "demo" } },
        ]),
      },
    );
    const anonymous = await handler(new Request("http://api.test/pets"));
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("x-ratelimit-limit")).not.toBeNull();
    const listed = await handler(
      new Request("http://api.test/pets?limit=5", { headers: { "x-api-key": "k-1" } }),
    );
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual([]);
    const invalid = await handler(
      new Request("http://api.test/pets?limit=1000", { headers: { "x-api-key": "k-1" } }),
    );
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { message: string }).message).toMatch(/limit/);
    const created = await handler(
      new Request("http://api.test/pets", {
        method: "POST",
        headers: {
          "x-api-key": "k-1",
          "content-type": "application/json",
          "idempotency-key": "once",
        },
        body: JSON.stringify({ name: "Rex", categoryId: 1 }),
      }),
    );
    expect(created.status).toBe(501); // a stub: validated, then not implemented
  });

  it("keeps the Node adapter and the Redis store out of it (their own entry points)", async () => {
    const core = await coreBundle();
    expect(core.code).not.toMatch(/node-adapter|node-rejections|redis-store|ioredis/);
  });
});

/**
 * Figure 6 (issue 14) — the server's worker bundle: esbuild (bundle, minify, ESM, platform
 * neutral with the `worker` and `browser` conditions, as a Cloudflare Workers build resolves) of a
 * worker that serves the pet store: `createRequestHandler` with the stubs, `createKeyAuthenticator`
 * and the precompiled validators, from the `./server` entry. Minified and gzip (level 9) bytes.
 *
 * The peer is the smallest thing a team could ship instead: a Hono 4 app that routes every
 * request to one answer, carrying the same precompiled validators (no auth, no rate limits, no
 * deprecation headers): the row shows what our runtime costs on top of the spec's validators and
 * a router. A Node.js built-in reaching the bundle is reported (details.nodeBuiltins) and fails
 * the row: a worker cannot load it.
 */
import { builtinModules } from "node:module";
import { join } from "node:path";
import { build, type Plugin } from "esbuild";
import { measureBuild, type BundleSize } from "./bundle.js";
import type { BenchContext } from "./harness/context.js";
import { makeRow, type Row } from "./harness/rows.js";
import { formatBytes } from "./harness/stats.js";

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Sizes as in bundle.ts (`byInput` grouped as runtime/server, validators, ajv-formats, hono, …). */
export interface WorkerBundle extends BundleSize {
  /** `importer → built-in` for every Node.js built-in the graph reaches (must be none). */
  readonly nodeBuiltins: readonly string[];
  /** Every input with bytes in the output, as `groupInput` names it before grouping the runtime. */
  readonly modules: readonly string[];
  /** The minified bundle itself (for tests; left out of the row's details). */
  readonly code: string;
}

function groupInput(path: string): string {
  if (path.includes("node_modules/"))
    return path.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, "$1");
  const match = /generated\/(runtime\/server|validators)\//.exec(path);
  return match?.[1] ?? path.replace(/^.*generated\//, "");
}

export async function workerBundleSize(root: string, contents: string): Promise<WorkerBundle> {
  const nodeBuiltins: string[] = [];
  const recordBuiltins: Plugin = {
    name: "record-builtins",
    setup(plugin) {
      plugin.onResolve({ filter: /.*/ }, (args) => {
        if (!BUILTINS.has(args.path)) return undefined;
        nodeBuiltins.push(`${args.importer.replace(/^.*generated\//, "")} → ${args.path}`);
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    stdin: { contents, resolveDir: root, loader: "ts", sourcefile: "worker-entry.ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["worker", "browser"],
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
    outfile: "worker-entry.js",
    plugins: [recordBuiltins],
  });
  const modules = Object.values(result.metafile.outputs).flatMap((output) =>
    Object.entries(output.inputs)
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([path]) => path.replace(/^.*generated\//, "").replace(/^.*node_modules\//, "")),
  );
  return {
    ...measureBuild(result, groupInput),
    nodeBuiltins: [...new Set(nodeBuiltins)].sort(),
    modules: modules.sort(),
    code: result.outputFiles[0]?.text ?? "",
  };
}

/** The worker: the pet store's handler (stubs), an API-key authenticator, the validators. */
export function workerEntry(root: string): string {
  const server = JSON.stringify(join(root, "generated/entry/server.js"));
  return [
    `import { createKeyAuthenticator, createPetStoreStubs, createRequestHandler } from ${server};`,
    "const handler = createRequestHandler(createPetStoreStubs(), {",
    '  authenticate: createKeyAuthenticator([{ key: "a-secret-key", plan: "free", caller: { name: "demo" } }]),',
    "});",
    "export default { fetch: handler };",
  ].join("\n");
}

/** The peer: a Hono 4 app with one catch-all route, importing the same validators. */
export function peerEntry(root: string): string {
  const validators = (name: string): string =>
    JSON.stringify(join(root, `generated/validators/${name}.js`));
  return [
    'import { Hono } from "hono";',
    `import * as parameters from ${validators("parameters")};`,
    `import * as bodies from ${validators("bodies")};`,
    "const app = new Hono();",
    'app.all("*", (c) => c.json({ code: "not_implemented", validators: Object.keys(parameters).length + Object.keys(bodies).length }, 501));',
    "export default { fetch: app.fetch, parameters, bodies };",
  ].join("\n");
}

function withoutCode({ code: _code, ...sizes }: WorkerBundle): Omit<WorkerBundle, "code"> {
  return sizes;
}

export async function benchWorkerBundle(ctx: BenchContext): Promise<Row[]> {
  const ours = await workerBundleSize(ctx.root, workerEntry(ctx.root));
  const peer = await workerBundleSize(ctx.root, peerEntry(ctx.root));
  ctx.log(
    `  worker: ours ${formatBytes(ours.minified)} (${formatBytes(ours.gzip)} gzip), Hono + the same validators ` +
      `${formatBytes(peer.minified)} (${formatBytes(peer.gzip)} gzip)` +
      (ours.nodeBuiltins.length > 0
        ? `; Node.js built-ins reached: ${ours.nodeBuiltins.join(", ")}`
        : ""),
  );
  const failure =
    ours.nodeBuiltins.length > 0
      ? `Node.js built-ins reach the worker bundle: ${ours.nodeBuiltins.join(", ")}`
      : undefined;
  const details = {
    entry:
      "createRequestHandler(createPetStoreStubs(), { authenticate: createKeyAuthenticator([...]) }) from generated/entry/server.ts",
    peerEntry:
      "a Hono 4 app with one catch-all route, importing generated/validators/parameters.js and bodies.js",
    esbuild:
      "bundle, minify, format esm, platform neutral, conditions worker+browser, target es2022; gzip level 9",
    oursBytes: withoutCode(ours),
    peerBytes: withoutCode(peer),
  };
  return [
    makeRow({
      name: "bundle.worker.min",
      figure: "6",
      label: "server worker bundle, minified",
      ours: ours.minified / 1000,
      peer: peer.minified / 1000,
      peerName: "Hono + the same validators",
      unit: "kB",
      target: { op: "<=", value: 1.5 },
      details,
      ...(failure === undefined ? {} : { failure }),
    }),
    makeRow({
      name: "bundle.worker.gzip",
      figure: "6",
      label: "server worker bundle, gzip",
      ours: ours.gzip / 1000,
      peer: peer.gzip / 1000,
      peerName: "Hono + the same validators",
      unit: "kB",
      target: { op: "<=", value: 1.5 },
      details,
      ...(failure === undefined ? {} : { failure }),
    }),
  ];
}

/**
 * Figure 6 / issue 8 "Size" — the client entry point's bundle: esbuild (bundle, minify, ESM,
 * platform browser) of an entry importing `createPetStoreClient` from generated/client.ts, against
 * openapi-fetch alone plus the generated per-operation code (the descriptor table `OPERATIONS`,
 * bundled on its own). Minified and gzip (level 9) bytes. Target ≤ 1.4× (issue 12). The typed client does
 * not use openapi-fetch (the plain openapi-fetch client is the separate `./raw` entry), so the
 * peer is what a team would ship with openapi-fetch instead: the library plus the same table.
 * The figure also has the server's worker bundle rows (worker-bundle.ts) and the rows against
 * Redocly's generated client and for a one-operation consumer (client-bundle-peer.ts).
 */
import { gzipSync } from "node:zlib";
import { join, relative } from "node:path";
import { build, type Metafile, type OutputFile } from "esbuild";
import type { BenchContext } from "./harness/context.js";
import { makeRow, type Row } from "./harness/rows.js";
import { formatBytes } from "./harness/stats.js";
import { benchWorkerBundle } from "./worker-bundle.js";
import { benchClientBundlePeer } from "./client-bundle-peer.js";

export interface BundleSize {
  readonly minified: number;
  readonly gzip: number;
  /** Bytes in the output by source group (openapi-fetch, runtime/client, client.ts, …). */
  readonly byInput: Readonly<Record<string, number>>;
}

function groupInput(path: string): string {
  if (path.includes("node_modules/"))
    return path.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, "$1");
  if (path.includes("runtime/client/")) return "runtime/client";
  if (path.endsWith("client.ts")) return "client.ts";
  return path;
}

export async function bundleSize(
  root: string,
  contents: string,
  external: readonly string[] = [],
): Promise<BundleSize> {
  return measureBuild(await bundleForBrowser(root, contents, external), groupInput);
}

/**
 * The esbuild build every client bundle figure uses (also test/client/per-operation-bundle.test.ts,
 * which reads its code): bundle, minify, ESM, platform browser, es2022, with a metafile.
 */
export function bundleForBrowser(root: string, contents: string, external: readonly string[] = []) {
  return build({
    ...browserOptions(root, contents),
    outfile: "bench-entry.js",
    external: [...external],
  });
}

/** The options every client bundle figure shares: `contents` bundled for a browser, minified. */
function browserOptions(root: string, contents: string) {
  return {
    stdin: { contents, resolveDir: root, loader: "ts", sourcefile: "bench-entry.ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
  } as const;
}

/** A bundle's first load (its entry chunk and the chunks it imports statically) and its lazy rest. */
export interface SplitBundleSize extends BundleSize {
  /** Minified bytes of the chunks only a dynamic `import()` loads (0 when there are none). */
  readonly lazyMinified: number;
  /** The source files with bytes in the first load (paths relative to `root`). */
  readonly firstLoadInputs: readonly string[];
}

/**
 * What a browser downloads before the entry runs, as a bundler that splits chunks (Vite, Rollup,
 * webpack) emits it: the same esbuild options as {@link bundleForBrowser} with `splitting`, and the
 * entry chunk plus its static imports measured; the chunks only a dynamic `import()` reaches (our
 * client's `transforms` option) are counted apart, in `lazyMinified`.
 */
export async function firstLoadSize(root: string, contents: string): Promise<SplitBundleSize> {
  const result = await build({
    ...browserOptions(root, contents),
    splitting: true,
    absWorkingDir: root,
    outdir: join(root, ".bench-split"),
  });
  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find((path) => outputs[path]!.entryPoint !== undefined);
  if (entry === undefined) throw new Error("esbuild wrote no entry chunk");
  const first = new Set<string>();
  const visit = (path: string): void => {
    if (first.has(path)) return;
    first.add(path);
    for (const imported of outputs[path]!.imports)
      if (imported.kind === "import-statement") visit(imported.path);
  };
  visit(entry);
  const files = new Map(
    result.outputFiles.map((file) => [relative(root, file.path), file.contents]),
  );
  const bytes = (path: string): Uint8Array => {
    const file = files.get(path);
    if (file === undefined) throw new Error(`esbuild's metafile names ${path}, not written`);
    return file;
  };
  const firstBytes = Buffer.concat([...first].map(bytes));
  const byInput: Record<string, number> = {};
  const inputs = new Set<string>();
  for (const path of first) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[path]!.inputs)) {
      const name = groupInput(input);
      byInput[name] = (byInput[name] ?? 0) + bytesInOutput;
      if (bytesInOutput > 0) inputs.add(input);
    }
  }
  const lazy = Object.keys(outputs).filter((path) => !first.has(path));
  return {
    minified: firstBytes.byteLength,
    gzip: gzipSync(firstBytes, { level: 9 }).byteLength,
    byInput,
    lazyMinified: lazy.reduce((sum, path) => sum + bytes(path).byteLength, 0),
    firstLoadInputs: [...inputs],
  };
}

/** Minified and gzip (level 9) bytes of an esbuild result, and its bytes by source group. */
export function measureBuild(
  result: { readonly outputFiles?: readonly OutputFile[]; readonly metafile?: Metafile },
  group: (path: string) => string,
): BundleSize {
  const output = result.outputFiles?.[0];
  if (output === undefined) throw new Error("esbuild wrote nothing");
  const byInput: Record<string, number> = {};
  for (const meta of Object.values(result.metafile?.outputs ?? {})) {
    for (const [path, input] of Object.entries(meta.inputs)) {
      const name = group(path);
      byInput[name] = (byInput[name] ?? 0) + input.bytesInOutput;
    }
  }
  return {
    minified: output.contents.byteLength,
    gzip: gzipSync(output.contents, { level: 9 }).byteLength,
    byInput,
  };
}

export async function benchBundle(ctx: BenchContext): Promise<Row[]> {
  const client = join(ctx.root, "generated/client.js");
  const ours = await bundleSize(
    ctx.root,
    `export { createPetStoreClient } from ${JSON.stringify(client)};`,
  );
  const openapiFetch = await bundleSize(
    ctx.root,
    `export { default as createClient } from "openapi-fetch";`,
  );
  const table = await bundleSize(
    ctx.root,
    `export { OPERATIONS, API_KEY } from ${JSON.stringify(client)};`,
  );
  ctx.log(
    `  ours ${formatBytes(ours.minified)} (${formatBytes(ours.gzip)} gzip), openapi-fetch ${formatBytes(openapiFetch.minified)} ` +
      `(${formatBytes(openapiFetch.gzip)} gzip), descriptor table ${formatBytes(table.minified)} (${formatBytes(table.gzip)} gzip)`,
  );
  const details = {
    entry: "export { createPetStoreClient } from generated/client.ts",
    esbuild: "bundle, minify, format esm, platform browser, target es2022; gzip level 9",
    oursBytes: ours,
    openapiFetchBytes: openapiFetch,
    descriptorTableBytes: table,
    // the typed client must not pull openapi-fetch in (the raw client is its own entry point)
    openapiFetchInOurBundle: "openapi-fetch" in ours.byInput,
    ratioToOpenapiFetchAloneMin: Math.round((ours.minified / openapiFetch.minified) * 1000) / 1000,
    ratioToOpenapiFetchAloneGzip: Math.round((ours.gzip / openapiFetch.gzip) * 1000) / 1000,
  };
  const worker = await benchWorkerBundle(ctx);
  const peerRows = await benchClientBundlePeer(ctx, openapiFetch);
  return [
    makeRow({
      name: "bundle.client.min",
      figure: "6",
      label: "client bundle, minified",
      ours: ours.minified / 1000,
      peer: (openapiFetch.minified + table.minified) / 1000,
      peerName: "openapi-fetch + descriptor table",
      unit: "kB",
      target: { op: "<=", value: 1.4 },
      details,
    }),
    makeRow({
      name: "bundle.client.gzip",
      figure: "6",
      label: "client bundle, gzip",
      ours: ours.gzip / 1000,
      peer: (openapiFetch.gzip + table.gzip) / 1000,
      peerName: "openapi-fetch + descriptor table",
      unit: "kB",
      target: { op: "<=", value: 1.4 },
      details,
    }),
    ...worker,
    ...peerRows,
  ];
}

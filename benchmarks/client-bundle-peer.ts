/**
 * Figure 6 (issue 41): what the client costs a frontend team, against a peer doing the same work.
 *
 * - `bundle.client.redocly.<spec>.{min,gzip}`: our whole client (`create<Name>Client`, every
 *   operation) against Redocly's `generate-client` TypeScript client for the same spec (inline
 *   runtime), configured with the behaviour ours has on by default: retries honouring
 *   Retry-After, idempotency keys and a timeout. Target ≤ 1.0×. Both are measured as a first
 *   load (bundle.ts' `firstLoadSize`: chunks split as Vite or webpack split them, the code only
 *   a dynamic `import()` reaches left out and reported as `lazyMinified`); the single-file size
 *   is in the details.
 * - `bundle.client.one-op.<spec>` (and `.gzip`): a browser consumer calling one operation (the pet
 *   store's `getPetById`, Stripe's first operation) through its per-operation function and
 *   `create<Name>Core` (operations.ts), against openapi-fetch's whole size: target ≤ 1.0×
 *   (6.6 kB). Redocly's one-operation bundle, and ours through the whole client's factory, are in
 *   the details.
 *
 * Both sides are bundled by the same esbuild call (bundle.ts). The specs are the pet store and
 * Stripe (BENCH_SPECS or --quick keep the pet store only).
 */
import { mkdir, readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { bundleSize, firstLoadSize, type BundleSize } from "./bundle.js";
import { assertSpecExists, type BenchContext, type BenchSpec } from "./harness/context.js";
import { oursCommand } from "./generation.js";
import { runNode } from "./harness/measure-process.js";
import { failedRow, makeRow, PeerFailed, type Row } from "./harness/rows.js";
import { formatBytes } from "./harness/stats.js";

const TARGET = { op: "<=", value: 1.0 } as const;
/** Redocly's client with our defaults turned on: 3 retries, a UUID idempotency key, 30 s timeout. */
const REDOCLY_CONFIG = "{ retry: { retries: 3 }, idempotencyKey: true, timeout: 30000 }";

interface Clients {
  /** Our generated client.ts. */
  readonly ours: string;
  /** `create<Name>Client`, read from it. */
  readonly factory: string;
  /** Our generated operations.ts (one function per operation over the core). */
  readonly operations: string;
  /** `create<Name>Core`, read from it. */
  readonly core: string;
  /** Our function for {@link operation} (the same name, else our first operation). */
  readonly ourOperation: string;
  /** Redocly's generated client.ts. */
  readonly redocly: string;
  /** The operation the one-operation consumers call (exported by both). */
  readonly operation: string;
}

async function generateClients(ctx: BenchContext, spec: BenchSpec): Promise<Clients> {
  assertSpecExists(spec);
  const known = ctx.generation.get(spec.id);
  const base = join(ctx.workDir, "bundle", spec.id);
  let oursDir = known?.oursOut;
  if (oursDir === undefined || !existsSync(join(oursDir, "client.ts"))) {
    oursDir = join(base, "ours");
    await rm(oursDir, { recursive: true, force: true });
    const run = await runNode(oursCommand(ctx, spec, oursDir).args, { cwd: ctx.root });
    if (run.exitCode !== 0) throw new Error(`our generator failed: ${run.stderr.trim()}`);
  }
  const redocly = join(base, "redocly", "client.ts");
  await mkdir(join(base, "redocly"), { recursive: true });
  const peer = await runNode(
    [
      join(ctx.root, "node_modules/@redocly/cli/bin/cli.js"),
      "generate-client",
      spec.path,
      "-o",
      redocly,
    ],
    { cwd: base },
  );
  if (peer.exitCode !== 0)
    throw new PeerFailed(`Redocly generate-client failed: ${peer.stderr.trim().slice(-300)}`);
  const ours = join(oursDir, "client.ts");
  const factory = /export function (create\w+Client)\b/.exec(await readFile(ours, "utf8"))?.[1];
  if (factory === undefined) throw new Error(`no create…Client in ${ours}`);
  // the last `export const { … } = client;` lists the operations (the first is configure, use)
  const lists = [
    ...(await readFile(redocly, "utf8")).matchAll(/^export const \{ ([^}]+) \} = client;$/gm),
  ];
  const names =
    lists
      .at(-1)?.[1]
      ?.split(",")
      .map((name) => name.trim()) ?? [];
  const operation = names.includes("getPetById") ? "getPetById" : names[0];
  if (operation === undefined) throw new Error(`no operation exported by ${redocly}`);
  const operations = join(oursDir, "operations.ts");
  const perOperation = await readFile(operations, "utf8");
  const core = /export function (create\w+Core)\b/.exec(perOperation)?.[1];
  if (core === undefined) throw new Error(`no create…Core in ${operations}`);
  const functions = [...perOperation.matchAll(/^export function (\w+)</gm)]
    .map((match) => match[1]!)
    .filter((name) => name !== core);
  const ourOperation = functions.includes(operation) ? operation : functions[0];
  if (ourOperation === undefined) throw new Error(`no operation function in ${operations}`);
  return { ours, factory, redocly, operation, operations, core, ourOperation };
}

/** A consumer importing one operation's function and the core (what item 2 of issue 41 asks). */
function oursPerOperationEntry(clients: Clients): string {
  return (
    `import { ${clients.core}, ${clients.ourOperation} } from ${JSON.stringify(clients.operations)};\n` +
    `const api = ${clients.core}({ baseUrl: "https://api.example.com", apiKey: "k" });\n` +
    `export const call = () => (${clients.ourOperation} as any)(api, {});\n`
  );
}

function oursEntry(clients: Clients, oneOperation: boolean): string {
  const create = `import { ${clients.factory} } from ${JSON.stringify(clients.ours)};\n`;
  if (!oneOperation) return `export { ${clients.factory} } from ${JSON.stringify(clients.ours)};`;
  return (
    create +
    `const api = ${clients.factory}({ baseUrl: "https://api.example.com", apiKey: "k" });\n` +
    `export const call = () => (api as any)[${JSON.stringify(clients.operation)}]({});\n`
  );
}

function redoclyEntry(clients: Clients, oneOperation: boolean): string {
  const from = JSON.stringify(clients.redocly);
  if (!oneOperation)
    return `import { client, configure } from ${from};\nconfigure(${REDOCLY_CONFIG});\nexport { client };\n`;
  return (
    `import { configure, ${clients.operation} } from ${from};\n` +
    `configure(${REDOCLY_CONFIG});\n` +
    `export const call = () => (${clients.operation} as any)({});\n`
  );
}

function sizes(label: string, size: BundleSize): string {
  return `${label} ${formatBytes(size.minified)} (${formatBytes(size.gzip)} gzip)`;
}

async function specRows(ctx: BenchContext, spec: BenchSpec, openapiFetch: BundleSize) {
  const clients = await generateClients(ctx, spec);
  // the whole client's first load: a bundler that splits chunks leaves the `transforms` option's
  // code (a dynamic import) out of it; the single-file bundle, which inlines it, is in the details
  const ours = await firstLoadSize(ctx.root, oursEntry(clients, false));
  const peer = await firstLoadSize(ctx.root, redoclyEntry(clients, false));
  const oursSingleFile = await bundleSize(ctx.root, oursEntry(clients, false));
  const oursFactoryOne = await bundleSize(ctx.root, oursEntry(clients, true));
  const oursOne = await bundleSize(ctx.root, oursPerOperationEntry(clients));
  const peerOne = await bundleSize(ctx.root, redoclyEntry(clients, true));
  ctx.log(
    `  ${spec.label}: ${sizes("ours", ours)} first load (+${formatBytes(ours.lazyMinified)} lazy; ` +
      `${sizes("single file", oursSingleFile)}), ${sizes("Redocly", peer)}; one operation ` +
      `(${clients.ourOperation}): ${sizes("ours", oursOne)} (${sizes("through the whole client's factory", oursFactoryOne)}), ` +
      sizes("Redocly", peerOne),
  );
  const details = {
    redoclyConfig: REDOCLY_CONFIG,
    esbuild: "bundle, minify, format esm, platform browser, target es2022; gzip level 9",
    operation: clients.operation,
    ourOperation: clients.ourOperation,
    oneOperationEntry: "create<Name>Core + the operation's function from operations.ts",
    wholeClientMeasure:
      "first load: esbuild with splitting, the entry chunk and its static imports (lazyMinified: the dynamic imports' chunks)",
    oursBytes: ours,
    oursSingleFileBytes: oursSingleFile,
    redoclyBytes: peer,
    oursOneOperationBytes: oursOne,
    oursOneOperationThroughFactoryBytes: oursFactoryOne,
    redoclyOneOperationBytes: peerOne,
  };
  /** The minified and the gzip row of one comparison. */
  const rows = (
    name: (kind: "min" | "gzip") => string,
    label: string,
    mine: BundleSize,
    theirs: BundleSize,
    peerName: string,
  ) =>
    (["min", "gzip"] as const).map((kind) =>
      makeRow({
        name: name(kind),
        figure: "6",
        label: `${label}, ${kind === "min" ? "minified" : "gzip"}`,
        ours: (kind === "min" ? mine.minified : mine.gzip) / 1000,
        peer: (kind === "min" ? theirs.minified : theirs.gzip) / 1000,
        peerName,
        unit: "kB",
        target: TARGET,
        details,
      }),
    );
  return [
    ...rows(
      (kind) => `bundle.client.redocly.${spec.id}.${kind}`,
      `client bundle (first load) vs Redocly, ${spec.label}`,
      ours,
      peer,
      "Redocly generate-client (retries, idempotency, timeout)",
    ),
    ...rows(
      (kind) => `bundle.client.one-op.${spec.id}${kind === "min" ? "" : ".gzip"}`,
      `one-operation consumer (${clients.ourOperation}), ${spec.label}`,
      oursOne,
      openapiFetch,
      "openapi-fetch's whole size",
    ),
  ];
}

/** The rows above for the pet store and Stripe; a spec that fails gives failed rows. */
export async function benchClientBundlePeer(
  ctx: BenchContext,
  openapiFetch: BundleSize,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const spec of ctx.specs.filter((each) => each.id === "petstore" || each.id === "stripe")) {
    try {
      rows.push(...(await specRows(ctx, spec, openapiFetch)));
    } catch (error) {
      ctx.log(`  ${spec.label}: FAILED ${error instanceof Error ? error.message : String(error)}`);
      const label = `client bundle vs Redocly, ${spec.label}`;
      rows.push(failedRow(`bundle.client.redocly.${spec.id}.min`, "6", label, TARGET, error));
    }
  }
  return rows;
}

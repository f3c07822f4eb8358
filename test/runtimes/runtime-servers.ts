/**
 * The runtimes the smoke table runs on, and how to start the smoke handler on each: bundle its
 * server module (servers/*.ts) with esbuild, start the runtime's binary on a free port of
 * 127.0.0.1, wait until it answers, and stop it afterwards.
 *
 * The binaries are the optional dependencies `npm ci` installs (linux-x64 builds). One that is
 * missing (another platform) makes its tests skip with one line, except under CI (`CI` set, as
 * `.ci/run` does), where a missing runtime is a failure.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const SERVERS = join(ROOT, "test/runtimes/servers");
/** Git-ignored, next to the dependencies the bundles are built from. */
const BUILD_DIR = join(ROOT, "node_modules/.cache/runtimes-smoke");
const START_TIMEOUT_MS = 30_000;

export interface RuntimeSpec {
  /** Shown in test names, e.g. `Node 22`. */
  readonly name: string;
  /** The binary, or undefined when this machine has none (with why). */
  readonly binary: string | { readonly missing: string };
  /** The server module under servers/. */
  readonly server: string;
  /** esbuild's platform for the bundle. */
  readonly platform: "node" | "neutral";
  /** The command line that serves `bundle` (`port` is only used by runtimes that cannot pick one). */
  args(bundle: string, port: number): Promise<string[]>;
  /** Whether the server prints `listening <url>` (else the runner polls `port`). */
  readonly printsUrl: boolean;
  /** What `<binary> --version` prints: the runtime and major version the table claims to run on. */
  readonly version: RegExp;
  /** What the runtime cannot do that the smoke table's run relies on, and what to use instead. */
  readonly caveat?: string;
}

function binaryAt(relative: string): string | { missing: string } {
  const path = join(ROOT, "node_modules", relative);
  return existsSync(path)
    ? path
    : {
        missing: `node_modules/${relative} is not installed (npm ci installs it on linux-x64 only)`,
      };
}

function currentNode20(): string | { missing: string } {
  const major = process.versions.node.split(".")[0];
  return major === "20"
    ? process.execPath
    : { missing: `the tests run on Node ${process.versions.node}, not Node 20` };
}

const nodeArgs = (bundle: string): Promise<string[]> => Promise.resolve([bundle]);

export const RUNTIMES: readonly RuntimeSpec[] = [
  {
    name: "Node 20",
    version: /^v20\./,
    binary: currentNode20(),
    server: "node-server.ts",
    platform: "node",
    args: nodeArgs,
    printsUrl: true,
  },
  {
    name: "Node 22",
    version: /^v22\./,
    binary: binaryAt("node22/bin/node"),
    server: "node-server.ts",
    platform: "node",
    args: nodeArgs,
    printsUrl: true,
  },
  {
    name: "Node 24",
    version: /^v24\./,
    binary: binaryAt("node24/bin/node"),
    server: "node-server.ts",
    platform: "node",
    args: nodeArgs,
    printsUrl: true,
  },
  {
    name: "Deno 2",
    version: /^deno 2\./,
    binary: binaryAt("@deno/linux-x64-glibc/deno"),
    server: "deno-server.ts",
    platform: "node",
    args: (bundle) =>
      Promise.resolve([
        "run",
        "--quiet",
        "--no-prompt",
        "--allow-net=127.0.0.1",
        "--allow-read",
        "--allow-env",
        bundle,
      ]),
    printsUrl: true,
  },
  {
    name: "Bun 1",
    version: /^1\./,
    binary: binaryAt("@oven/bun-linux-x64/bin/bun"),
    server: "bun-server.ts",
    platform: "node",
    args: (bundle) => Promise.resolve(["run", bundle]),
    printsUrl: true,
  },
  {
    name: "workerd",
    version: /^workerd \d{4}-\d{2}-\d{2}/,
    binary: binaryAt("@cloudflare/workerd-linux-64/bin/workerd"),
    server: "workerd-worker.ts",
    platform: "neutral",
    args: async (bundle, port) => ["serve", await writeWorkerdConfig(bundle, port)],
    printsUrl: false,
    caveat:
      "workerd holds module memory per isolate and a deployment runs many: the in-memory rate-limit " +
      "store counts here only because local workerd serves from one isolate; deployed, use a shared " +
      "RateLimitStore (a REST Redis or a Durable Object)",
  },
];

/** Why the runtime's tests cannot run here, or undefined when they can. */
export function missingRuntime(runtime: RuntimeSpec): string | undefined {
  return typeof runtime.binary === "string" ? undefined : runtime.binary.missing;
}

/** What `<binary> --version` prints (first line). */
export function versionOf(runtime: RuntimeSpec): string {
  if (typeof runtime.binary !== "string")
    throw new Error(`${runtime.name}: ${runtime.binary.missing}`);
  return execFileSync(runtime.binary, ["--version"], { encoding: "utf8" }).split("\n")[0] ?? "";
}

/** A free port of 127.0.0.1 (for runtimes that cannot be told to pick one). */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Bundles servers/<server> into one ES module for `platform`; returns its path. */
export async function bundleServer(
  server: string,
  platform: "node" | "neutral",
  name: string,
): Promise<string> {
  await mkdir(BUILD_DIR, { recursive: true });
  const outfile = join(BUILD_DIR, `${name.replace(/\W+/g, "-").toLowerCase()}.mjs`);
  await build({
    entryPoints: [join(SERVERS, server)],
    outfile,
    bundle: true,
    format: "esm",
    platform,
    target: "es2022",
    logLevel: "silent",
    // workerd: nothing may need a Node.js built-in (there are none to resolve on "neutral")
    ...(platform === "neutral"
      ? { conditions: ["workerd", "worker", "browser"], mainFields: ["module", "main"] }
      : {}),
  });
  return outfile;
}

/** A workerd config serving `bundle` as an ES module worker on 127.0.0.1:`port`. */
async function writeWorkerdConfig(bundle: string, port: number): Promise<string> {
  const config = join(dirname(bundle), "workerd.capnp");
  const module = bundle.slice(dirname(bundle).length + 1);
  await writeFile(
    config,
    `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [(name = "main", worker = .smokeWorker)],
  sockets = [(name = "http", address = "127.0.0.1:${port}", http = (), service = "main")],
);

const smokeWorker :Workerd.Worker = (
  modules = [(name = "${module}", esModule = embed "${module}")],
  compatibilityDate = "2025-09-01",
);
`,
  );
  return config;
}

export interface RunningServer {
  /** The base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  /** Everything the process wrote so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

async function waitForPort(url: string, child: ChildProcess, deadline: number): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`nothing answered on ${url}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

/** Bundles and starts the smoke handler on `runtime`; resolves once it answers HTTP. */
export async function startRuntime(runtime: RuntimeSpec): Promise<RunningServer> {
  if (typeof runtime.binary !== "string")
    throw new Error(`${runtime.name}: ${runtime.binary.missing}`);
  const bundle = await bundleServer(runtime.server, runtime.platform, runtime.name);
  const port = await freePort();
  const child = spawn(runtime.binary, await runtime.args(bundle, port), {
    cwd: dirname(bundle),
    env: {
      ...process.env,
      NO_COLOR: "1",
      DENO_NO_UPDATE_CHECK: "1",
      DENO_DIR: join(BUILD_DIR, "deno"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    let url = `http://127.0.0.1:${port}`;
    if (runtime.printsUrl) {
      for (;;) {
        const match = /listening (http:\/\/\S+)/.exec(output);
        if (match !== null) {
          url = match[1] as string;
          break;
        }
        if (child.exitCode !== null) throw new Error(`exited with code ${child.exitCode}`);
        if (Date.now() > deadline)
          throw new Error(`did not print "listening <url>" within ${START_TIMEOUT_MS} ms`);
        await new Promise((done) => setTimeout(done, 50));
      }
    }
    await waitForPort(url, child, deadline);
    return { url, output: () => output, stop };
  } catch (error) {
    await stop();
    throw new Error(
      `${runtime.name} did not start the smoke handler: ${error instanceof Error ? error.message : String(error)}\n${output}`,
    );
  }
}

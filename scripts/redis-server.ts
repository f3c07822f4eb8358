/**
 * A throwaway `redis-server` for tests and benchmarks: started on a free 127.0.0.1 port with a
 * temporary directory, no persistence (`--save ''`, `--appendonly no`) unless `appendOnly` asks
 * for the append-only file, stopped (and the directory removed) by `stop()`. `kill()` and
 * `restart()` simulate an outage on the same port (with `appendOnly`, the data survives it).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  /** The process id of the running server (undefined while killed). */
  readonly pid: number | undefined;
  /** SIGKILL: the server disappears at once, as in a crash. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty, unless `appendOnly`: then as it was written). */
  restart(): Promise<void>;
  /** Stops it and removes its directory. */
  stop(): Promise<void>;
}

/** The path of `redis-server`, or undefined when it is not installed. */
export function findRedisServer(): string | undefined {
  const found = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" });
  const path = found.stdout.trim();
  return found.status === 0 && path !== "" ? path : undefined;
}

/** The one line tests and benchmarks print when they skip for want of redis-server. */
export const REDIS_MISSING =
  "redis-server is not installed: the Redis tests and benchmark rows are skipped (apt-get install redis-server)";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RedisServerOptions {
  /**
   * `--appendonly yes` with this `--appendfsync` policy: the data survives `kill()`. With
   * `everysec`, a write may still be acknowledged before it reaches the file while a background
   * fsync runs (Redis postpones it up to 2 s): only `always` keeps every acknowledged write.
   */
  readonly appendOnly?: "always" | "everysec";
}

function launch(
  binary: string,
  port: number,
  dir: string,
  options: RedisServerOptions,
): Promise<ChildProcess> {
  const child = spawn(
    binary,
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--dir",
      dir,
      "--save",
      "",
      "--appendonly",
      options.appendOnly === undefined ? "no" : "yes",
      ...(options.appendOnly === undefined ? [] : ["--appendfsync", options.appendOnly]),
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => fail(new Error("redis-server did not start within 10 s")),
      10_000,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      reject(new Error(`${error.message}\n${output}`));
    };
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        child.stdout?.removeAllListeners("data");
        child.stdout?.resume();
        resolve(child);
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => fail(new Error(`redis-server exited with code ${String(code)}`)));
  });
}

function exited(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

/** Servers still running, stopped (SIGKILL) if this process exits without stopping them. */
const running = new Set<ChildProcess>();
let exitHook = false;

function track(child: ChildProcess): void {
  running.add(child);
  child.once("exit", () => running.delete(child));
  if (!exitHook) {
    exitHook = true;
    process.once("exit", () => {
      for (const left of running) left.kill("SIGKILL");
    });
  }
}

/** Starts a redis-server; throws {@link REDIS_MISSING} when it is not installed. */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const binary = findRedisServer();
  if (binary === undefined) throw new Error(REDIS_MISSING);
  const dir = mkdtempSync(join(tmpdir(), "redis-test-"));
  const port = await freePort();
  let child: ChildProcess | undefined = await launch(binary, port, dir, options);
  const detach = (current: ChildProcess) => {
    current.removeAllListeners("exit");
    track(current);
  };
  detach(child);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    get pid() {
      return child?.pid;
    },
    async kill() {
      if (child !== undefined) await exited(child, "SIGKILL");
      child = undefined;
    },
    async restart() {
      if (child !== undefined) await exited(child, "SIGKILL");
      child = await launch(binary, port, dir, options);
      detach(child);
    },
    async stop() {
      if (child !== undefined) await exited(child, "SIGTERM");
      child = undefined;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Child processes of the figures: workers that print one JSON line, servers that print their port. */
import { spawn, type ChildProcess } from "node:child_process";

/** How to run a script: compiled `.mjs`/`.js` with plain node, TypeScript through tsx. */
function nodeArgs(script: string, nodeFlags: readonly string[]): string[] {
  return script.endsWith(".ts")
    ? [...nodeFlags, "--import", "tsx", script]
    : [...nodeFlags, script];
}

/** `node <script> <json>` in the project root; resolves with the parsed last stdout line. */
export async function runWorker<T>(
  root: string,
  script: string,
  input: unknown,
  nodeFlags: readonly string[] = [],
): Promise<T> {
  const child = spawn(process.execPath, [...nodeArgs(script, nodeFlags), JSON.stringify(input)], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  const stdout = Buffer.concat(out).toString("utf8").trim();
  if (code !== 0) {
    throw new Error(
      `${script} exited with ${String(code)}: ${Buffer.concat(err).toString("utf8").trim().split("\n").slice(-8).join("\n")}`,
    );
  }
  const last = stdout.split("\n").pop() ?? "";
  return JSON.parse(last) as T;
}

export interface ServerChild {
  readonly port: number;
  readonly url: string;
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

/** Starts `node <script> [args]` and waits for it to print `listening <port>`. */
export async function startServer(
  root: string,
  script: string,
  args: readonly string[] = [],
  nodeFlags: readonly string[] = [],
): Promise<ServerChild> {
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs(script, nodeFlags), ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString("utf8")).slice(-4000);
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffered = "";
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start within 60 s: ${stderr}`)),
      60_000,
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const match = /listening (\d+)/.exec(buffered);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${String(code)} before listening: ${stderr}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

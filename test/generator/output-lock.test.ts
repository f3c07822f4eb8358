import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  outputLockPath,
  STALE_AFTER_MS,
  withOutputLock,
  type LockHolder,
} from "../../generator/write/output-lock.js";
import { GeneratorError } from "../../generator/errors.js";
import { MANIFEST_NAME } from "../../generator/write/manifest.js";
import { writeOutput } from "../../generator/write/write-output.js";
import { checkOutput } from "../../generator/write/check-output.js";

const ROOT = resolve(import.meta.dirname, "../..");
let root: string;
let out: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "output-lock-"));
  out = join(root, "generated");
});
afterEach(() => {
  chmodSync(root, 0o700);
  rmSync(root, { recursive: true, force: true });
});

/** A lock file as another run would leave it. */
function holdBy(holder: Partial<LockHolder>): void {
  const full: LockHolder = {
    pid: process.pid,
    host: hostname(),
    since: Date.now(),
    id: "other",
    ...holder,
  };
  writeFileSync(outputLockPath(out), JSON.stringify(full));
}

/** The id of a process that has exited (so no process of this host has it, for a while). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

/** Whether `work` under the lock starts within `ms`. */
async function startsWithin(ms: number): Promise<{ started: () => boolean; done: Promise<void> }> {
  let started = false;
  const done = withOutputLock(out, async () => {
    started = true;
  });
  await Promise.race([done, sleep(ms)]);
  return { started: () => started, done };
}

describe("withOutputLock", () => {
  it("runs two holds of one output one after the other, and leaves no lock file", async () => {
    const events: string[] = [];
    const hold = (name: string) =>
      withOutputLock(out, async () => {
        events.push(`${name} start`);
        await sleep(60);
        events.push(`${name} end`);
      });
    await Promise.all([hold("a"), hold("b")]);
    expect(events).toEqual(["a start", "a end", "b start", "b end"]);
    expect(readdirSync(root)).toEqual([]);
  });

  it("lets holds of different outputs run at once", async () => {
    const events: string[] = [];
    const hold = (dir: string) =>
      withOutputLock(join(root, dir), async () => {
        events.push(`${dir} start`);
        await sleep(60);
        events.push(`${dir} end`);
      });
    await Promise.all([hold("one"), hold("two")]);
    expect(events.slice(0, 2).sort()).toEqual(["one start", "two start"]);
  });

  it("releases the lock when the work throws", async () => {
    await expect(
      withOutputLock(out, () => Promise.reject(new Error("stage failed"))),
    ).rejects.toThrow("stage failed");
    expect(existsSync(outputLockPath(out))).toBe(false);
  });

  it("waits for a live holder of this host, and goes on when it releases", async () => {
    holdBy({ pid: process.pid });
    const waiting = await startsWithin(200);
    expect(waiting.started()).toBe(false);
    rmSync(outputLockPath(out));
    await waiting.done;
    expect(waiting.started()).toBe(true);
  });

  it("takes over a lock whose process no longer exists", async () => {
    holdBy({ pid: deadPid() });
    const run = await startsWithin(1_000);
    expect(run.started()).toBe(true);
    expect(existsSync(outputLockPath(out))).toBe(false);
  });

  it("takes over a hold older than the stale age, even of a live process or another host", async () => {
    holdBy({ pid: process.pid, host: "elsewhere", since: Date.now() - STALE_AFTER_MS - 1_000 });
    expect((await startsWithin(1_000)).started()).toBe(true);
  });

  it("waits for a fresh hold of another host (its process cannot be checked)", async () => {
    holdBy({ pid: 1, host: "elsewhere" });
    const waiting = await startsWithin(200);
    expect(waiting.started()).toBe(false);
    rmSync(outputLockPath(out));
    await waiting.done;
  });

  it("judges an unreadable lock file by its age", async () => {
    writeFileSync(outputLockPath(out), "{ not json");
    const waiting = await startsWithin(200);
    expect(waiting.started()).toBe(false);
    const old = new Date(Date.now() - STALE_AFTER_MS - 1_000);
    utimesSync(outputLockPath(out), old, old);
    await waiting.done;
    expect(waiting.started()).toBe(true);
  });
});

/** A process writing `out` `rounds` times, every file holding `label`, through writeOutput. */
function writer(label: string, rounds: number): Promise<number | null> {
  const script = `
    import { writeOutput } from ${JSON.stringify(join(ROOT, "generator/write/write-output.ts"))};
    const files = (round) => Array.from({ length: 40 }, (_, i) => ({
      path: "dir" + (i % 4) + "/file" + i + ".ts",
      content: ${JSON.stringify(label)} + " " + round + "\\n" + "x".repeat(20_000),
    }));
    for (let round = 0; round < ${rounds}; round++)
      await writeOutput(${JSON.stringify(out)}, files(round), { inputsHash: ${JSON.stringify(label)} + round, specFiles: ["spec.yaml"], apiName: "Test" });
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
  return new Promise((done) => child.on("exit", (code) => done(code)));
}

describe("writeOutput from two processes at once", () => {
  it("leaves one run's whole output, never a mix, and both runs succeed", async () => {
    const codes = await Promise.all([writer("first", 12), writer("second", 12)]);
    expect(codes).toEqual([0, 0]);
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST_NAME), "utf8")) as {
      inputsHash?: string;
    };
    const labels = new Set(
      Array.from(
        { length: 40 },
        (_, i) => readFileSync(join(out, `dir${i % 4}`, `file${i}.ts`), "utf8").split("\n")[0],
      ),
    );
    // every file from the same round of the same run, and the manifest of that run
    expect(labels.size).toBe(1);
    const [label] = [...labels];
    expect(label?.replace(" ", "")).toBe(manifest.inputsHash);
    expect(readdirSync(root).sort()).toEqual(["generated"]);
  }, 60_000);
});

describe("a lock that cannot be written", () => {
  it("is a clear error naming the lock file, and nothing is written", async () => {
    // the output's parent is a file: neither the lock nor the output can be made there
    const parent = join(root, "file");
    writeFileSync(parent, "");
    const error = await withOutputLock(join(parent, "generated"), async () => {
      throw new Error("must not run");
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GeneratorError);
    expect((error as GeneratorError).kind).toBe("outputRefused");
    expect((error as GeneratorError).where).toBe(join(parent, ".generated.lock"));
    expect((error as GeneratorError).hint).toMatch(/writable/);
  });
});

const META = { inputsHash: "h", specFiles: ["spec.yaml"], apiName: "Test" };
const filesOf = (label: string) => [{ path: "api.ts", content: `${label}\n` }];

/**
 * writeOutput of `label`'s files into `out` in a process that cannot write `root` (run as user
 * nobody when the tests run as root, whom permissions do not stop): what it wrote, or its error.
 */
function writeUnprivileged(label: string): Promise<string> {
  const script = `
    import { writeOutput } from ${JSON.stringify(join(ROOT, "generator/write/write-output.ts"))};
    try {
      const report = await writeOutput(${JSON.stringify(out)}, ${JSON.stringify(filesOf(label))}, ${JSON.stringify(META)});
      process.stdout.write(JSON.stringify({ written: report.written }));
    } catch (error) {
      process.stdout.write(JSON.stringify({ kind: error.kind, where: error.where, message: error.message }));
    }
  `;
  const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, HOME: tmpdir() },
    ...asNobody,
  });
  let text = "";
  child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
  return new Promise((done) => child.on("exit", () => done(text)));
}

describe("a read-only folder beside the output", () => {
  it("leaves an up-to-date output as it is, and refuses a change with the lock's error", async () => {
    await writeOutput(out, filesOf("first"), META);
    chmodSync(out, 0o555);
    chmodSync(root, 0o555);
    expect(JSON.parse(await writeUnprivileged("first"))).toEqual({ written: [] });
    const refused = JSON.parse(await writeUnprivileged("second")) as Record<string, string>;
    expect(refused["kind"]).toBe("outputRefused");
    expect(refused["where"]).toBe(outputLockPath(out));
    expect(readFileSync(join(out, "api.ts"), "utf8")).toBe("first\n");
    chmodSync(out, 0o755);
  }, 30_000);
});

describe("checkOutput", () => {
  it("waits for a run holding the output's lock instead of reading a folder being written", async () => {
    await writeOutput(out, filesOf("first"), META);
    holdBy({}); // this process is alive: the hold is not stale
    let drifts: unknown;
    const check = checkOutput(out, filesOf("first"), META).then((found) => (drifts = found));
    await sleep(200);
    expect(drifts).toBeUndefined();
    rmSync(outputLockPath(out));
    await check;
    expect(drifts).toEqual([]);
  });
});

/**
 * `generator/run.mjs`, what `npm run generate` and `npm run scaffold` start: it runs an esbuild
 * bundle of the generator's sources, rebuilt when any source changes. Tested on a copy of the
 * generator (the project's own node_modules linked in), so editing a source cannot touch the repo.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { computeInputsHash } from "../../generator/write/inputs-hash.js";
import { ROOT } from "./cli-helper.js";

const work = mkdtempSync(join(ROOT, ".tmp-launcher-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function launch(...args: string[]) {
  return launchIn(work, ...args);
}
function launchIn(folder: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [join(folder, "generator/run.mjs"), ...args], {
    cwd: folder,
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
const builds = () =>
  readdirSync(join(work, "generator")).filter((name) => /^\.build-[0-9a-f]{16}$/.test(name));

/**
 * A copy of the generator in `folder`, with the project's node_modules linked in: the folder
 * itself, or (`ownCache`) a folder of links to its packages, so that node_modules/.cache/ is the
 * copy's own (as in a fresh clone).
 */
function copyGenerator(folder: string, ownCache = false): void {
  cpSync(join(ROOT, "generator"), join(folder, "generator"), {
    recursive: true,
    filter: (source) => !/[\\/]\.build-/.test(source),
  });
  cpSync(join(ROOT, "templates"), join(folder, "templates"), { recursive: true });
  // the deprecation policy the generator shares with lint, the schema → data generator it shares with conformance
  cpSync(join(ROOT, "lint"), join(folder, "lint"), { recursive: true });
  cpSync(join(ROOT, "conformance"), join(folder, "conformance"), { recursive: true });
  cpSync(join(ROOT, "spec"), join(folder, "spec"), { recursive: true });
  if (!ownCache) {
    symlinkSync(join(ROOT, "node_modules"), join(folder, "node_modules"), "dir");
    return;
  }
  mkdirSync(join(folder, "node_modules"));
  for (const name of readdirSync(join(ROOT, "node_modules")))
    if (name !== ".cache")
      symlinkSync(join(ROOT, "node_modules", name), join(folder, "node_modules", name));
}

describe("generator/run.mjs", () => {
  copyGenerator(work);

  it("runs the CLI from a bundle, and generates the same files as the sources do", async () => {
    const result = launch("cli", "--name", "PetStore", "--out", "generated");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(builds()).toHaveLength(1);
    // TypeScript was compiled from the minified copy run.mjs made of it (a code cache of its own)
    const v8 = join(work, "node_modules/.cache/petstore-generator/v8");
    const typescript = join(ROOT, "node_modules/typescript");
    const { version } = JSON.parse(readFileSync(join(typescript, "package.json"), "utf8")) as {
      version: string;
    };
    const copy = `typescript-${version}-${statSync(join(typescript, "lib/typescript.js")).size}.min`;
    expect(readdirSync(v8)).toContain(`${copy}.cjs`);
    // the code cache sits beside the node_modules folder the package really is in (another
    // checkout's, where node_modules is a folder of links to its packages: a git worktree)
    const caches = join(realpathSync(typescript), "../.cache/petstore-generator/v8");
    expect(readdirSync(caches)).toContain(`${copy}-${process.version}-${process.arch}.bin`);
    expect(readFileSync(join(v8, `${copy}.cjs`), "latin1")).toMatch(/^[\x00-\x7f]+$/);
    for (const file of ["client.ts", "server.ts", "types.ts", "runtime/client/runtime.ts"]) {
      expect(readFileSync(join(work, "generated", file), "utf8"), file).toBe(
        readFileSync(join(ROOT, "generated", file), "utf8"),
      );
    }
    // the tool hash took run.mjs's digests of the sources: the same hash as reading them all
    const manifest = JSON.parse(
      readFileSync(join(work, "generated/.generated-manifest.json"), "utf8"),
    ) as { inputsHash: string; specFiles: string[] };
    expect(manifest.inputsHash).toBe(
      await computeInputsHash({ specFiles: manifest.specFiles, apiName: "PetStore", cwd: work }),
    );
  }, 180_000);

  it("compiles the bundle's CommonJS chunks with V8 code caches beside them, used by the next run", () => {
    const [build] = builds();
    const folder = join(work, "generator", build!);
    const tag = `${process.version}-${process.arch}`;
    const cachesOf = () =>
      new Map(
        readdirSync(folder)
          .filter((name) => name.endsWith(`.cjs.${tag}.v8`))
          // nanoseconds: a rewrite within the same millisecond still shows
          .map((name) => [name, statSync(join(folder, name), { bigint: true }).mtimeNs] as const),
      );
    const first = cachesOf();
    // the first test's run loaded the entry and the chunks generation needs: each has its cache
    expect(first.has(`cli.cjs.${tag}.v8`)).toBe(true);
    expect(first.size).toBeGreaterThan(10);
    for (const name of first.keys())
      expect(existsSync(join(folder, name.slice(0, -`.${tag}.v8`.length))), name).toBe(true);
    // the chunks are CommonJS: no ES module syntax, no `#!` line, each chunk's own URL
    const cli = readFileSync(join(folder, "cli.cjs"), "utf8");
    expect(cli).not.toMatch(/^#!|^import |^export /m);
    expect(cli).toContain("var __chunkUrl = ");
    // a run that loads the same chunks accepts their caches: none is written again
    const again = launch("cli", "--name", "PetStore", "--out", "generated");
    expect(again.stderr).toBe("");
    expect(again.status).toBe(0);
    const second = cachesOf();
    for (const [name, stamp] of first) expect(second.get(name), name).toBe(stamp);
    // a cache V8 does not accept (garbage here) is rejected, the chunk compiled afresh, and the
    // cache written anew at exit
    const entryCache = join(folder, `cli.cjs.${tag}.v8`);
    writeFileSync(entryCache, Buffer.alloc(4096, 7));
    const help = launch("cli", "--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("--spec");
    expect(readFileSync(entryCache).equals(Buffer.alloc(4096, 7))).toBe(false);
    expect(readdirSync(folder).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  }, 180_000);

  it("never runs a stale bundle: a changed source is rebuilt into a new folder", () => {
    const [before] = builds();
    const cli = join(work, "generator/cli.ts");
    writeFileSync(
      cli,
      readFileSync(cli, "utf8").replace(
        "Usage: npm run generate -- [options]",
        "Usage (edited): npm run generate -- [options]",
      ),
    );
    const result = launch("cli", "--help");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Usage (edited)");
    expect(builds()).toContain(before);
    expect(builds()).toHaveLength(2);
  }, 120_000);

  it("reads a source again after an edit that keeps its size and modification time", () => {
    const cli = join(work, "generator/cli.ts");
    const settle = () => spawnSync("sleep", ["2.2"]); // a stamp taken within 2 s of a change is not kept
    settle();
    expect(launch("cli", "--help").status).toBe(0); // the stamps of every source, cli.ts's included
    const memoDir = join(work, "node_modules/.cache/petstore-generator/sources");
    const memo = readdirSync(memoDir).filter((name) => name.endsWith(".json"));
    expect(memo.length).toBeGreaterThan(0);
    const count = builds().length;
    // a run with every stamp unchanged reads no source and finds the same bundle
    expect(launch("cli", "--help").stdout).toContain("Usage (edited)");
    expect(builds()).toHaveLength(count);
    const { atime, mtime } = statSync(cli);
    const text = readFileSync(cli, "utf8");
    writeFileSync(cli, text.replace("Usage (edited): npm", "Usage (edited): NPM"));
    utimesSync(cli, atime, mtime);
    expect(statSync(cli).size).toBe(Buffer.byteLength(text));
    settle();
    const result = launch("cli", "--help");
    expect(result.stdout).toContain("Usage (edited): NPM");
    expect(builds()).toHaveLength(count + 1);
  }, 120_000);

  it("rebuilds the bundle after an edit of a lint module the generator bundles (lint/pagination.js)", () => {
    const pagination = join(work, "lint/pagination.js");
    const count = builds().length;
    writeFileSync(pagination, `${readFileSync(pagination, "utf8")}\n// edited\n`);
    expect(launch("cli", "--help").status).toBe(0);
    expect(builds()).toHaveLength(count + 1);
  }, 120_000);

  it("keeps the templates' stamps and digests, for the tool hash (write/inputs-hash.ts)", () => {
    spawnSync("sleep", ["2.2"]); // a stamp taken within 2 s of a change is not kept
    expect(launch("cli", "--help").status).toBe(0);
    const generatorDir = join(work, "generator");
    const memo = new Map(
      JSON.parse(
        readFileSync(
          join(
            work,
            "node_modules/.cache/petstore-generator/sources",
            `${createHash("sha256").update(generatorDir).digest("hex").slice(0, 16)}.json`,
          ),
          "utf8",
        ),
      ) as [string, [string, string]][],
    );
    const template = join(work, "templates/server/stores/rate-limiter.ts");
    expect(memo.get(template)?.[1]).toBe(
      createHash("sha256").update(readFileSync(template)).digest("hex"),
    );
  }, 120_000);

  it("counts the launcher in the tool hash: an edit of run.mjs alone renders afresh", () => {
    const generate = () => {
      expect(launch("cli", "--name", "PetStore", "--out", "generated").status).toBe(0);
      const manifest = join(work, "generated/.generated-manifest.json");
      return (JSON.parse(readFileSync(manifest, "utf8")) as { inputsHash: string }).inputsHash;
    };
    const before = generate();
    const runMjs = join(work, "generator/run.mjs");
    const text = readFileSync(runMjs, "utf8");
    writeFileSync(runMjs, `${text}\n// an edit of the launcher's build options\n`);
    try {
      expect(generate()).not.toBe(before);
    } finally {
      writeFileSync(runMjs, text);
    }
    expect(generate()).toBe(before);
  }, 180_000);

  it("builds into a new folder after an edit of the chunk loader: a code cache never outlives the text it was made from", () => {
    const loader = join(work, "generator/bundle-loader.mjs");
    const text = readFileSync(loader, "utf8");
    const before = builds();
    // the same length as before: V8 checks a cache against its source's length only
    const edited = text.replace("Nothing private", "Nothing Private");
    expect(edited).not.toBe(text);
    writeFileSync(loader, edited);
    try {
      expect(launch("cli", "--help").status).toBe(0);
      expect(builds().filter((name) => !before.includes(name))).toHaveLength(1);
    } finally {
      writeFileSync(loader, text);
    }
  }, 120_000);

  it("runs the sources through tsx, with a note, when no bundle can be built", () => {
    const cli = join(work, "generator/cli.ts");
    // a lazy import esbuild cannot resolve while bundling, and the sources never reach at run time
    writeFileSync(
      cli,
      `${readFileSync(cli, "utf8")}\nif (process.env["NEVER_SET"] === "1") await import("./does-not-exist.js");\n`,
    );
    const count = builds().length;
    const result = launch("cli", "--help");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Usage (edited)");
    expect(result.stderr).toMatch(
      /^note: could not bundle the generator into generator\/\.build-[0-9a-f]{16} \(.+\); running its sources through tsx instead/,
    );
    expect(builds()).toHaveLength(count);
    expect(
      readdirSync(join(work, "generator")).filter((name) => name.startsWith(".build-tmp-")),
    ).toEqual([]);
  }, 120_000);

  it("makes the minified copy of TypeScript only when a run first loads TypeScript (not for --help or an up-to-date --check)", () => {
    const fresh = join(work, "fresh");
    copyGenerator(fresh, true);
    const v8 = join(fresh, "node_modules/.cache/petstore-generator/v8");
    const copies = () =>
      existsSync(v8) ? readdirSync(v8).filter((name) => name.endsWith(".min.cjs")) : [];
    expect(launchIn(fresh, "cli", "--help").status).toBe(0);
    expect(copies()).toEqual([]);
    const generate = ["cli", "--name", "PetStore", "--out", "generated"];
    expect(launchIn(fresh, ...generate)).toMatchObject({ status: 0, stderr: "" });
    expect(copies()).toHaveLength(1);
    rmSync(v8, { recursive: true });
    expect(launchIn(fresh, ...generate, "--check")).toMatchObject({ status: 0, stderr: "" });
    expect(copies()).toEqual([]);
  }, 180_000);

  it("answers an unknown command with its usage and exit 2", () => {
    const result = launch("nope");
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("usage: node generator/run.mjs <cli|scaffold-cli>");
  });
});
